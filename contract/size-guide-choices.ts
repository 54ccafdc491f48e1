// Without zod, and without the tables' figures: the product form reads only these (its page's
// JavaScript budget), contract/size-guides.ts re-exports them with the tables.
import type { ClothingRow, ShoeRow } from "./size-guides";
import type { SpecSheetKind } from "./spec-sheet-fields";

/** The store's size tables by id, with their names (their figures: contract/size-guides.ts SIZE_GUIDES). */
export const SIZE_GUIDE_NAMES = {
  "calzado-generica": "Zapatillas (tabla general)",
  "calzado-adidas": "Zapatillas Adidas",
  "calzado-asics": "Zapatillas Asics",
  "calzado-bullpadel": "Zapatillas Bullpadel",
  "calzado-joma": "Zapatillas Joma",
  ropa: "Ropa (XS–XXL)",
} as const;
export type SizeGuideId = keyof typeof SIZE_GUIDE_NAMES;
export const SIZE_GUIDE_IDS = Object.keys(SIZE_GUIDE_NAMES) as SizeGuideId[];

/**
 * A seller's own table as a product stores it (`products.size_guide_table`): shoe rows name the
 * product's size as their EU size; clothing rows name the product's size. Checked by
 * contract/own-size-guide.ts.
 */
export type OwnSizeTable = { kind: "calzado"; rows: ShoeRow[] } | { kind: "ropa"; rows: ClothingRow[] };

/** What a seller picks for a product: the category's default, a table, their own table, or none. */
export const SIZE_GUIDE_AUTOMATIC = "categoria";
export const SIZE_GUIDE_OWN = "propia";
export const SIZE_GUIDE_NONE = "ninguna";
export const SIZE_GUIDE_CHOICES = [SIZE_GUIDE_AUTOMATIC, ...SIZE_GUIDE_IDS, SIZE_GUIDE_OWN, SIZE_GUIDE_NONE] as [
  string,
  ...string[],
];
export type SizeGuideChoice =
  | typeof SIZE_GUIDE_AUTOMATIC
  | typeof SIZE_GUIDE_OWN
  | typeof SIZE_GUIDE_NONE
  | SizeGuideId;

export const SIZE_GUIDE_CHOICE_INVALID = "Elige una guía de tallas de la lista.";
export const SIZE_GUIDE_HINT =
  "La automática usa la tabla de la marca en zapatillas (o la general) y la de ropa para tallas XS–XXL.";
export const SIZE_GUIDE_MISSING = "Este producto no tiene guía de tallas.";

/** The product form's options, in its order. */
export const SIZE_GUIDE_OPTIONS: readonly { value: string; label: string }[] = [
  { value: SIZE_GUIDE_AUTOMATIC, label: "La de la categoría (automática)" },
  ...SIZE_GUIDE_IDS.map((id) => ({ value: id, label: SIZE_GUIDE_NAMES[id] })),
  { value: SIZE_GUIDE_OWN, label: "Tabla propia" },
  { value: SIZE_GUIDE_NONE, label: "Sin guía" },
];

export function isSizeGuideChoice(value: unknown): value is SizeGuideChoice {
  return typeof value === "string" && (SIZE_GUIDE_CHOICES as readonly string[]).includes(value);
}

// ---- The seller's own table («Tabla propia»): its inputs, checked by contract/own-size-guide.ts ----

export const OWN_TABLE_SHOE_FIELDS = [
  { key: "uk", label: "UK" },
  { key: "us", label: "US" },
  { key: "footCm", label: "Pie hasta (cm)" },
] as const;
export const OWN_TABLE_CLOTHING_FIELDS = [
  { key: "chest", label: "Pecho (cm)" },
  { key: "waist", label: "Cintura (cm)" },
  { key: "hip", label: "Cadera (cm)" },
] as const;

/** Said above the own table's rows, by its kind. */
export const OWN_TABLE_HINTS = {
  calzado:
    "Una fila por talla del producto. Números con un decimal como mucho (26,5); la longitud del pie debe crecer con la talla.",
  ropa: "Una fila por talla del producto, en centímetros: de cada medida, desde y hasta. Un decimal como mucho (96,5).",
} as const;
/** The own table's kind a category takes: shoes by foot, anything else by body. */
export const ownTableKindFor = (specSheet: SpecSheetKind | null): OwnSizeTable["kind"] =>
  specSheet === "zapatilla" ? "calzado" : "ropa";
