import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import type { BestSeller } from "#contract/dashboards";
import { DASHBOARD_PERIODS, type DashboardPeriod } from "#contract/dashboard-periods";
import { formatPrice } from "~/services/money";
import { textLinkClass } from "~/components/ui/TextLink";

/** The seller's and the admin's dashboards share these: the period's links, a figure's card and the best sellers. */

const PERIOD_LOOK =
  "block rounded-full border border-slate-300 px-3.5 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 aria-[current=page]:border-lime-300 aria-[current=page]:bg-lime-100 aria-[current=page]:text-slate-900";

/** Plain links (`?period=`): the period changes with or without JavaScript, and the address keeps it. */
export function PeriodLinks({ current, path }: { current: DashboardPeriod; path: string }) {
  return (
    <nav aria-label="Periodo">
      <ul className="flex flex-wrap gap-2">
        {DASHBOARD_PERIODS.map((period) => (
          <li key={period}>
            <Link
              to={`${path}?period=${period}`}
              aria-current={period === current ? "page" : undefined}
              className={PERIOD_LOOK}
              preventScrollReset
            >
              Últimos {period} días
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One figure of the period, with its comparison with the previous period when it has one. */
export function FigureCard({
  label,
  value,
  comparison,
  testId,
}: {
  label: string;
  value: string;
  comparison?: string;
  testId: string;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
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

/** A block of the page with its heading. */
export function Panel({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The period's best sellers, each linking to its page in the store (a deleted one has none). */
export function BestSellerList({ products }: { products: BestSeller[] }) {
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
              <Link to={`/product/details/${encodeURIComponent(product.slug)}`} className={textLinkClass}>
                {product.name}
              </Link>
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
