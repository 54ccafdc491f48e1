import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { comparedWithPrevious } from "#contract/dashboard-periods";
import { textLinkClass } from "~/components/ui/TextLink";
import { BestSellerList, FigureCard, Panel, PeriodLinks } from "~/components/dashboard/DashboardPanels";
import { SalesChart } from "~/components/dashboard/SalesChart";
import { SellerOrderList } from "~/components/seller/SellerOrderList";
import { sellerOrderPaths, sellerPaths } from "~/routes/dashboard/seller/paths";
import { dashboardPeriodOf, getSellerDashboard } from "~/services/dashboards.server";
import { formatPrice } from "~/services/money";
import { requireSeller } from "~/services/seller.server";

export const meta: MetaFunction = () => [
  { title: "Panel | Mi tienda | Mercado Pádel" },
  {
    name: "description",
    content:
      "El resumen de tu tienda: ventas, ganancias, lo más vendido, los últimos pedidos y lo que espera tu atención.",
  },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller?period=7|30|90: `GET /seller/get-dashboard-index-data` for the seller's shop. */
export async function loader(args: LoaderFunctionArgs) {
  const area = await requireSeller(args);
  const period = dashboardPeriodOf(new URL(args.request.url).searchParams);
  return { period, dashboard: await getSellerDashboard(area, period) };
}

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

export default function SellerDashboard() {
  const { period, dashboard } = useLoaderData<typeof loader>();
  const { previous, todo } = dashboard;
  const days = dashboard.period.days;
  const nothingToDo = todo.toPrepare === 0 && todo.pendingOffers.total === 0 && todo.lowStock.total === 0;
  return (
    <section aria-labelledby="titulo-panel" className="space-y-6">
      <div className="space-y-3">
        <h1 id="titulo-panel" className="text-3xl font-bold text-slate-900">
          Panel de tu tienda
        </h1>
        <p className="text-slate-700">
          Ventas pagadas de los últimos {days} días (por el día del pago), frente a los {days} días anteriores.
        </p>
        <PeriodLinks current={period} path={sellerPaths.home} />
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
            testId="seller-total-sale"
          />
          <FigureCard
            label="Ganancia neta"
            value={formatPrice(dashboard.netEarnings)}
            comparison={comparedWithPrevious(dashboard.netEarnings, previous.netEarnings, days)}
            testId="seller-net"
          />
          <FigureCard
            label="Comisión de la tienda"
            value={formatPrice(dashboard.commission)}
            testId="seller-commission"
          />
          <FigureCard
            label="Pedidos pagados"
            value={String(dashboard.totalOrder)}
            comparison={comparedWithPrevious(dashboard.totalOrder, previous.totalOrder, days)}
            testId="seller-total-order"
          />
          <FigureCard label="Sin preparar" value={String(dashboard.totalPendingOrder)} testId="seller-pending-order" />
          <FigureCard label="Productos" value={String(dashboard.totalProduct)} testId="seller-total-product" />
        </dl>
      </section>

      <Panel id="titulo-tareas" title="Qué hacer ahora">
        {nothingToDo ? (
          <p className="text-slate-700" data-testid="seller-todo-empty">
            Todo al día: no hay pedidos por preparar, ofertas por responder ni productos con stock bajo.
          </p>
        ) : (
          <ul className="space-y-4" data-testid="seller-todo">
            {todo.toPrepare > 0 ? (
              <li data-testid="todo-to-prepare">
                <Link to={`${sellerPaths.orders}?status=pendiente`} className={textLinkClass}>
                  {plural(todo.toPrepare, "pedido pagado por preparar", "pedidos pagados por preparar")}
                </Link>
              </li>
            ) : null}
            {todo.pendingOffers.total > 0 ? (
              <li data-testid="todo-offers">
                <p className="font-semibold text-slate-900">
                  {plural(todo.pendingOffers.total, "oferta espera tu respuesta", "ofertas esperan tu respuesta")}
                </p>
                <ul className="mt-1 space-y-1 text-sm">
                  {todo.pendingOffers.offers.map((offer) => (
                    <li key={offer._id}>
                      <Link to={sellerOrderPaths.details(offer.subOrderId)} className={textLinkClass}>
                        Pedido #{offer.number}
                      </Link>{" "}
                      <span className="text-slate-700">
                        · {offer.customerName} ofrece {formatPrice(offer.price)} (ahora{" "}
                        {formatPrice(offer.currentSubtotal)})
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ) : null}
            {todo.lowStock.total > 0 ? (
              <li data-testid="todo-low-stock">
                <Link to={`${sellerPaths.control}?lowOnly=1`} className={textLinkClass}>
                  {plural(todo.lowStock.total, "producto con stock bajo", "productos con stock bajo")}
                </Link>
                <ul className="mt-1 space-y-1 text-sm">
                  {todo.lowStock.products.map((product) => (
                    <li key={product.productId}>
                      <Link
                        to={`${sellerPaths.control}/${encodeURIComponent(product.productId)}`}
                        className={textLinkClass}
                      >
                        {product.name}
                      </Link>{" "}
                      <span className="text-slate-700">
                        ·{" "}
                        {product.lowSizes.length > 0
                          ? product.lowSizes.map((size) => `talla ${size.size}: ${size.stock}`).join(", ")
                          : plural(product.stock, "unidad", "unidades")}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ) : null}
          </ul>
        )}
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
          <Link to={sellerPaths.orders} className={textLinkClass}>
            Ver todos los pedidos
          </Link>
        }
      >
        {dashboard.recentOrders.length > 0 ? (
          <SellerOrderList orders={dashboard.recentOrders} />
        ) : (
          <p className="text-slate-700">Todavía no tienes pedidos.</p>
        )}
      </Panel>
    </section>
  );
}
