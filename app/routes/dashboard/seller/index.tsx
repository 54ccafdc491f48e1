import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { comparedWithPrevious } from "#contract/dashboard-periods";
import { SalesPanels } from "~/components/dashboard/SalesPanels";
import { TextLink } from "~/components/ui/TextLink";
import { FirstSteps, firstStepsDone } from "~/components/seller/FirstSteps";
import { SellerOrderList } from "~/components/seller/SellerOrderList";
import { sellerOrderPaths, sellerPaths } from "~/routes/dashboard/seller/paths";
import { dashboardPeriodOf, getSellerDashboard } from "~/services/dashboards.server";
import { formatPrice } from "~/services/money";
import { requireSeller } from "~/services/seller.server";
import { counted } from "#contract/number-format";

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

export default function SellerDashboard() {
  const { period, dashboard } = useLoaderData<typeof loader>();
  const { previous, todo } = dashboard;
  const days = dashboard.period.days;
  const starting = !firstStepsDone(dashboard.onboarding);
  const nothingToDo = todo.toPrepare === 0 && todo.pendingOffers.total === 0 && todo.lowStock.total === 0;
  return (
    <SalesPanels
      title="Panel de tu tienda"
      intro={`Ventas pagadas de los últimos ${days} días (por el día del pago), frente a los ${days} días anteriores.`}
      period={period}
      days={days}
      path={sellerPaths.home}
      figures={[
        {
          label: "Ventas",
          value: formatPrice(dashboard.totalSale),
          comparison: comparedWithPrevious(dashboard.totalSale, previous.totalSale, days),
          testId: "seller-total-sale",
        },
        {
          label: "Ganancia neta",
          value: formatPrice(dashboard.netEarnings),
          comparison: comparedWithPrevious(dashboard.netEarnings, previous.netEarnings, days),
          testId: "seller-net",
        },
        { label: "Comisión de la tienda", value: formatPrice(dashboard.commission), testId: "seller-commission" },
        {
          label: "Pedidos pagados",
          value: String(dashboard.totalOrder),
          comparison: comparedWithPrevious(dashboard.totalOrder, previous.totalOrder, days),
          testId: "seller-total-order",
        },
        { label: "Sin preparar", value: String(dashboard.totalPendingOrder), testId: "seller-pending-order" },
        { label: "Productos", value: String(dashboard.totalProduct), testId: "seller-total-product" },
      ]}
      todo={
        <div className="space-y-6">
          {starting ? <FirstSteps steps={dashboard.onboarding} /> : null}
          {starting && nothingToDo ? null : nothingToDo ? (
            <p className="text-slate-700" data-testid="seller-todo-empty">
              Todo al día: no hay pedidos por preparar, ofertas por responder ni productos con stock bajo.
            </p>
          ) : (
            <ul className="space-y-4" data-testid="seller-todo">
              {todo.toPrepare > 0 ? (
                <li data-testid="todo-to-prepare">
                  <TextLink to={`${sellerPaths.orders}?status=pendiente`}>
                    {counted(todo.toPrepare, "pedido pagado por preparar", "pedidos pagados por preparar")}
                  </TextLink>
                </li>
              ) : null}
              {todo.pendingOffers.total > 0 ? (
                <li data-testid="todo-offers">
                  <p className="font-semibold text-slate-900">
                    {counted(todo.pendingOffers.total, "oferta espera tu respuesta", "ofertas esperan tu respuesta")}
                  </p>
                  <ul className="mt-1 space-y-1 text-sm">
                    {todo.pendingOffers.offers.map((offer) => (
                      <li key={offer._id}>
                        <TextLink to={sellerOrderPaths.details(offer.subOrderId)}>Pedido #{offer.number}</TextLink>{" "}
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
                  <TextLink to={`${sellerPaths.control}?lowOnly=1`}>
                    {counted(todo.lowStock.total, "producto con stock bajo", "productos con stock bajo")}
                  </TextLink>
                  <ul className="mt-1 space-y-1 text-sm">
                    {todo.lowStock.products.map((product) => (
                      <li key={product.productId}>
                        <TextLink to={`${sellerPaths.control}/${encodeURIComponent(product.productId)}`}>
                          {product.name}
                        </TextLink>{" "}
                        <span className="text-slate-700">
                          ·{" "}
                          {product.lowSizes.length > 0
                            ? product.lowSizes.map((size) => `talla ${size.size}: ${size.stock}`).join(", ")
                            : counted(product.stock, "unidad", "unidades")}
                        </span>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : null}
            </ul>
          )}
        </div>
      }
      salesByDay={dashboard.salesByDay}
      bestSellers={dashboard.bestSellers}
      ordersPath={sellerPaths.orders}
      recentOrders={
        dashboard.recentOrders.length > 0 ? (
          <SellerOrderList orders={dashboard.recentOrders} />
        ) : (
          <p className="text-slate-700">Todavía no tienes pedidos.</p>
        )
      }
    />
  );
}
