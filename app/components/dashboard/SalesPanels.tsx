import type { ReactNode } from "react";
import type { BestSeller, DailySales } from "#contract/dashboards";
import { DASHBOARD_PERIODS, type DashboardPeriod } from "#contract/dashboard-periods";
import { formatPrice } from "~/services/money";
import { Card, cardClass } from "~/components/ui/Card";
import { ChipLinks } from "~/components/ui/ChipLinks";
import { TextLink } from "~/components/ui/TextLink";
import { SalesChart } from "./SalesChart";

/**
 * The home page of the seller's and of the admin's area (issue 12): the period's links, its figures
 * (each compared with the previous period when it can be), what waits to be done, the sales per day,
 * the best sellers and the latest orders. Each area passes its own figures, to-do list and orders.
 */

/** One figure of the period; `comparison` says how it moved against the previous period. */
export interface SalesFigure {
  label: string;
  value: string;
  comparison?: string;
  testId: string;
}

function FigureCard({ label, value, comparison, testId }: SalesFigure) {
  return (
    <div className={cardClass("plain")}>
      <dt className="text-sm font-semibold uppercase tracking-widest text-slate-600">{label}</dt>
      <dd className="mt-1 break-words text-2xl font-extrabold text-slate-900" data-testid={testId}>
        {value}
      </dd>
      {comparison ? (
        <dd className="mt-1 text-sm text-slate-700" data-testid={`${testId}-comparacion`}>
          {comparison}
        </dd>
      ) : null}
    </div>
  );
}

/** The period's best sellers, each linking to its page in the store (a deleted one has none). */
function BestSellerList({ products }: { products: BestSeller[] }) {
  if (products.length === 0) return <p className="text-slate-700">Ninguna venta en este periodo.</p>;
  return (
    <ol className="space-y-2" data-testid="best-sellers">
      {products.map((product) => (
        <li
          key={product.productId}
          className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-b border-slate-100 pb-2 last:border-0"
        >
          <span className="min-w-0 break-words">
            {product.archived ? (
              product.name
            ) : (
              <TextLink to={`/product/details/${encodeURIComponent(product.slug)}`}>{product.name}</TextLink>
            )}
          </span>
          <span className="text-sm text-slate-700">
            {product.units === 1 ? "1 unidad" : `${product.units} unidades`} · {formatPrice(product.sale)}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function SalesPanels({
  title,
  intro,
  period,
  days,
  path,
  figures,
  todo,
  salesByDay,
  bestSellers,
  ordersPath,
  recentOrders,
  children,
}: {
  /** The page's heading (its id is `titulo-panel`). */
  title: string;
  /** What the figures count, under the heading. */
  intro: ReactNode;
  period: DashboardPeriod;
  /** The period's length in days, as the API read it. */
  days: number;
  /** The page's own address: the period's links add `?period=` to it. */
  path: string;
  figures: SalesFigure[];
  /** What waits to be done ('Qué hacer ahora'). */
  todo: ReactNode;
  salesByDay: DailySales[];
  bestSellers: BestSeller[];
  /** The whole list of orders, linked beside the latest ones. */
  ordersPath: string;
  /** The latest orders, or the words for none. */
  recentOrders: ReactNode;
  /** After the panels. */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="titulo-panel" className="space-y-6">
      <div className="space-y-3">
        <h1 id="titulo-panel" className="text-3xl font-bold text-slate-900">
          {title}
        </h1>
        <p className="text-slate-700">{intro}</p>
        {/* Plain links (`?period=`): the period changes with or without JavaScript, and the address keeps it. */}
        <ChipLinks
          label="Periodo"
          preventScrollReset
          links={DASHBOARD_PERIODS.map((choice) => ({
            to: `${path}?period=${choice}`,
            label: `Últimos ${choice} días`,
            current: choice === period,
          }))}
        />
      </div>

      <section aria-labelledby="titulo-cifras">
        <h2 id="titulo-cifras" className="sr-only">
          Cifras de los últimos {days} días
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {figures.map((figure) => (
            <FigureCard key={figure.testId} {...figure} />
          ))}
        </dl>
      </section>

      <Card title="Qué hacer ahora" titleId="titulo-tareas">
        {todo}
      </Card>

      <Card title="Ventas por día" titleId="titulo-grafico">
        <SalesChart days={salesByDay} id="ventas-tienda" />
      </Card>

      <Card title="Lo más vendido" titleId="titulo-mas-vendidos">
        <BestSellerList products={bestSellers} />
      </Card>

      <Card
        title="Últimos pedidos"
        titleId="titulo-recientes"
        actions={<TextLink to={ordersPath}>Ver todos los pedidos</TextLink>}
      >
        {recentOrders}
      </Card>

      {children}
    </section>
  );
}
