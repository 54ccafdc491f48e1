import { stringify } from "csv-stringify/sync";
import { guardedCell } from "#contract/product-csv";

/** A column of a downloaded sheet: `text` marks what people typed, which must never run as a formula. */
export interface CsvColumn {
  header: string;
  text?: boolean;
}

/**
 * Rows as CSV for a spreadsheet in Spanish: UTF-8 with a BOM (so Excel reads the accents),
 * semicolons between cells (amounts carry decimal commas), every cell quoted and CRLF line ends;
 * a text cell that looks like a formula is prefixed with an apostrophe.
 */
export function csvText(columns: readonly CsvColumn[], rows: readonly (readonly string[])[]): string {
  const safeRows = rows.map((row) => row.map((value, index) => (columns[index]?.text ? guardedCell(value) : value)));
  return stringify([columns.map((column) => column.header), ...safeRows], {
    bom: true,
    delimiter: ";",
    quoted: true,
    quoted_empty: true,
    record_delimiter: "windows",
  });
}

/** A CSV download answer: private, never cached, saved under `fileName`. */
export function csvDownload(fileName: string, columns: readonly CsvColumn[], rows: readonly (readonly string[])[]) {
  return csvDownloadOf(fileName, csvText(columns, rows));
}

/** The download answer for a CSV text already written. */
export function csvDownloadOf(fileName: string, text: string) {
  return new Response(text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
