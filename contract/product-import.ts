import { z } from "zod";
import { objectExpected } from "./fields";
import { endpoint } from "./http";
// The page names refusals without loading zod (contract/product-csv.ts).
export { importRefusalText } from "./product-csv";
import { PRODUCT_IMPORT_MAX_BYTES, PRODUCT_IMPORT_MAX_ROWS } from "./limits";

/**
 * A seller's catalogue brought back from a CSV file (issue 34, decision 0054): the file the
 * catalogue download writes (contract/product-csv.ts), edited in a spreadsheet. The web sends the
 * file's text; the API reads and checks every row by the product form's rules (contract
 * seller-products.ts) and says each refusal by line and column. Preview checks only; apply checks
 * the same text again and writes the valid rows, all in one transaction.
 */

export { PRODUCT_IMPORT_MAX_BYTES, PRODUCT_IMPORT_MAX_ROWS };

// ---- Messages -----------------------------------------------------------------------------------

export const IMPORT_FILE_MISSING = "Elige el archivo CSV de tus productos.";
export const IMPORT_FILE_TOO_LARGE = `El archivo puede tener como máximo ${PRODUCT_IMPORT_MAX_BYTES / (1024 * 1024)} MB.`;
export const IMPORT_FILE_EMPTY = "El archivo está vacío: descarga tu catálogo en CSV, edítalo y súbelo.";
export const IMPORT_FILE_NOT_CSV =
  "No se pudo leer el archivo como CSV: guárdalo desde tu hoja de cálculo como «CSV UTF-8», separado por «;» o «,».";
export const IMPORT_FILE_NOT_TEXT = "El archivo no es texto UTF-8: guárdalo desde tu hoja de cálculo como «CSV UTF-8».";
export const IMPORT_TOO_MANY_ROWS = `El archivo puede tener como máximo ${PRODUCT_IMPORT_MAX_ROWS} productos: divídelo en varios.`;
export const IMPORT_NO_ROWS = "El archivo no tiene ningún producto debajo de la cabecera.";
/** Apply with no row that can be imported: nothing changes. */
export const IMPORT_NOTHING_VALID =
  "Ninguna fila del archivo se puede importar: corrige los errores y súbelo de nuevo.";

/** The header row lacks columns of the catalogue file, or has others. */
export function importColumnsMissing(headers: string[]): string {
  const names = headers.map((header) => `«${header}»`).join(", ");
  return `Al archivo le faltan columnas (${names}): descarga tu catálogo en CSV y usa sus columnas.`;
}
export function importColumnsUnknown(headers: string[]): string {
  const names = headers.map((header) => `«${header}»`).join(", ");
  return `El archivo tiene columnas que no son del catálogo (${names}): descarga tu catálogo en CSV y usa sus columnas.`;
}

/** A row whose cells do not line up with the header. */
export const importRowCells = (cells: number, headers: number) =>
  `La fila tiene ${cells} celdas y la cabecera ${headers}: revisa los separadores.`;
export const IMPORT_ID_INVALID = "El ID no es válido: déjalo vacío para crear un producto nuevo.";
export const IMPORT_ID_NOT_YOURS = "Este producto no es de tu tienda o ya no existe: deja el ID vacío para crearlo.";
export const importIdRepeated = (line: number) => `Este producto ya aparece en la línea ${line}.`;
export const IMPORT_SIZES_FORMAT = "Escribe cada talla con su stock así: «M: 2 | L: 3».";
export const IMPORT_SPECS_FORMAT = "Escribe la ficha técnica así: «clave: valor | clave: valor».";
/** A new product comes without images, so it cannot go on sale yet. */
export const IMPORT_NEW_NOT_PUBLISHED =
  "Un producto nuevo llega sin imágenes: impórtalo como «borrador» u «oculto» y publícalo cuando le añadas imágenes.";

/** «Importados: 3 nuevos, 2 actualizados.» */
export function importDoneMessage(created: number, updated: number): string {
  return `Importados: ${created} ${created === 1 ? "nuevo" : "nuevos"}, ${updated} ${updated === 1 ? "actualizado" : "actualizados"}.`;
}

// ---- Shapes -------------------------------------------------------------------------------------

/** The file's text, as read (UTF-8, with or without its BOM). */
export const productImportBody = z.object(
  {
    csv: z
      .string({ required_error: IMPORT_FILE_MISSING, invalid_type_error: IMPORT_FILE_MISSING })
      .max(PRODUCT_IMPORT_MAX_BYTES, IMPORT_FILE_TOO_LARGE),
  },
  objectExpected(IMPORT_FILE_MISSING),
);
export type ProductImportBody = z.infer<typeof productImportBody>;

/** One refusal: the spreadsheet's line (the header is line 1), the column's header (null: the row) and why. */
export const importRefusal = z.object({ line: z.number().int(), column: z.string().nullable(), message: z.string() });
export type ImportRefusal = z.infer<typeof importRefusal>;

/** At most this many refusals travel (the first ones, by line); `refusalCount` says how many there are. */
export const IMPORT_REFUSALS_LISTED = 200;

export const productImportPreview = z.object({
  /** Product rows in the file (blank lines aside). */
  rows: z.number().int(),
  /** Valid rows without an ID (new products) and with one (the shop's products they change). */
  creates: z.number().int(),
  updates: z.number().int(),
  /** The lines of the rows that would be skipped, in order. */
  skippedLines: z.array(z.number().int()),
  refusals: z.array(importRefusal),
  refusalCount: z.number().int(),
});
export type ProductImportPreview = z.infer<typeof productImportPreview>;

export const productImportResult = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows left out because they were refused. */
  skipped: z.number().int(),
});
export type ProductImportResult = z.infer<typeof productImportResult>;

/**
 * A seller whose shop is approved, on its own shop only. A file that cannot be read at all (not
 * CSV, empty, wrong columns, too large or long) is 400 on the field `csv`, and changes nothing.
 */
export const productImportEndpoints = {
  /** Reads and checks every row; writes nothing. */
  preview: endpoint({
    method: "POST",
    path: "/seller/products/import",
    body: productImportBody,
    answer: productImportPreview,
    timeoutMs: 60_000,
  }),
  /** Checks the same text again and writes its valid rows in one transaction. */
  apply: endpoint({
    method: "POST",
    path: "/seller/products/import/apply",
    body: productImportBody,
    answer: productImportResult,
    timeoutMs: 60_000,
  }),
};
