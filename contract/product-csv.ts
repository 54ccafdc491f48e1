/**
 * The catalogue's CSV file (issue 34), written once for both directions: the web writes it
 * (app/services/seller-exports.server.ts) and the API reads it back (POST /seller/products/import),
 * so a downloaded file, edited in a spreadsheet, imports as it was written. Zod-free: the export
 * and the import page load it without the schemas.
 */

/** Which field of the product form a column carries. */
export type ProductCsvField =
  | "id"
  | "name"
  | "category"
  | "brand"
  | "price"
  | "discount"
  | "color"
  | "tag"
  | "description"
  | "state"
  | "lowStockThreshold"
  | "stock"
  | "sizes"
  | "specs";

/** A column: its header, the field it carries and whether it holds what people type (the formula guard). */
export interface ProductCsvColumn {
  field: ProductCsvField;
  header: string;
  text?: boolean;
}

/** The columns in the file's order: the product form's fields, the category by its slug. */
export const PRODUCT_CSV_COLUMNS: readonly ProductCsvColumn[] = [
  { field: "id", header: "ID" },
  { field: "name", header: "Nombre", text: true },
  { field: "category", header: "Categoría", text: true },
  { field: "brand", header: "Marca", text: true },
  { field: "price", header: "Precio" },
  { field: "discount", header: "Descuento" },
  { field: "color", header: "Color", text: true },
  { field: "tag", header: "Etiqueta", text: true },
  { field: "description", header: "Descripción", text: true },
  { field: "state", header: "Estado" },
  { field: "lowStockThreshold", header: "Aviso de stock bajo" },
  { field: "stock", header: "Stock" },
  { field: "sizes", header: "Tallas", text: true },
  { field: "specs", header: "Ficha técnica", text: true },
];

/** A column's header by its field, for the import's refusals («columna Precio»). */
export const PRODUCT_CSV_HEADERS = Object.fromEntries(
  PRODUCT_CSV_COLUMNS.map((column) => [column.field, column.header]),
) as Record<ProductCsvField, string>;

/** Between pairs of a list cell: «M: 2 | L: 3», «forma: Redonda | balance: Medio». */
export const LIST_SEPARATOR = " | ";

/** Between a pair's key and its value. */
const PAIR_SEPARATOR = ": ";

/** A list cell from its pairs: `[["M", 2], ["L", 3]]` is «M: 2 | L: 3». */
export function listCell(pairs: readonly (readonly [string, string | number])[]): string {
  return pairs.map(([key, value]) => `${key}${PAIR_SEPARATOR}${value}`).join(LIST_SEPARATOR);
}

/**
 * A list cell read back: its pairs, or null when a piece has no `:` or an empty key. Spaces around
 * `|` and `:` do not matter (a spreadsheet may drop or add them); an empty cell is no pairs.
 */
export function parseListCell(text: string): [string, string][] | null {
  const pieces = text.split("|").map((piece) => piece.trim());
  if (pieces.length === 1 && pieces[0] === "") return [];
  const pairs: [string, string][] = [];
  for (const piece of pieces) {
    const colon = piece.indexOf(":");
    if (colon <= 0) return null;
    const key = piece.slice(0, colon).trim();
    if (key === "") return null;
    pairs.push([key, piece.slice(colon + 1).trim()]);
  }
  return pairs;
}

/** Dollars as the product form takes them, without a currency or thousands: `1299,95`. */
export function priceCell(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}

/** A spreadsheet would run a cell starting with one of these as a formula. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as written: one that looks like a formula gets a leading apostrophe. */
export function guardedCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A text cell read back: the apostrophe the guard added is dropped (what the seller typed comes back). */
export function unguardedCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** «Línea 7, columna Precio: …», or «Línea 7: …» for the whole row. */
export function importRefusalText(refusal: { line: number; column: string | null; message: string }): string {
  return refusal.column === null
    ? `Línea ${refusal.line}: ${refusal.message}`
    : `Línea ${refusal.line}, columna ${refusal.column}: ${refusal.message}`;
}
