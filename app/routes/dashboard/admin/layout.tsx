import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { shopEndpoints } from "#contract/shops";
import { longDateTime } from "#contract/store-time";
import { AdminMenu, type AdminSection } from "~/components/admin/AdminMenu";
import { adminPaths } from "~/components/admin/admin-paths";
import { textLinkLook } from "~/components/account/FormControls";
import { pageErrorOf, requireAdmin } from "~/services/admin.server";

export const meta: MetaFunction = () => [
  { title: "Administración | Mercado Pádel" },
  { name: "description", content: "Administración de Mercado Pádel: solicitudes de tiendas, tiendas y registro de auditoría." },
  { name: "robots", content: "noindex" },
];

/** The /dashboard layout leaves its own menu out below here: this area has its own (see dashboard/layout.tsx). */
export const handle = { ownMenu: true };

/**
 * /dashboard/admin and every screen under it: admins only (a visitor signs in, anyone else gets the
 * 403 page). The queue is read here, once per navigation: the menu's badge is its count, and the
 * queue's screen and the area's home show it. Live, the bell revalidates the loaders when a
 * request arrives (SHOP_REQUEST_EVENT), and this loader runs again, so the badge moves.
 */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAdmin(args);
  const pending = await account.call(shopEndpoints.pending).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    totalPending: pending.totalPending,
    requests: pending.requests.map((request) => ({ ...request, sentAt: longDateTime(request.createdAt) })),
  };
}

/** The badge is the admins' to-do count: it is read again on every navigation within the area, not only after a form. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

/**
 * The admin area's menu, in the order admins work through it. The next issues add their screens
 * (orders, withdrawals, categories) here, with a count when they have a queue.
 */
function adminSections(totalPending: number): AdminSection[] {
  return [
    { to: adminPaths.home, label: "Resumen", end: true },
    { to: adminPaths.shopRequests, label: "Solicitudes de tiendas", count: totalPending, countLabel: totalPending === 1 ? "pendiente" : "pendientes" },
    { to: adminPaths.shops, label: "Tiendas" },
    { to: adminPaths.orders, label: "Pedidos" },
    { to: adminPaths.withdrawals, label: "Retiros" },
    { to: adminPaths.books, label: "Cuentas" },
    { to: adminPaths.categories, label: "Categorías" },
    { to: adminPaths.coupons, label: "Cupones y vouchers" },
    { to: adminPaths.audit, label: "Registro de auditoría" },
  ];
}

export default function AdminLayout() {
  const { totalPending } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-10 md:grid-cols-[15rem_minmax(0,1fr)] md:px-6">
      <aside className="space-y-4">
        <AdminMenu sections={adminSections(totalPending)} />
        <p className="text-sm">
          {/* /dashboard brings an admin back here: their own account is its profile. */}
          <Link to="/dashboard/edit-profile" className={textLinkLook}>
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
