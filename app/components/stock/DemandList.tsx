import type { ControlProduct } from "~/services/stock.server";
import { demandText } from "~/services/stock-words";

/** Who waits for what: 'N clientes esperan la talla 42', one line per size that has someone waiting. */
export function DemandList({ product }: { product: ControlProduct }) {
  const lines = product.hasSizes
    ? product.sizes.filter((size) => size.waiting > 0).map((size) => demandText(size.waiting, size.size))
    : product.waiting > 0
      ? [demandText(product.waiting, "")]
      : [];
  if (lines.length === 0) return null;
  return (
    <ul
      className="space-y-1 text-sm font-semibold text-sky-900"
      aria-label={`Demanda de ${product.name}`}
      data-testid="stock-demand"
    >
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
