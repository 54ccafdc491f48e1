import type { DailySales } from "#contract/dashboards";
import { chartDay, dayOfMonth } from "#contract/store-time";
import { formatPrice } from "~/services/money";
import { Table, type TableColumn } from "~/components/ui/Table";

/** Bars are drawn in a box this many units wide per day and this tall; the SVG stretches it to the page's width. */
const BAR_SLOT = 10;
const HEIGHT = 100;

/** What the chart says, for those who cannot see it: the period, the total and the best day. */
export function salesSummary(days: DailySales[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return "Sin datos de ventas.";
  const span = `Ventas por día del ${dayOfMonth(first.day)} al ${dayOfMonth(last.day)}`;
  const total = days.reduce((sum, day) => sum + day.sale, 0);
  if (total === 0) return `${span}: ninguna venta en este periodo.`;
  const withSales = days.filter((day) => day.sale > 0).length;
  const best = days.reduce((top, day) => (day.sale > top.sale ? day : top), first);
  return `${span}: ${formatPrice(total)} en ${
    withSales === 1 ? "1 día con ventas" : `${withSales} días con ventas`
  }; el mejor día fue el ${dayOfMonth(best.day)}, con ${formatPrice(best.sale)}.`;
}

/** The figures behind the bars: a few narrow columns, which fit a phone as a table. */
const DAY_COLUMNS: TableColumn<DailySales>[] = [
  { header: "Día", rowHeader: true, cell: (day) => dayOfMonth(day.day) },
  { header: "Ventas", align: "end", cell: (day) => formatPrice(day.sale) },
  { header: "Pedidos", align: "end", cell: (day) => day.orders },
];

/**
 * The period's sales per day as bars, drawn on the server as SVG (no script, no chart library). The
 * image carries the summary as its name, and the figures behind it are a table under it.
 */
export function SalesChart({ days, id }: { days: DailySales[]; id: string }) {
  const highest = Math.max(0, ...days.map((day) => day.sale));
  const first = days[0];
  const last = days[days.length - 1];
  const summaryId = `${id}-resumen`;
  return (
    <figure className="space-y-2" data-testid="sales-chart">
      <p className="text-sm text-slate-600" aria-hidden="true">
        Máximo diario: {formatPrice(highest)}
      </p>
      <svg
        role="img"
        aria-labelledby={summaryId}
        viewBox={`0 0 ${Math.max(1, days.length) * BAR_SLOT} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="block h-40 w-full rounded-lg bg-slate-50"
      >
        <title id={summaryId}>{salesSummary(days)}</title>
        {days.map((day, index) =>
          day.sale > 0 && highest > 0 ? (
            <rect
              key={day.day}
              x={index * BAR_SLOT + 1}
              width={BAR_SLOT - 2}
              y={HEIGHT - (day.sale / highest) * HEIGHT}
              height={(day.sale / highest) * HEIGHT}
              className="fill-lime-600"
            />
          ) : null,
        )}
        <line
          x1={0}
          x2={days.length * BAR_SLOT}
          y1={HEIGHT}
          y2={HEIGHT}
          className="stroke-slate-400"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      {first && last ? (
        <p className="flex justify-between text-sm text-slate-600" aria-hidden="true">
          <span>{chartDay(first.day)}</span>
          <span>{chartDay(last.day)}</span>
        </p>
      ) : null}
      <figcaption>
        <details>
          <summary className="cursor-pointer font-semibold text-slate-900">Ver las cifras de cada día</summary>
          <div className="mt-2">
            <Table
              rows={days}
              rowKey={(day) => day.day}
              columns={DAY_COLUMNS}
              caption="Ventas y pedidos pagados de cada día"
              look="ruled"
              testIds={{ table: "sales-table" }}
            />
          </div>
        </details>
      </figcaption>
    </figure>
  );
}
