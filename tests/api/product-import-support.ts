import { PRODUCT_CSV_COLUMNS, type ProductCsvField } from "#contract/product-csv";

/**
 * Catalogue CSV files for the import's tests (API, PostgreSQL, bench): the download's columns, a
 * row given by field (the rest filled with a valid product of the «pelotas» category, which has no
 * spec sheet), `;` between cells.
 */

export type ImportRow = Partial<Record<ProductCsvField, string>>;

const quoted = (value: string) => (/[;",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A valid new tube of balls named `name`, as a row. */
export function newBallsRow(name: string, values: ImportRow = {}): ImportRow {
  return {
    id: "",
    name,
    category: "pelotas",
    brand: "Head",
    price: "12,50",
    discount: "0",
    color: "Amarillo",
    tag: "Competición",
    description: "Tubo de tres pelotas de presión para competición.",
    state: "borrador",
    lowStockThreshold: "0",
    stock: "10",
    sizes: "",
    specs: "",
    ...values,
  };
}

/** The file: header and rows, `;` between cells, CRLF, with the download's BOM unless `bom` is false. */
export function importCsv(rows: ImportRow[], { bom = true, delimiter = ";" } = {}): string {
  const lines = [
    PRODUCT_CSV_COLUMNS.map((column) => column.header),
    ...rows.map((row) => PRODUCT_CSV_COLUMNS.map((column) => row[column.field] ?? "")),
  ].map((cells) => cells.map(quoted).join(delimiter));
  return `${bom ? "\uFEFF" : ""}${lines.join("\r\n")}\r\n`;
}
