// Without zod: the product page and its size guide read these tables and work out the size to
// choose in the browser too (issue 36), and visitor pages do not load the schema library.
import { formatSpanishNumber } from "./number-format";
import { SIZE_GUIDE_TITLE } from "./seller-product-labels";
import {
  isSizeGuideChoice,
  SIZE_GUIDE_AUTOMATIC,
  SIZE_GUIDE_NAMES,
  SIZE_GUIDE_NONE,
  SIZE_GUIDE_OWN,
  type OwnSizeTable,
  type SizeGuideId,
} from "./size-guide-choices";
import type { SpecSheetKind } from "./spec-sheet-fields";

export * from "./size-guide-choices";
export { SIZE_GUIDE_TITLE };

/**
 * Size guides (issue 36, decision 0060): shoe tables (EU, UK, US and the longest foot each size
 * fits, in cm), one per brand whose sizes differ from the usual ones, and one clothing table
 * (chest, waist and hip in cm per letter size). A product stores the seller's choice
 * (SIZE_GUIDE_CHOICES, contract/size-guide-choices.ts) and, for «Tabla propia», the seller's own
 * table; `productGuideRef` and `resolveGuide` turn them into the guide its page shows, and
 * `sizeForFoot` / `sizeForBody` name the size to choose in it.
 */

/** One shoe size: the foot it fits is longer than the previous row's `footCm`, up to its own. */
export interface ShoeRow {
  eu: string;
  uk: string;
  us: string;
  footCm: number;
}

/** One clothing size: the body measures it fits, in cm, from and to. */
export interface ClothingRow {
  size: string;
  chestCm: readonly [number, number];
  waistCm: readonly [number, number];
  hipCm: readonly [number, number];
}

/** `own`: the seller's table («Tabla propia»), which may leave some of the product's sizes without a row. */
export type ShoeGuide = { kind: "calzado"; name: string; rows: readonly ShoeRow[]; own?: boolean };
export type ClothingGuide = { kind: "ropa"; name: string; rows: readonly ClothingRow[]; own?: boolean };
export type SizeGuide = ShoeGuide | ClothingGuide;

/** [EU, UK, US, foot length in cm], the brands' usual men's/unisex numbering. */
type ShoeLine = readonly [string, string, string, number];
const shoeRows = (lines: readonly ShoeLine[]): readonly ShoeRow[] =>
  lines.map(([eu, uk, us, footCm]) => ({ eu, uk, us, footCm }));

/**
 * The tables, by id. Figures: the brands' published charts at the whole EU sizes padel shops
 * sell (decision 0060); the generic one is the Paris point (EU = 1,5 × (foot + 1,5 cm)).
 */
export const SIZE_GUIDES = {
  "calzado-generica": {
    kind: "calzado",
    name: SIZE_GUIDE_NAMES["calzado-generica"],
    rows: shoeRows([
      ["36", "3,5", "4,5", 22.5],
      ["37", "4", "5", 23.2],
      ["38", "5", "6", 23.8],
      ["39", "6", "7", 24.5],
      ["40", "6,5", "7,5", 25.2],
      ["41", "7,5", "8,5", 25.8],
      ["42", "8", "9", 26.5],
      ["43", "9", "10", 27.2],
      ["44", "9,5", "10,5", 27.8],
      ["45", "10,5", "11,5", 28.5],
      ["46", "11", "12", 29.2],
    ]),
  },
  "calzado-adidas": {
    kind: "calzado",
    name: SIZE_GUIDE_NAMES["calzado-adidas"],
    rows: shoeRows([
      ["36", "3,5", "4", 22.1],
      ["37", "4,5", "5", 22.9],
      ["38", "5", "5,5", 23.3],
      ["39", "6", "6,5", 24.2],
      ["40", "6,5", "7", 24.6],
      ["41", "7,5", "8", 25.5],
      ["42", "8", "8,5", 25.9],
      ["43", "9", "9,5", 26.7],
      ["44", "9,5", "10", 27.1],
      ["45", "10,5", "11", 28],
      ["46", "11", "11,5", 28.4],
    ]),
  },
  "calzado-asics": {
    kind: "calzado",
    name: SIZE_GUIDE_NAMES["calzado-asics"],
    rows: shoeRows([
      ["36", "3,5", "4,5", 22.5],
      ["37", "4", "5", 23],
      ["38", "5", "6", 24],
      ["39", "5,5", "6,5", 24.5],
      ["40", "6", "7", 25],
      ["41", "7", "8", 26],
      ["42", "7,5", "8,5", 26.5],
      ["43", "8,5", "9,5", 27.5],
      ["44", "9", "10", 28],
      ["45", "10", "11", 28.5],
      ["46", "11", "12", 29.5],
    ]),
  },
  "calzado-bullpadel": {
    kind: "calzado",
    name: SIZE_GUIDE_NAMES["calzado-bullpadel"],
    rows: shoeRows([
      ["36", "3,5", "4,5", 23],
      ["37", "4", "5", 23.5],
      ["38", "5", "6", 24.3],
      ["39", "6", "7", 25],
      ["40", "6,5", "7,5", 25.7],
      ["41", "7,5", "8,5", 26.3],
      ["42", "8", "9", 27],
      ["43", "9", "10", 27.7],
      ["44", "9,5", "10,5", 28.3],
      ["45", "10,5", "11,5", 29],
      ["46", "11", "12", 29.7],
    ]),
  },
  "calzado-joma": {
    kind: "calzado",
    name: SIZE_GUIDE_NAMES["calzado-joma"],
    rows: shoeRows([
      ["36", "3", "4", 22.7],
      ["37", "4", "5", 23.3],
      ["38", "5", "6", 24],
      ["39", "6", "7", 24.7],
      ["40", "6,5", "7,5", 25.3],
      ["41", "7", "8", 26],
      ["42", "8", "9", 26.7],
      ["43", "9", "10", 27.3],
      ["44", "10", "11", 28],
      ["45", "11", "12", 28.7],
      ["46", "12", "13", 29.3],
    ]),
  },
  ropa: {
    kind: "ropa",
    name: SIZE_GUIDE_NAMES["ropa"],
    rows: [
      { size: "XS", chestCm: [82, 87], waistCm: [68, 73], hipCm: [84, 89] },
      { size: "S", chestCm: [88, 93], waistCm: [74, 79], hipCm: [90, 95] },
      { size: "M", chestCm: [94, 99], waistCm: [80, 85], hipCm: [96, 101] },
      { size: "L", chestCm: [100, 106], waistCm: [86, 92], hipCm: [102, 107] },
      { size: "XL", chestCm: [107, 113], waistCm: [93, 100], hipCm: [108, 113] },
      { size: "XXL", chestCm: [114, 120], waistCm: [101, 108], hipCm: [114, 119] },
    ],
  },
} as const satisfies Record<SizeGuideId, SizeGuide>;

/** The shoe table a brand's products take by default; brands not listed take the generic one. */
const BRAND_SHOE_GUIDES: Record<string, SizeGuideId> = {
  adidas: "calzado-adidas",
  asics: "calzado-asics",
  bullpadel: "calzado-bullpadel",
  joma: "calzado-joma",
};
const GENERIC_SHOE_GUIDE: SizeGuideId = "calzado-generica";

const LETTER_SIZES = new Set<string>(SIZE_GUIDES.ropa.rows.map((row) => row.size));

/** Brand names as sellers type them: «ASICS», «Asics », «Bullpadel». */
const brandKey = (brand: string) => brand.trim().toLocaleLowerCase("es").replace(/\s+/g, " ");

/**
 * The guide a product's page shows, or null. The seller's table, none, or the category's default:
 * shoes (spec sheet `zapatilla`) take their brand's table, else the generic one; a product whose
 * sizes are all letter sizes (XS…XXL) takes the clothing table; anything else has none.
 */
export function guideForProduct(product: {
  sizeGuide: string;
  brand: string;
  specSheet: SpecSheetKind | null;
  sizes: readonly { size: string }[];
}): SizeGuideId | null {
  if (product.sizeGuide === SIZE_GUIDE_NONE || product.sizeGuide === SIZE_GUIDE_OWN) return null;
  if (product.sizeGuide !== SIZE_GUIDE_AUTOMATIC)
    return isSizeGuideChoice(product.sizeGuide) ? (product.sizeGuide as SizeGuideId) : null;
  if (product.specSheet === "zapatilla") return BRAND_SHOE_GUIDES[brandKey(product.brand)] ?? GENERIC_SHOE_GUIDE;
  if (product.sizes.length > 0 && product.sizes.every((entry) => LETTER_SIZES.has(entry.size.trim().toUpperCase())))
    return "ropa";
  return null;
}

/** Which guide a product's page shows: a table of this file by id, or the shop's own table. */
export type GuideRef = SizeGuideId | { shop: string; table: OwnSizeTable };

/** The EU size of a shoe row as a number (42, 42,5), for ordering the seller's own rows; NaN if it is not one. */
export const euNumber = (size: string) =>
  /^\d{2}(?:[.,]\d)?$/.test(size.trim()) ? Number(size.trim().replace(",", ".")) : Number.NaN;

/**
 * The guide a product's page offers, or null: only a product sold by size has one; «Tabla propia»
 * without a stored table (a product from before the choice existed) offers none.
 */
export function productGuideRef(product: {
  sizeGuide: string;
  sizeGuideTable: OwnSizeTable | null;
  brand: string;
  specSheet: SpecSheetKind | null;
  sizes: readonly { size: string }[];
  shop: { name: string };
}): GuideRef | null {
  if (product.sizes.length === 0) return null;
  if (product.sizeGuide === SIZE_GUIDE_OWN)
    return product.sizeGuideTable ? { shop: product.shop.name, table: product.sizeGuideTable } : null;
  return guideForProduct(product);
}

/** The guide a reference names; the shop's own shoe rows go by EU size (the form checks they grow with it). */
export function resolveGuide(ref: GuideRef): SizeGuide {
  if (typeof ref === "string") return SIZE_GUIDES[ref];
  const name = `Tabla propia de ${ref.shop}`;
  return ref.table.kind === "calzado"
    ? { kind: "calzado", name, own: true, rows: [...ref.table.rows].sort((a, b) => euNumber(a.eu) - euNumber(b.eu)) }
    : { kind: "ropa", name, own: true, rows: ref.table.rows };
}

/** A row's size as the product's sizes name it (shoes by EU number, clothing by letter). */
export function guideRowSize(row: ShoeRow | ClothingRow): string {
  return "eu" in row ? row.eu : row.size;
}

// ---- The size to choose from a foot length --------------------------------------------------------

export const FOOT_LENGTH_FIELD_LABEL = "Longitud de tu pie (cm)";
export const FOOT_LENGTH_HINT =
  "Mide descalzo, del talón a la punta del dedo más largo; si estás entre dos tallas, elige la mayor.";
/** The guide page's query parameter, so an answer can be shared and works without JavaScript. */
export const FOOT_LENGTH_PARAM = "pie";
export const FOOT_LENGTH_MIN_CM = 15;
export const FOOT_LENGTH_MAX_CM = 35;
export const FOOT_LENGTH_MISSING = "Escribe la longitud de tu pie en centímetros.";
export const FOOT_LENGTH_INVALID = "Escribe la longitud en centímetros, con un decimal como mucho (por ejemplo 26,5).";
export const FOOT_LENGTH_OUT_OF_RANGE = `Escribe una longitud entre ${FOOT_LENGTH_MIN_CM} y ${FOOT_LENGTH_MAX_CM} cm, del talón a la punta del dedo más largo.`;

/** Centimetres with a comma and at most one decimal: 26,5 · 27. */
export const formatCm = (cm: number) => formatSpanishNumber(cm, 0, 1);

export type ParsedCm = { ok: true; cm: number } | { ok: false; error: string } | { ok: "blank" };

/** Centimetres as typed ("26,5", "26.5", "27", "27 cm"), within a range; blank is told apart. */
export function parseCm(
  text: string,
  limits: { min: number; max: number; invalid: string; outOfRange: string },
): ParsedCm {
  const value = text.trim().replace(/\s*cm$/i, "");
  if (value === "") return { ok: "blank" };
  if (!/^\d{1,3}(?:[.,]\d)?$/.test(value)) return { ok: false, error: limits.invalid };
  const cm = Number(value.replace(",", "."));
  if (cm < limits.min || cm > limits.max) return { ok: false, error: limits.outOfRange };
  return { ok: true, cm };
}

/** The typed foot length in cm ("26,5", "26.5", "27"), or why it cannot be read. */
export function parseFootLength(text: string): { ok: true; cm: number } | { ok: false; error: string } {
  const parsed = parseCm(text, {
    min: FOOT_LENGTH_MIN_CM,
    max: FOOT_LENGTH_MAX_CM,
    invalid: FOOT_LENGTH_INVALID,
    outOfRange: FOOT_LENGTH_OUT_OF_RANGE,
  });
  return parsed.ok === "blank" ? { ok: false, error: FOOT_LENGTH_MISSING } : parsed;
}

export type SizeAdvice =
  | { kind: "talla"; row: ShoeRow }
  | { kind: "menor"; smallest: ShoeRow; fromCm: number }
  | { kind: "mayor"; largest: ShoeRow };

/**
 * The size whose foot length is the first that reaches the shopper's foot. A foot shorter than
 * the smallest size's range (one step below it) or longer than the largest size has none.
 */
export function sizeForFoot(guide: ShoeGuide, footCm: number): SizeAdvice {
  const rows = guide.rows;
  const smallest = rows[0]!;
  const largest = rows[rows.length - 1]!;
  const step = rows.length > 1 ? rows[1]!.footCm - smallest.footCm : 0.7;
  const fromCm = Math.round((smallest.footCm - step) * 10) / 10;
  if (footCm <= fromCm) return { kind: "menor", smallest, fromCm };
  const row = rows.find((candidate) => candidate.footCm >= footCm);
  return row ? { kind: "talla", row } : { kind: "mayor", largest };
}

type SoldSizes = readonly { size: string; stock: number }[];

/** How the product stands in a size: sizes compare without case or extra spaces («xl» is «XL»). */
function stockSentence(size: string, sizes: SoldSizes): string {
  const sold = sizes.find((entry) => entry.size.trim().toUpperCase() === size.trim().toUpperCase());
  if (!sold) return "Este producto no se vende en esa talla.";
  return sold.stock > 0 ? "Está en stock en este producto." : "Está agotada en este producto.";
}

/** The advice in words, with how the product stands in that size (its sizes as sold). */
export function sizeAdviceText(advice: SizeAdvice, sizes: SoldSizes): string {
  switch (advice.kind) {
    case "menor":
      return `Tu pie es más corto que la talla más pequeña de esta guía (la ${advice.smallest.eu}, para pies de más de ${formatCm(advice.fromCm)} cm).`;
    case "mayor":
      return `Tu pie es más largo que la talla más grande de esta guía (la ${advice.largest.eu}, hasta ${formatCm(advice.largest.footCm)} cm).`;
    case "talla":
      return `Te recomendamos la talla ${advice.row.eu}. ${stockSentence(advice.row.eu, sizes)}`;
  }
}

// ---- The size to choose from body measures (clothing) --------------------------------------------

export type BodyMeasure = "chestCm" | "waistCm" | "hipCm";
export type BodyMeasures = { chestCm: number; waistCm?: number; hipCm?: number };

/**
 * The clothing guide's form: its fields, their query parameters (a GET form, so an answer can be
 * shared and works without JavaScript) and how the advice names each measure. Only the chest is needed.
 */
export const BODY_MEASURE_FIELDS: readonly {
  key: BodyMeasure;
  param: string;
  label: string;
  noun: string;
  missing: string | null;
}[] = [
  {
    key: "chestCm",
    param: "pecho",
    label: "Contorno de tu pecho (cm)",
    noun: "pecho",
    missing: "Escribe el contorno de tu pecho en centímetros.",
  },
  { key: "waistCm", param: "cintura", label: "Tu cintura (cm, opcional)", noun: "cintura", missing: null },
  { key: "hipCm", param: "cadera", label: "Tu cadera (cm, opcional)", noun: "cadera", missing: null },
];
/** The guide page's query parameters: its forms are GET forms, so an answer can be shared. */
export const SIZE_GUIDE_PARAMS = [FOOT_LENGTH_PARAM, ...BODY_MEASURE_FIELDS.map((field) => field.param)];
export const BODY_MEASURE_HINT =
  "Mide con la cinta sin apretar: el pecho por la parte más ancha, la cintura a la altura del ombligo y la cadera por la parte más ancha.";
export const BODY_MEASURE_MIN_CM = 40;
export const BODY_MEASURE_MAX_CM = 200;
export const BODY_MEASURE_INVALID = "Escribe la medida en centímetros, con un decimal como mucho (por ejemplo 96,5).";
export const BODY_MEASURE_OUT_OF_RANGE = `Escribe una medida entre ${BODY_MEASURE_MIN_CM} y ${BODY_MEASURE_MAX_CM} cm.`;

/** The typed body measures: each field's value, or the error to show next to it. */
export function parseBodyMeasures(
  texts: Partial<Record<BodyMeasure, string>>,
): { ok: true; measures: BodyMeasures } | { ok: false; errors: Partial<Record<BodyMeasure, string>> } {
  const measures: Partial<BodyMeasures> = {};
  const errors: Partial<Record<BodyMeasure, string>> = {};
  for (const field of BODY_MEASURE_FIELDS) {
    const parsed = parseCm(texts[field.key] ?? "", {
      min: BODY_MEASURE_MIN_CM,
      max: BODY_MEASURE_MAX_CM,
      invalid: BODY_MEASURE_INVALID,
      outOfRange: BODY_MEASURE_OUT_OF_RANGE,
    });
    if (parsed.ok === true) measures[field.key] = parsed.cm;
    else if (parsed.ok === false) errors[field.key] = parsed.error;
    else if (field.missing) errors[field.key] = field.missing;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, measures: measures as BodyMeasures };
}

export type BodyAdvice =
  | { kind: "talla"; row: ClothingRow; mixed: boolean }
  | { kind: "entre"; smaller: ClothingRow; larger: ClothingRow; measure: BodyMeasure }
  | { kind: "menor"; smallest: ClothingRow }
  | { kind: "mayor"; largest: ClothingRow; measure: BodyMeasure };

/**
 * The size for a body: each measure given falls in a size's range, between two sizes (the larger
 * counts, half a step up) or off the table. The largest size any measure asks for wins, so nothing
 * is tight; a measure above the largest size has no size; a measure below the smallest asks for
 * nothing, and when all do the body is smaller than the table. Rows go by their chest range.
 */
export function sizeForBody(guide: ClothingGuide, body: BodyMeasures): BodyAdvice {
  const rows = [...guide.rows].sort((a, b) => a.chestCm[0] - b.chestCm[0]);
  const largest = rows[rows.length - 1]!;
  // Half steps: 2 × index for a size's range, one more between it and the next.
  const steps: { measure: BodyMeasure; step: number }[] = [];
  for (const field of BODY_MEASURE_FIELDS) {
    const value = body[field.key];
    if (value === undefined) continue;
    const ranges = rows.map((row) => row[field.key]);
    if (value > largest[field.key][1]) return { kind: "mayor", largest, measure: field.key };
    const inside = ranges.findIndex(([from, to]) => from <= value && value <= to);
    if (inside >= 0) {
      steps.push({ measure: field.key, step: 2 * inside });
      continue;
    }
    const next = ranges.findIndex(([from]) => from > value);
    if (next > 0) steps.push({ measure: field.key, step: 2 * next - 1 });
  }
  if (steps.length === 0) return { kind: "menor", smallest: rows[0]! };
  const top = steps.reduce((best, entry) => (entry.step > best.step ? entry : best));
  if (top.step % 2 === 1)
    return {
      kind: "entre",
      smaller: rows[(top.step - 1) / 2]!,
      larger: rows[(top.step + 1) / 2]!,
      measure: top.measure,
    };
  return { kind: "talla", row: rows[top.step / 2]!, mixed: steps.some((entry) => entry.step !== top.step) };
}

const nounOf = (measure: BodyMeasure) => BODY_MEASURE_FIELDS.find((field) => field.key === measure)!.noun;

/** The clothing advice in words, with how the product stands in the size it recommends. */
export function bodyAdviceText(advice: BodyAdvice, sizes: SoldSizes): string {
  switch (advice.kind) {
    case "menor":
      return `Tus medidas son menores que las de la talla más pequeña de esta guía (la ${advice.smallest.size}, desde ${formatCm(advice.smallest.chestCm[0])} cm de pecho).`;
    case "mayor":
      return `Tu ${nounOf(advice.measure)} pasa de la talla más grande de esta guía (la ${advice.largest.size}, hasta ${formatCm(advice.largest[advice.measure][1])} cm).`;
    case "entre":
      return `Por tu ${nounOf(advice.measure)} estás entre la ${advice.smaller.size} y la ${advice.larger.size}: te recomendamos la ${advice.larger.size}, o la ${advice.smaller.size} si la prefieres ajustada. ${stockSentence(advice.larger.size, sizes)}`;
    case "talla": {
      const mixed = advice.mixed ? " Tus medidas caen en tallas distintas: es la mayor, para que no te apriete." : "";
      return `Te recomendamos la talla ${advice.row.size}.${mixed} ${stockSentence(advice.row.size, sizes)}`;
    }
  }
}
