/** How the seller's stock pages (issue 11) word their figures. */

/** 'N clientes esperan la talla 42' (or 'este producto' without sizes). */
export function demandText(waiting: number, size: string): string {
  const who = waiting === 1 ? "1 cliente espera" : `${waiting} clientes esperan`;
  return size === "" ? `${who} este producto` : `${who} la talla ${size}`;
}

/** A size as a list names it: 'Talla 42', or 'Stock' for a product without sizes. */
export function sizeLabel(size: string): string {
  return size === "" ? "Stock" : `Talla ${size}`;
}

/** A movement's change with its sign: '+5', '−1'. */
export function signedChange(change: number): string {
  return change > 0 ? `+${change}` : change < 0 ? `−${Math.abs(change)}` : "0";
}
