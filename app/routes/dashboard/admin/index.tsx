import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { comparedWithPrevious } from "#contract/dashboard-periods";
import { DELIVERY_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "#contract/order-labels";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { textLinkClass } from "~/components/ui/TextLink";
import { BestSellerList, FigureCard, Panel, PeriodLinks } from "~/components/dashboard/DashboardPanels";
import { SalesChart } from "~/components/dashboard/SalesChart";
import { requireAdmin } from "~/services/admin.server";
import { dashboardPeriodOf, getAdminDashboard } from "~/services/dashboards.server";
import { formatPrice } from "~/services/money";

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

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

/** /dashboard/admin: where an admin lands after signing in; the store's figures, what waits for them, and the way to each screen. */
export default function AdminHome() {
  const { period, dashboard } = useLoaderData<typeof loader>();
  const { previous, todo } = dashboard;
  const days = dashboard.period.days;
  return (
    <section aria-labelledby="titulo-admin" className="space-y-6">
      <div className="space-y-3">
        <h1 id="titulo-admin" className="text-3xl font-bold text-slate-900">
          Administración
        </h1>
        <p className="text-slate-700">
          Ventas pagadas de toda la tienda en los últimos {days} días (por el día del pago), frente a los {days} días
          anteriores. Las ventas de las tiendas son antes de los cupones, que paga la tienda.
        </p>
        <PeriodLinks current={period} path={adminPaths.home} />
      </div>

      <section aria-labelledby="titulo-cifras">
        <h2 id="titulo-cifras" className="sr-only">
          Cifras de los últimos {days} días
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <FigureCard
            label="Ventas"
            value={formatPrice(dashboard.totalSale)}
            comparison={comparedWithPrevious(dashboard.totalSale, previous.totalSale, days)}
            testId="admin-total-sale"
          />
          <FigureCard
            label="Comisión ganada"
            value={formatPrice(dashboard.commission)}
            comparison={comparedWithPrevious(dashboard.commission, previous.commission, days)}
            testId="admin-commission"
          />
          <FigureCard
            label="Cupones (los paga la tienda)"
            value={formatPrice(dashboard.couponDiscounts)}
            comparison={comparedWithPrevious(dashboard.couponDiscounts, previous.couponDiscounts, days)}
            testId="admin-coupon-discounts"
          />
          <FigureCard
            label="Pedidos pagados"
            value={String(dashboard.totalOrder)}
            comparison={comparedWithPrevious(dashboard.totalOrder, previous.totalOrder, days)}
            testId="admin-total-order"
          />
          <FigureCard label="Sin preparar" value={String(dashboard.totalPendingOrder)} testId="admin-pending-order" />
          <FigureCard
            label="Productos a la venta"
            value={String(dashboard.totalProduct)}
            testId="admin-total-product"
          />
          <FigureCard label="Vendedores" value={String(dashboard.totalSeller)} testId="admin-total-seller" />
        </dl>
      </section>

      <Panel id="titulo-tareas" title="Qué hacer ahora">
        <ul className="space-y-4" data-testid="admin-todo">
          <li>
            <p className="font-semibold text-slate-900">Solicitudes de tiendas por revisar</p>
            <p className="mt-1 text-3xl font-extrabold text-slate-900" data-testid="admin-pending-total">
              {todo.shopRequests}
            </p>
            <Link to={adminPaths.shopRequests} className={textLinkClass}>
              {todo.shopRequests === 0
                ? "Ver las solicitudes"
                : todo.shopRequests === 1
                  ? "Revisar la solicitud pendiente"
                  : `Revisar las ${todo.shopRequests} solicitudes pendientes`}
            </Link>
          </li>
          <li data-testid="todo-withdrawals">
            <p className="font-semibold text-slate-900">Retiros por pagar</p>
            {todo.withdrawals.total === 0 ? (
              <p className="text-slate-700">Ningún retiro espera tu confirmación.</p>
            ) : (
              <Link to={adminPaths.withdrawals} className={textLinkClass}>
                {plural(todo.withdrawals.total, "solicitud de retiro", "solicitudes de retiro")} por{" "}
                {formatPrice(todo.withdrawals.amount)}
              </Link>
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
                  {plural(todo.unprepared.total, "parte de pedido espera", "partes de pedidos esperan")}; las que más
                  llevan esperando:
                </p>
                <ul className="mt-1 space-y-1 text-sm">
                  {todo.unprepared.parts.map((part) => (
                    <li key={part.subOrderId}>
                      <Link to={adminPaths.order(part.orderId)} className={textLinkClass}>
                        Pedido #{part.number}
                      </Link>{" "}
                      <span className="text-slate-700">
                        · {part.shopName} · pagado el {part.paidDate} ({plural(part.hoursWaiting, "hora", "horas")})
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </li>
        </ul>
      </Panel>

      <Panel id="titulo-grafico" title="Ventas por día">
        <SalesChart days={dashboard.salesByDay} id="ventas-tienda" />
      </Panel>

      <Panel id="titulo-mas-vendidos" title="Lo más vendido">
        <BestSellerList products={dashboard.bestSellers} />
      </Panel>

      <Panel
        id="titulo-recientes"
        title="Últimos pedidos"
        action={
          <Link to={adminPaths.orders} className={textLinkClass}>
            Ver todos los pedidos
          </Link>
        }
      >
        {dashboard.recentOrders.length > 0 ? (
          <ul className="space-y-2" data-testid="admin-recent-orders">
            {dashboard.recentOrders.map((order) => (
              <li
                key={order._id}
                data-testid="admin-recent-order"
                className="border-b border-slate-100 pb-2 last:border-0"
              >
                <Link to={adminPaths.order(order._id)} className={textLinkClass}>
                  Pedido #{order.number}
                </Link>
                <p className="break-words text-sm text-slate-700">
                  {order.customer.name} · <time dateTime={order.createdAt}>{order.date}</time> · {order.total} ·{" "}
                  {PAYMENT_STATUS_LABELS[order.payment_status]} · {DELIVERY_STATUS_LABELS[order.delivery_status]}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">Todavía no hay pedidos.</p>
        )}
      </Panel>

      <ul className="grid gap-4 sm:grid-cols-2">
        <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-bold text-slate-900">
            <Link to={adminPaths.shops} className={textLinkClass}>
              Tiendas
            </Link>
          </h2>
          <p className="mt-2 text-slate-700">Todas las tiendas por estado; suspende una con su motivo o reactívala.</p>
        </li>
        <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-bold text-slate-900">
            <Link to={adminPaths.audit} className={textLinkClass}>
              Registro de auditoría
            </Link>
          </h2>
          <p className="mt-2 text-slate-700">
            Cada decisión de un administrador: quién, qué, sobre qué registro, antes y después, y por qué.
          </p>
        </li>
      </ul>
    </section>
  );
}
