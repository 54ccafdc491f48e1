import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { ReactNode } from "react";
import { shopIdentityEndpoints } from "#contract/shop-identity";
import { shopEndpoints } from "#contract/shops";
import { withdrawalEndpoints } from "#contract/withdrawals";
import { dateTime } from "~/services/times.server";
import { AreaErrorBoundary, AreaLayout, type AreaSection } from "~/components/dashboard/AreaLayout";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { pageErrorOf, requireAdmin } from "~/services/admin.server";

/** A page that failed shows the store's error page's title (the root's meta for the error). */
export const meta: MetaFunction = ({ error, matches }) =>
  error
    ? (matches.find((match) => match.id === "root")?.meta ?? [])
    : [
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
 * (shop requests, shops' changes of name or tax id, withdrawals to pay), and the shop queue's screen and the area's home show it. Live, the bell revalidates the loaders when a
 * request arrives (SHOP_REQUEST_EVENT), and this loader runs again, so the badge moves.
 */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAdmin(args);
  const [pending, withdrawals, shopChanges] = await Promise.all([
    account.call(shopEndpoints.pending),
    account.call(withdrawalEndpoints.adminList, { query: { status: "pendiente", page: 1, parPage: 1 } }),
    account.call(shopIdentityEndpoints.pending),
  ]).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    totalPending: pending.totalPending,
    pendingWithdrawals: withdrawals.totalWithdrawal,
    pendingShopChanges: shopChanges.totalPending,
    requests: pending.requests.map((request) => ({ ...request, sentAt: dateTime(request.createdAt) })),
  };
}

/** The badge is the admins' to-do count: it is read again on every navigation within the area, not only after a form. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

/**
 * The admin area's menu, in the order admins work through it. The next issues add their screens
 * (orders, withdrawals, categories) here, with a count when they have a queue.
 */
function adminSections({ totalPending, pendingWithdrawals, pendingShopChanges }: AdminQueues): AreaSection[] {
  return [
    { to: adminPaths.home, label: "Resumen", end: true },
    {
      to: adminPaths.shopRequests,
      label: "Solicitudes de tiendas",
      count: totalPending,
      countLabel: totalPending === 1 ? "pendiente" : "pendientes",
    },
    { to: adminPaths.shops, label: "Tiendas" },
    {
      to: adminPaths.shopChanges,
      label: "Cambios de tiendas",
      count: pendingShopChanges,
      countLabel: pendingShopChanges === 1 ? "pendiente" : "pendientes",
    },
    { to: adminPaths.orders, label: "Pedidos" },
    { to: adminPaths.users, label: "Usuarios" },
    { to: adminPaths.withdrawals, label: "Retiros", count: pendingWithdrawals, countLabel: "por pagar" },
    { to: adminPaths.books, label: "Cuentas" },
    { to: adminPaths.products, label: "Productos" },
    { to: adminPaths.categories, label: "Categorías" },
    { to: adminPaths.coupons, label: "Cupones y vouchers" },
    { to: adminPaths.commission, label: "Comisión" },
    { to: adminPaths.stuckMail, label: "Correos atascados" },
    { to: adminPaths.audit, label: "Registro de auditoría" },
  ];
}

/** The area's frame with its menu, around a page or around the error a page gave (its menu kept). */
/** The counts of the menu's queues. */
interface AdminQueues {
  totalPending: number;
  pendingWithdrawals: number;
  pendingShopChanges: number;
}

function AdminFrame({ queues, children }: { queues: AdminQueues; children: ReactNode }) {
  return (
    <AreaLayout
      name="Administración"
      sections={adminSections(queues)}
      // /dashboard brings an admin back here: their own account is its profile.
      links={[{ to: "/dashboard/edit-profile", label: "← Mi cuenta" }]}
    >
      {children}
    </AreaLayout>
  );
}

export default function AdminLayout() {
  return (
    <AdminFrame queues={useLoaderData<typeof loader>()}>
      <Outlet />
    </AdminFrame>
  );
}

/** A page of the area that failed keeps the menu; a refused layout is the store's error page. */
export function ErrorBoundary() {
  const admin = useRouteLoaderData<typeof loader>("routes/dashboard/admin/layout");
  return <AreaErrorBoundary frame={admin ? (page) => <AdminFrame queues={admin}>{page}</AdminFrame> : null} />;
}
