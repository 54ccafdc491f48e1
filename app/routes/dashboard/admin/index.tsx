import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { comparedWithPrevious } from "#contract/dashboard-periods";
import { DELIVERY_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "#contract/order-labels";
import type { loader as adminLayoutLoader } from "~/routes/dashboard/admin/layout";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { SalesPanels } from "~/components/dashboard/SalesPanels";
import { cardClass } from "~/components/ui/Card";
import { TextLink } from "~/components/ui/TextLink";
import { requireAdmin } from "~/services/admin.server";
import { dashboardPeriodOf, getAdminDashboard } from "~/services/dashboards.server";
import { formatPrice } from "~/services/money";
import { counted } from "#contract/number-format";

export const meta: MetaFunction = () => [
  { title: "Administración | Mercado Pádel" },
  {
    name: "description",
    content: "Resumen de la administración de Mercado Pádel: ventas, comisión, pedidos y lo que espera tu revisión.",
  },
  { name: "robots", content: "noindex" },
];

/** /dashboard/admin?period=7|30|90: `GET /admin/get-dashboard-index-data`, the whole store. */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAdmin(args);
  const period = dashboardPeriodOf(new URL(args.request.url).searchParams);
  return { period, dashboard: await getAdminDashboard(account, period) };
}

/** /dashboard/admin: where an admin lands after signing in; the store's figures, what waits for them, and the way to each screen. */
export default function AdminHome() {
  const { period, dashboard } = useLoaderData<typeof loader>();
  const { previous, todo } = dashboard;
  // Read once by the area's layout for the menu's badge (decision 0055).
  const shopChanges =
    useRouteLoaderData<typeof adminLayoutLoader>("routes/dashboard/admin/layout")?.pendingShopChanges ?? 0;
  const days = dashboard.period.days;
  return (
    <SalesPanels
      title="Administración"
      intro={`Ventas pagadas de toda la tienda en los últimos ${days} días (por el día del pago), frente a los ${days} días anteriores. Las ventas de las tiendas son antes de los cupones, que paga la tienda.`}
      period={period}
      days={days}
      path={adminPaths.home}
      figures={[
        {
          label: "Ventas",
          value: formatPrice(dashboard.totalSale),
          comparison: comparedWithPrevious(dashboard.totalSale, previous.totalSale, days),
          testId: "admin-total-sale",
        },
        {
          label: "Comisión ganada",
          value: formatPrice(dashboard.commission),
          comparison: comparedWithPrevious(dashboard.commission, previous.commission, days),
          testId: "admin-commission",
        },
        {
          label: "Cupones (los paga la tienda)",
          value: formatPrice(dashboard.couponDiscounts),
          comparison: comparedWithPrevious(dashboard.couponDiscounts, previous.couponDiscounts, days),
          testId: "admin-coupon-discounts",
        },
        {
          label: "Pedidos pagados",
          value: String(dashboard.totalOrder),
          comparison: comparedWithPrevious(dashboard.totalOrder, previous.totalOrder, days),
          testId: "admin-total-order",
        },
        { label: "Sin preparar", value: String(dashboard.totalPendingOrder), testId: "admin-pending-order" },
        { label: "Productos a la venta", value: String(dashboard.totalProduct), testId: "admin-total-product" },
        { label: "Vendedores", value: String(dashboard.totalSeller), testId: "admin-total-seller" },
      ]}
      todo={
        <ul className="space-y-4" data-testid="admin-todo">
          <li>
            <p className="font-semibold text-slate-900">Solicitudes de tiendas por revisar</p>
            <p className="mt-1 text-3xl font-extrabold text-slate-900" data-testid="admin-pending-total">
              {todo.shopRequests}
            </p>
            <TextLink to={adminPaths.shopRequests}>
              {todo.shopRequests === 0
                ? "Ver las solicitudes"
                : todo.shopRequests === 1
                  ? "Revisar la solicitud pendiente"
                  : `Revisar las ${todo.shopRequests} solicitudes pendientes`}
            </TextLink>
          </li>
          <li data-testid="todo-shop-changes">
            <p className="font-semibold text-slate-900">Cambios de nombre o identificador fiscal por revisar</p>
            {shopChanges === 0 ? (
              <p className="text-slate-700">Ninguna tienda espera un cambio.</p>
            ) : (
              <TextLink to={adminPaths.shopChanges}>
                {counted(shopChanges, "cambio pendiente", "cambios pendientes")}
              </TextLink>
            )}
          </li>
          <li data-testid="todo-withdrawals">
            <p className="font-semibold text-slate-900">Retiros por pagar</p>
            {todo.withdrawals.total === 0 ? (
              <p className="text-slate-700">Ningún retiro espera tu confirmación.</p>
            ) : (
              <TextLink to={adminPaths.withdrawals}>
                {counted(todo.withdrawals.total, "solicitud de retiro", "solicitudes de retiro")} por{" "}
                {formatPrice(todo.withdrawals.amount)}
              </TextLink>
            )}
          </li>
          <li data-testid="todo-unprepared">
            <p className="font-semibold text-slate-900">
              Pedidos pagados sin preparar desde hace {todo.unprepared.hours} horas o más
            </p>
            {todo.unprepared.total === 0 ? (
              <p className="text-slate-700">Ninguno: las tiendas preparan a tiempo lo que se paga.</p>
            ) : (
              <>
                <p className="text-slate-700">
                  {counted(todo.unprepared.total, "parte de pedido espera", "partes de pedidos esperan")}; las que más
                  llevan esperando:
                </p>
                <ul className="mt-1 space-y-1 text-sm">
                  {todo.unprepared.parts.map((part) => (
                    <li key={part.subOrderId}>
                      <TextLink to={adminPaths.order(part.orderId)}>Pedido #{part.number}</TextLink>{" "}
                      <span className="text-slate-700">
                        · {part.shopName} · pagado el {part.paidDate} ({counted(part.hoursWaiting, "hora", "horas")})
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </li>
        </ul>
      }
      salesByDay={dashboard.salesByDay}
      bestSellers={dashboard.bestSellers}
      ordersPath={adminPaths.orders}
      recentOrders={
        dashboard.recentOrders.length > 0 ? (
          <ul className="space-y-2" data-testid="admin-recent-orders">
            {dashboard.recentOrders.map((order) => (
              <li
                key={order._id}
                data-testid="admin-recent-order"
                className="border-b border-slate-100 pb-2 last:border-0"
              >
                <TextLink to={adminPaths.order(order._id)}>Pedido #{order.number}</TextLink>
                <p className="break-words text-sm text-slate-700">
                  {order.customer.name} · <time dateTime={order.createdAt}>{order.date}</time> · {order.total} ·{" "}
                  {PAYMENT_STATUS_LABELS[order.payment_status]} · {DELIVERY_STATUS_LABELS[order.delivery_status]}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">Todavía no hay pedidos.</p>
        )
      }
    >
      <ul className="grid gap-4 sm:grid-cols-2">
        <li className={cardClass("plain")}>
          <h2 className="text-lg font-bold text-slate-900">
            <TextLink to={adminPaths.shops}>Tiendas</TextLink>
          </h2>
          <p className="mt-2 text-slate-700">Todas las tiendas por estado; suspende una con su motivo o reactívala.</p>
        </li>
        <li className={cardClass("plain")}>
          <h2 className="text-lg font-bold text-slate-900">
            <TextLink to={adminPaths.audit}>Registro de auditoría</TextLink>
          </h2>
          <p className="mt-2 text-slate-700">
            Cada decisión de un administrador: quién, qué, sobre qué registro, antes y después, y por qué.
          </p>
        </li>
      </ul>
    </SalesPanels>
  );
}
