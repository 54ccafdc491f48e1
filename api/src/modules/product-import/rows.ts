import { parse } from "csv-parse/sync";
import { CATEGORY_HIDDEN_FOR_PRODUCTS } from "#contract/categories";
import { PUBLISH_REFUSED_ADMIN_HIDDEN } from "#contract/product-moderation";
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_HEADERS,
  parseListCell,
  unguardedCell,
  type ProductCsvField,
} from "#contract/product-csv";
import {
  IMPORT_FILE_EMPTY,
  IMPORT_FILE_NOT_CSV,
  IMPORT_ID_INVALID,
  IMPORT_ID_NOT_YOURS,
  IMPORT_NEW_NOT_PUBLISHED,
  IMPORT_NO_ROWS,
  IMPORT_SIZES_FORMAT,
  IMPORT_SPECS_FORMAT,
  IMPORT_TOO_MANY_ROWS,
  importColumnsMissing,
  importColumnsUnknown,
  importIdRepeated,
  importRowCells,
  PRODUCT_IMPORT_MAX_ROWS,
  type ImportRefusal,
} from "#contract/product-import";
import type { ProductState } from "#contract/seller-product-labels";
import {
  CATEGORY_MISSING,
  CATEGORY_NOT_FOUND,
  productFormFields,
  specSheetIssues,
  type ProductForm,
} from "#contract/seller-products";
import type { SpecSheetKind } from "#contract/spec-sheet-fields";
import { FieldsError } from "../../http-error.js";

/**
 * The catalogue CSV read back (decision 0054): the file's text into rows, and each row checked by
 * the product form's own schema (contract/seller-products.ts), its refusals said by line and column.
 * Pure: what the database knows (categories, the shop's products) comes in an ImportContext, read
 * without locks by the preview and under them by the apply.
 */

/** The field that carries the whole file: where a file that cannot be read is refused. */
export const CSV_FIELD = "csv";

/** One product row of the file: its spreadsheet line (the header is 1) and its cells by field. */
export interface CsvRow {
  line: number;
  cells: Record<ProductCsvField, string>;
}

const refuseFile = (message: string): never => {
  throw new FieldsError(400, [{ field: CSV_FIELD, message }]);
};

/** The separator the header uses: `;` (the download's, and a Spanish spreadsheet's) or `,`. */
function delimiterOf(text: string): ";" | "," {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (character: string) => header.split(character).length - 1;
  return count(",") > count(";") ? "," : ";";
}

const isBlank = (record: string[]) => record.every((cell) => cell.trim() === "");

/**
 * The file's product rows, or a 400 on `csv` for a file that cannot be read at all: empty, not CSV,
 * a header that is not the catalogue's columns (in any order), no rows, or too many. A row's line is
 * the spreadsheet's row (the header is line 1; a cell with line breaks is still one line), so the
 * refusals point where the seller looks. Blank rows are skipped but keep their number.
 */
export function readCsvRows(text: string): { rows: CsvRow[]; cellRefusals: ImportRefusal[] } {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") refuseFile(IMPORT_FILE_EMPTY);
  if (body.includes("\u0000")) refuseFile(IMPORT_FILE_NOT_CSV);
  let records: string[][];
  try {
    records = parse(body, { delimiter: delimiterOf(body), relax_column_count: true, relax_quotes: false });
  } catch {
    return refuseFile(IMPORT_FILE_NOT_CSV);
  }
  const headerIndex = records.findIndex((record) => !isBlank(record));
  const header = (records[headerIndex] ?? []).map((cell) => cell.trim());
  const known = new Set(PRODUCT_CSV_COLUMNS.map((column) => column.header));
  const missing = PRODUCT_CSV_COLUMNS.map((column) => column.header).filter((name) => !header.includes(name));
  const unknown = header.filter((name) => name !== "" && !known.has(name));
  if (missing.length > 0) refuseFile(importColumnsMissing(missing));
  if (unknown.length > 0) refuseFile(importColumnsUnknown(unknown));

  const position = new Map(PRODUCT_CSV_COLUMNS.map((column) => [column.field, header.indexOf(column.header)]));
  const rows: CsvRow[] = [];
  const cellRefusals: ImportRefusal[] = [];
  records.forEach((record, index) => {
    if (index <= headerIndex || isBlank(record)) return;
    const line = index + 1;
    // Trailing empty cells are what a spreadsheet adds or drops; cells past the header that hold something are not.
    const filled = record.length - [...record].reverse().findIndex((cell) => cell.trim() !== "");
    if (filled > header.length) {
      cellRefusals.push({ line, column: null, message: importRowCells(filled, header.length) });
      return;
    }
    const cells = Object.fromEntries(
      PRODUCT_CSV_COLUMNS.map((column) => {
        const value = record[position.get(column.field)!] ?? "";
        return [column.field, column.text ? unguardedCell(value) : value];
      }),
    ) as Record<ProductCsvField, string>;
    rows.push({ line, cells });
  });
  if (rows.length + cellRefusals.length === 0) refuseFile(IMPORT_NO_ROWS);
  if (rows.length + cellRefusals.length > PRODUCT_IMPORT_MAX_ROWS) refuseFile(IMPORT_TOO_MANY_ROWS);
  return { rows, cellRefusals };
}

/** What the checks need from the database. */
export interface ImportContext {
  /** Every category by its slug. */
  categories: Map<string, { id: string; specSheet: SpecSheetKind | null; hidden: boolean }>;
  /** The shop's live products the file names, by id. */
  products: Map<string, ExistingProduct>;
}

export interface ExistingProduct {
  id: string;
  name: string;
  slug: string;
  categoryId: string;
  adminHidden: boolean;
  hasSizes: boolean;
  stock: number;
  lowStockThreshold: number;
  /** Its sizes with their stock, by name. */
  sizes: Map<string, number>;
}

/** A row that passed: the product form's values, the product it changes (null: new) and its state (null: kept). */
export interface ValidRow {
  line: number;
  product: ExistingProduct | null;
  form: ProductForm;
  state: ProductState | null;
}

export interface CheckedRows {
  valid: ValidRow[];
  refusals: ImportRefusal[];
  /** Lines of the rows left out, in order. */
  skippedLines: number[];
  rowCount: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The syntactically valid ids a file names: what the apply locks before checking. */
export function namedIds(rows: readonly CsvRow[]): string[] {
  return [...new Set(rows.map((row) => row.cells.id.trim().toLowerCase()).filter((id) => UUID.test(id)))];
}

/** The product form's field a schema issue is about, as the file's column. */
const COLUMN_OF_FORM_FIELD: Record<string, ProductCsvField> = {
  name: "name",
  categoryId: "category",
  brand: "brand",
  price: "price",
  discount: "discount",
  color: "color",
  tag: "tag",
  description: "description",
  state: "state",
  lowStockThreshold: "lowStockThreshold",
  stock: "stock",
  sizes: "sizes",
  specs: "specs",
};
const COLUMN_ORDER = PRODUCT_CSV_COLUMNS.map((column) => column.header);

/** Stands for a category the file names wrongly, so the rest of the row is still checked. */
const NO_CATEGORY = "00000000-0000-4000-8000-000000000000";

/** Every row checked; a row with any refusal is skipped whole. */
export function checkRows(rows: readonly CsvRow[], cellRefusals: readonly ImportRefusal[], context: ImportContext) {
  const refusals: ImportRefusal[] = [...cellRefusals];
  const valid: ValidRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const row of rows) {
    const own: ImportRefusal[] = [];
    const refuse = (field: ProductCsvField, message: string) => {
      const column = PRODUCT_CSV_HEADERS[field];
      if (!own.some((refusal) => refusal.column === column && refusal.message === message))
        own.push({ line: row.line, column, message });
    };
    const cell = (field: ProductCsvField) => row.cells[field].trim();

    let product: ExistingProduct | null = null;
    const id = cell("id").toLowerCase();
    if (id !== "") {
      if (!UUID.test(id)) refuse("id", IMPORT_ID_INVALID);
      else if (firstLineOf.has(id)) refuse("id", importIdRepeated(firstLineOf.get(id)!));
      else {
        firstLineOf.set(id, row.line);
        product = context.products.get(id) ?? null;
        if (!product) refuse("id", IMPORT_ID_NOT_YOURS);
      }
    }

    const slug = cell("category").toLowerCase();
    const category = context.categories.get(slug);
    if (slug === "") refuse("category", CATEGORY_MISSING);
    else if (!category) refuse("category", CATEGORY_NOT_FOUND);
    else if (category.hidden && product?.categoryId !== category.id) refuse("category", CATEGORY_HIDDEN_FOR_PRODUCTS);

    const sizes = parseListCell(cell("sizes"));
    if (!sizes) refuse("sizes", IMPORT_SIZES_FORMAT);
    const specs = parseListCell(cell("specs"));
    if (!specs) refuse("specs", IMPORT_SPECS_FORMAT);
    const optional = (field: ProductCsvField) => (cell(field) === "" ? undefined : cell(field));

    const parsed = productFormFields.safeParse({
      name: row.cells.name,
      categoryId: category?.id ?? NO_CATEGORY,
      brand: row.cells.brand,
      price: row.cells.price,
      discount: optional("discount"),
      color: row.cells.color,
      tag: row.cells.tag,
      description: row.cells.description,
      lowStockThreshold: optional("lowStockThreshold"),
      stock: optional("stock"),
      sizes: (sizes ?? []).map(([size, stock]) => ({ size, stock })),
      specs: Object.fromEntries(specs ?? []),
      state: cell("state").toLowerCase(),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = COLUMN_OF_FORM_FIELD[String(issue.path[0])];
        if (field && field !== "category") refuse(field, issue.message);
      }
    } else if (category) {
      for (const issue of specSheetIssues(category.specSheet, parsed.data.specs)) refuse("specs", issue.message);
    }

    const wanted = parsed.success ? parsed.data.state : undefined;
    // Hidden by an admin, it stays hidden until an admin publishes it (decision 0053).
    if (product?.adminHidden && wanted !== undefined && wanted !== "oculto")
      refuse("state", PUBLISH_REFUSED_ADMIN_HIDDEN);
    if (!product && wanted === "publicado") refuse("state", IMPORT_NEW_NOT_PUBLISHED);

    if (own.length > 0 || !parsed.success) {
      own.sort((a, b) => COLUMN_ORDER.indexOf(a.column!) - COLUMN_ORDER.indexOf(b.column!));
      refusals.push(...own);
      continue;
    }
    // A new product without a state is a draft (it has no images yet); an update without one keeps its own.
    valid.push({ line: row.line, product, form: parsed.data, state: wanted ?? (product ? null : "borrador") });
  }
  refusals.sort((a, b) => a.line - b.line);
  const skippedLines = [...new Set(refusals.map((refusal) => refusal.line))];
  return { valid, refusals, skippedLines, rowCount: rows.length + cellRefusals.length } satisfies CheckedRows;
}
