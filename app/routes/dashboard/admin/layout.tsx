import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { shopEndpoints } from "#contract/shops";
import { withdrawalEndpoints } from "#contract/withdrawals";
import { longDateTime } from "#contract/store-time";
import { AdminMenu, type AdminSection } from "~/components/admin/AdminMenu";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { textLinkClass } from "~/components/ui/TextLink";
import { pageErrorOf, requireAdmin } from "~/services/admin.server";

export const meta: MetaFunction = () => [
  { title: "Administración | Mercado Pádel" },
  {
    name: "description",
    content: "Administración de Mercado Pádel: solicitudes de tiendas, tiendas y registro de auditoría.",
  },
  { name: "robots", content: "noindex" },
];

/** The /dashboard layout leaves its own menu out below here: this area has its own (see dashboard/layout.tsx). */
export const handle = { ownMenu: true };

/**
 * /dashboard/admin and every screen under it: admins only (a visitor signs in, anyone else gets the
 * 403 page). The queues are read here, once per navigation: the menu's badges are their counts
 * (shop requests, withdrawals to pay), and the shop queue's screen and the area's home show it. Live, the bell revalidates the loaders when a
 * request arrives (SHOP_REQUEST_EVENT), and this loader runs again, so the badge moves.
 */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAdmin(args);
  const [pending, withdrawals] = await Promise.all([
    account.call(shopEndpoints.pending),
    account.call(withdrawalEndpoints.adminList, { query: { status: "pendiente", page: 1, parPage: 1 } }),
  ]).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    totalPending: pending.totalPending,
    pendingWithdrawals: withdrawals.totalWithdrawal,
    requests: pending.requests.map((request) => ({ ...request, sentAt: longDateTime(request.createdAt) })),
  };
}

/** The badge is the admins' to-do count: it is read again on every navigation within the area, not only after a form. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

/**
 * The admin area's menu, in the order admins work through it. The next issues add their screens
 * (orders, withdrawals, categories) here, with a count when they have a queue.
 */
function adminSections(totalPending: number, pendingWithdrawals: number): AdminSection[] {
  return [
    { to: adminPaths.home, label: "Resumen", end: true },
    {
      to: adminPaths.shopRequests,
      label: "Solicitudes de tiendas",
      count: totalPending,
      countLabel: totalPending === 1 ? "pendiente" : "pendientes",
    },
    { to: adminPaths.shops, label: "Tiendas" },
    { to: adminPaths.orders, label: "Pedidos" },
    { to: adminPaths.withdrawals, label: "Retiros", count: pendingWithdrawals, countLabel: "por pagar" },
    { to: adminPaths.books, label: "Cuentas" },
    { to: adminPaths.categories, label: "Categorías" },
    { to: adminPaths.coupons, label: "Cupones y vouchers" },
    { to: adminPaths.audit, label: "Registro de auditoría" },
  ];
}

export default function AdminLayout() {
  const { totalPending, pendingWithdrawals } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-10 md:grid-cols-[15rem_minmax(0,1fr)] md:px-6">
      <aside className="space-y-4">
        <AdminMenu sections={adminSections(totalPending, pendingWithdrawals)} />
        <p className="text-sm">
          {/* /dashboard brings an admin back here: their own account is its profile. */}
          <Link to="/dashboard/edit-profile" className={textLinkClass}>
            ← Mi cuenta
          </Link>
        </p>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
