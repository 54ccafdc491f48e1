import { demandText, sizeLabel, type ControlProduct } from "./stock-schemas";
import { lowBadgeLook } from "./StockForm";

interface Line {
  size: string;
  stock: number;
  low: boolean;
  waiting: number;
}

function linesOf(product: ControlProduct): Line[] {
  if (product.hasSizes) return product.sizes;
  return [{ size: "", stock: product.stock, low: product.stockLow, waiting: product.waiting }];
}

function State({ line }: { line: Line }) {
  if (line.stock === 0) return <span className="font-semibold text-slate-900">Agotada</span>;
  if (line.low) return <span className={lowBadgeLook}>Stock bajo</span>;
  return <span className="text-slate-700">Disponible</span>;
}

/**
 * A product's sizes (or its single stock) with their units, low mark and demand: a table from a
 * tablet's width up, a card per size on a phone.
 */
export function SizeFigures({ product }: { product: ControlProduct }) {
  const lines = linesOf(product);
  return (
    <>
      <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm" data-testid="size-table">
          <caption className="sr-only">Stock por talla de {product.name}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Talla
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Unidades
              </th>
              <th scope="col" className="px-4 py-3">
                Estado
              </th>
              <th scope="col" className="px-4 py-3">
                Demanda
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {lines.map((line) => (
              <tr key={line.size} data-testid="size-line">
                <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                  {line.size === "" ? "Sin tallas" : line.size}
                </th>
                <td className="px-4 py-3 text-right font-semibold text-slate-900">{line.stock}</td>
                <td className="px-4 py-3">
                  <State line={line} />
                </td>
                <td className="px-4 py-3 text-slate-800">{line.waiting > 0 ? demandText(line.waiting, line.size) : "Nadie espera"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid grid-cols-2 gap-2 md:hidden" aria-label={`Stock por talla de ${product.name}`}>
        {lines.map((line) => (
          <li key={line.size} className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 text-sm" data-testid="size-card">
            <p className="font-bold text-slate-900">{sizeLabel(line.size)}</p>
            <p className="text-slate-800">
              {line.stock === 1 ? "1 unidad" : `${line.stock} unidades`}
            </p>
            <p className="mt-1">
              <State line={line} />
            </p>
            {line.waiting > 0 ? <p className="mt-1 font-semibold text-sky-900">{demandText(line.waiting, line.size)}</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
