import { z } from "zod";
import { SIZE_MAX_LENGTH } from "./limits";
import {
  BODY_MEASURE_MAX_CM,
  BODY_MEASURE_MIN_CM,
  euNumber,
  FOOT_LENGTH_MAX_CM,
  FOOT_LENGTH_MIN_CM,
  formatCm,
  ownTableKindFor,
  SIZE_GUIDE_OWN,
  type OwnSizeTable,
} from "./size-guides";

/**
 * «Tabla propia» (issue 36, decision 0060): the size table a seller types in the product form, one
 * row per size of the product. Shoes (spec sheet `zapatilla`): UK, US and the foot length in cm of
 * each EU size; anything else: chest, waist and hip from–to in cm of each size. Both halves parse
 * it with `ownSizeTableField` (the product form's `sizeGuideTable`), and `ownTableIssues` checks it
 * against the product's sizes; the API checks its kind against the category (`ownTableKindFor`).
 *
 * Form names: `sizeGuideTable.kind` (`calzado` or `ropa`), then per row `sizeGuideTable.rows[0].size`
 * and `.uk`, `.us`, `.footCm` (shoes) or `.chestFrom`, `.chestTo`, `.waistFrom`, `.waistTo`,
 * `.hipFrom`, `.hipTo` (clothing). Numbers as a person types them: one decimal at most, comma or point.
 */

export const OWN_TABLE_MISSING = "Escribe las medidas de cada talla en tu tabla.";
export const OWN_TABLE_NEEDS_SIZES = "La tabla propia necesita las tallas del producto: añádelas en Tallas.";
export const OWN_TABLE_WRONG_KIND =
  "Tu tabla no es de esta categoría: las zapatillas llevan UK, US y pie; la ropa, pecho, cintura y cadera. Vuelve a escribirla.";
export const ownTableSizeMissing = (sizes: readonly string[]) =>
  sizes.length === 1
    ? `Escribe las medidas de la talla ${sizes[0]}.`
    : `Escribe las medidas de las tallas ${sizes.join(", ")}.`;
export const ownTableSizeUnknown = (size: string) => `La talla «${size}» no es una de las tallas del producto.`;
const SIZE_REPEATED = "Esta talla ya tiene su fila.";
const notEuSize = (size: string) =>
  `La talla «${size}» no es una talla EU: una tabla de zapatillas necesita tallas como 42 o 42,5.`;
const footMustGrow = (size: string, previous: string, previousCm: number) =>
  `El pie de la talla ${size} debe ser más largo que el de la ${previous} (${formatCm(previousCm)} cm).`;
const TO_BELOW_FROM = "«Hasta» debe ser igual o mayor que «desde».";

/** A number as typed, one decimal at most, from `min` to `max`. */
function typedDecimal(options: { missing: string; invalid: string; min: number; max: number; outOfRange: string }) {
  return z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    z
      .string({ required_error: options.missing, invalid_type_error: options.invalid })
      .trim()
      .transform((text, context) => {
        // One message per field: a blank one is missing, not also malformed.
        const problem = text === "" ? options.missing : /^\d{1,3}(?:[.,]\d)?$/.test(text) ? null : options.invalid;
        if (problem === null) return Number(text.replace(",", "."));
        context.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      })
      .pipe(z.number().min(options.min, options.outOfRange).max(options.max, options.outOfRange)),
  );
}

const ONE_DECIMAL = "Escribe un número con un decimal como mucho (por ejemplo 26,5).";
const shoeNumber = (system: string) =>
  typedDecimal({
    missing: `Escribe la talla ${system}.`,
    invalid: ONE_DECIMAL,
    min: 0,
    max: 25,
    outOfRange: `La talla ${system} debe estar entre 0 y 25.`,
  }).transform((value) => formatCm(value));
const footCm = typedDecimal({
  missing: "Escribe la longitud del pie en cm.",
  invalid: ONE_DECIMAL,
  min: FOOT_LENGTH_MIN_CM,
  max: FOOT_LENGTH_MAX_CM,
  outOfRange: `La longitud del pie debe estar entre ${FOOT_LENGTH_MIN_CM} y ${FOOT_LENGTH_MAX_CM} cm.`,
});
const bodyCm = (end: "desde" | "hasta") =>
  typedDecimal({
    missing: `Escribe «${end}» en cm.`,
    invalid: ONE_DECIMAL,
    min: BODY_MEASURE_MIN_CM,
    max: BODY_MEASURE_MAX_CM,
    outOfRange: `Escribe una medida entre ${BODY_MEASURE_MIN_CM} y ${BODY_MEASURE_MAX_CM} cm.`,
  });
const rowSize = z
  .string({ required_error: "Falta la talla de la fila.", invalid_type_error: "Falta la talla de la fila." })
  .trim()
  .min(1, "Falta la talla de la fila.")
  .max(SIZE_MAX_LENGTH, "La talla no es válida.");
const ROWS_INVALID = "Las filas de la tabla no son válidas.";
const ROWS_MAX = 40;

const shoeRow = z
  .object({ size: rowSize, uk: shoeNumber("UK"), us: shoeNumber("US"), footCm })
  .transform(({ size, uk, us, footCm: cm }) => ({ eu: size, uk, us, footCm: cm }));

const clothingRow = z
  .object({
    size: rowSize,
    chestFrom: bodyCm("desde"),
    chestTo: bodyCm("hasta"),
    waistFrom: bodyCm("desde"),
    waistTo: bodyCm("hasta"),
    hipFrom: bodyCm("desde"),
    hipTo: bodyCm("hasta"),
  })
  .superRefine((row, context) => {
    for (const measure of ["chest", "waist", "hip"] as const)
      if (row[`${measure}From`] > row[`${measure}To`])
        context.addIssue({ code: "custom", path: [`${measure}To`], message: TO_BELOW_FROM });
  })
  .transform((row) => ({
    size: row.size,
    chestCm: [row.chestFrom, row.chestTo] as [number, number],
    waistCm: [row.waistFrom, row.waistTo] as [number, number],
    hipCm: [row.hipFrom, row.hipTo] as [number, number],
  }));

/** Each row's size once; shoe sizes are EU numbers whose foot length grows with them. */
function checkRows(table: OwnSizeTable, context: z.RefinementCtx) {
  const seen = new Set<string>();
  const sizes: string[] =
    table.kind === "calzado" ? table.rows.map((row) => row.eu) : table.rows.map((row) => row.size);
  sizes.forEach((size, index) => {
    const key = size.toUpperCase();
    if (seen.has(key)) context.addIssue({ code: "custom", path: ["rows", index, "size"], message: SIZE_REPEATED });
    seen.add(key);
  });
  if (table.kind !== "calzado") return;
  const numbered = table.rows.map((row, index) => ({ row, index, eu: euNumber(row.eu) }));
  for (const entry of numbered)
    if (Number.isNaN(entry.eu))
      context.addIssue({ code: "custom", path: ["rows", entry.index, "size"], message: notEuSize(entry.row.eu) });
  const ordered = numbered.filter((entry) => !Number.isNaN(entry.eu)).sort((a, b) => a.eu - b.eu);
  for (let at = 1; at < ordered.length; at++) {
    const previous = ordered[at - 1]!;
    const current = ordered[at]!;
    if (current.row.footCm <= previous.row.footCm)
      context.addIssue({
        code: "custom",
        path: ["rows", current.index, "footCm"],
        message: footMustGrow(current.row.eu, previous.row.eu, previous.row.footCm),
      });
  }
}

/** The product form's `sizeGuideTable`: the seller's own table, parsed into what the product stores. */
export const ownSizeTableField = z
  .discriminatedUnion(
    "kind",
    [
      z.object({
        kind: z.literal("calzado"),
        rows: z.array(shoeRow, { invalid_type_error: ROWS_INVALID }).max(ROWS_MAX, ROWS_INVALID),
      }),
      z.object({
        kind: z.literal("ropa"),
        rows: z.array(clothingRow, { invalid_type_error: ROWS_INVALID }).max(ROWS_MAX, ROWS_INVALID),
      }),
    ],
    { errorMap: () => ({ message: OWN_TABLE_WRONG_KIND }) },
  )
  .superRefine((table, context) => checkRows(table as OwnSizeTable, context)) as unknown as z.ZodType<
  OwnSizeTable,
  z.ZodTypeDef,
  unknown
>;

const cmRange = z.tuple([z.number(), z.number()]).readonly();
/** A stored table as the answers carry it (contract/size-guides.ts OwnSizeTable). */
export const ownSizeTable = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("calzado"),
    rows: z.array(z.object({ eu: z.string(), uk: z.string(), us: z.string(), footCm: z.number() })),
  }),
  z.object({
    kind: z.literal("ropa"),
    rows: z.array(z.object({ size: z.string(), chestCm: cmRange, waistCm: cmRange, hipCm: cmRange })),
  }),
]);

export { ownTableKindFor };

/**
 * «Tabla propia» against the product's sizes (both forms and the API, once both parse): it needs
 * sizes and a table; every row is one of the sizes and every size has a row.
 */
export function ownTableIssues(fields: {
  sizeGuide?: string | undefined;
  sizeGuideTable?: OwnSizeTable | undefined;
  sizes: readonly { size: string }[];
}): { path: (string | number)[]; message: string }[] {
  if (fields.sizeGuide !== SIZE_GUIDE_OWN) return [];
  if (fields.sizes.length === 0) return [{ path: ["sizeGuide"], message: OWN_TABLE_NEEDS_SIZES }];
  const table = fields.sizeGuideTable;
  if (!table || table.rows.length === 0) return [{ path: ["sizeGuideTable"], message: OWN_TABLE_MISSING }];
  const key = (size: string) => size.trim().toUpperCase();
  const productSizes = new Set(fields.sizes.map((entry) => key(entry.size)));
  const rowSizes = table.rows.map((row) => ("eu" in row ? row.eu : row.size));
  const issues = rowSizes.flatMap((size, index) =>
    productSizes.has(key(size))
      ? []
      : [{ path: ["sizeGuideTable", "rows", index, "size"], message: ownTableSizeUnknown(size) }],
  );
  const covered = new Set(rowSizes.map(key));
  const missing = fields.sizes.map((entry) => entry.size).filter((size) => !covered.has(key(size)));
  if (missing.length > 0) issues.push({ path: ["sizeGuideTable"], message: ownTableSizeMissing(missing) });
  return issues;
}

/** A stored table as the product form's values (text, comma decimals), one row per size. */
export function ownTableFormValue(table: OwnSizeTable): { kind: string; rows: Record<string, string>[] } {
  return table.kind === "calzado"
    ? {
        kind: table.kind,
        rows: table.rows.map((row) => ({ size: row.eu, uk: row.uk, us: row.us, footCm: formatCm(row.footCm) })),
      }
    : {
        kind: table.kind,
        rows: table.rows.map((row) => ({
          size: row.size,
          chestFrom: formatCm(row.chestCm[0]),
          chestTo: formatCm(row.chestCm[1]),
          waistFrom: formatCm(row.waistCm[0]),
          waistTo: formatCm(row.waistCm[1]),
          hipFrom: formatCm(row.hipCm[0]),
          hipTo: formatCm(row.hipCm[1]),
        })),
      };
}
