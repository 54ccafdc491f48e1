import type { StockMovement } from "#contract/stock";
import { signedChange } from "./stock-schemas";

/** A movement as the page shows it: its kind's label and its time in the store's zone, written by the server. */
export interface ShownMovement extends StockMovement {
  kindLabel: string;
  when: string;
}

const changeLook = (change: number) => (change < 0 ? "text-red-800" : "text-lime-800");

/**
 * A product's stock movements, newest first: a table from a tablet's width up, a card per movement
 * on a phone. Who: the seller, the buyer of a sale, the admin who cancelled, or nobody (an expiry).
 */
export function MovementList({ movements, hasSizes }: { movements: ShownMovement[]; hasSizes: boolean }) {
  return (
    <>
      <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm" data-testid="movement-table">
          <caption className="sr-only">Movimientos de stock, los más recientes primero</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Fecha
              </th>
              <th scope="col" className="px-4 py-3">
                Tipo
              </th>
              {hasSizes ? (
                <th scope="col" className="px-4 py-3">
                  Talla
                </th>
              ) : null}
              <th scope="col" className="px-4 py-3 text-right">
                Cambio
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Stock después
              </th>
              <th scope="col" className="px-4 py-3">
                Quién
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {movements.map((movement) => (
              <tr key={movement._id} data-testid="movement-row">
                <td className="whitespace-nowrap px-4 py-3">
                  <time dateTime={movement.createdAt}>{movement.when}</time>
                </td>
                <td className="px-4 py-3 font-semibold text-slate-900">{movement.kindLabel}</td>
                {hasSizes ? <td className="px-4 py-3">{movement.size}</td> : null}
                <td className={`px-4 py-3 text-right font-semibold ${changeLook(movement.change)}`}>{signedChange(movement.change)}</td>
                <td className="px-4 py-3 text-right">{movement.stockAfter}</td>
                <td className="break-words px-4 py-3">{movement.actorName ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ol className="space-y-2 md:hidden" aria-label="Movimientos de stock">
        {movements.map((movement) => (
          <li key={movement._id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm" data-testid="movement-card">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-bold text-slate-900">
                {movement.kindLabel}
                {hasSizes ? ` · talla ${movement.size}` : ""}
              </span>
              <span className={`font-semibold ${changeLook(movement.change)}`}>{signedChange(movement.change)}</span>
            </p>
            <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-slate-800">
              <dt className="font-semibold">Stock después</dt>
              <dd>{movement.stockAfter}</dd>
              <dt className="font-semibold">Quién</dt>
              <dd className="break-words">{movement.actorName ?? "—"}</dd>
              <dt className="font-semibold">Cuándo</dt>
              <dd>
                <time dateTime={movement.createdAt}>{movement.when}</time>
              </dd>
            </dl>
          </li>
        ))}
      </ol>
    </>
  );
}
