import { PRODUCT_SIZES_MAX } from "#contract/seller-product-labels";
import { SPEC_SHEETS, type SpecField, type SpecSheetKind } from "#contract/spec-sheet-fields";
import type { FormAnswer } from "./form-answer";

/**
 * The seller's product forms (issue 11: add, edit, swap one image) as their pages name them,
 * without zod: what their buttons ask for, their size rows and images, which spec-sheet fields a
 * category brings, and the loaders of their schemas (seller-product.schema.ts).
 */

/** What each button of the product pages asks for. */
export const productIntents = {
  save: "guardar-producto",
  /** Re-renders the form with the chosen category's spec sheet, keeping what was typed (no JavaScript). */
  refreshSheet: "actualizar-ficha",
  /** Swaps one stored image for a new file (the edit page's own small form per image). */
  replaceImage: "reemplazar-imagen",
  /** Asks an admin to review the product they hid (issue 35), once fixed. */
  requestReview: "pedir-revision",
} as const;

/** A category as the form offers it: its spec sheet decides the extra fields. */
export interface SheetCategory {
  _id: string;
  name: string;
  specSheet: SpecSheetKind | null;
}

/**
 * Each form's schema, loaded when the form is first used (useSchemaForm). The product forms' depend
 * on the categories the page offers: memoize the loader on them (useSchemaForm keys its cache by it).
 */
export const productSchemas = {
  add: (categories: readonly SheetCategory[]) => () =>
    import("./seller-product.schema").then((module) => module.productAddSchema(categories)),
  edit: (categories: readonly SheetCategory[]) => () =>
    import("./seller-product.schema").then((module) => module.productEditSchema(categories)),
  replaceImage: () => import("./seller-product.schema").then((module) => module.imageReplaceSchema),
};

/**
 * A product page's answer when it shows a form again. The product form's answers (whichever of
 * its buttons was pressed) name it by `productIntents.save`; an image's form, by `replaceImage` and
 * the image (`target`). `attempt` renews the form (and empties its file input); `filesLost`: the
 * post carried images, which no page can send back, so the form asks to choose them again.
 */
export interface ProductFormAnswer extends FormAnswer {
  attempt?: string;
  filesLost?: boolean;
}

/** Empty size rows shown without JavaScript, besides the rows already filled in. */
export const EMPTY_SIZE_ROWS = 3;

/** Said beside the image input after the page came back: no browser sends chosen files back. */
export const CHOOSE_IMAGES_AGAIN =
  "Por seguridad, vuelve a elegir las imágenes: el navegador no las conserva al recargar la página.";

export const PRODUCT_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;
/** The file input's `accept`: by MIME and by extension, for pickers that know only one. */
export const PRODUCT_IMAGE_ACCEPT = [...PRODUCT_IMAGE_TYPES, ".jpg", ".jpeg", ".png", ".webp", ".gif", ".avif"].join(
  ",",
);

/** The spec sheet's fields of a category (none when it has no sheet or is unknown). */
export function specFieldsOf(categories: readonly SheetCategory[], categoryId: unknown): readonly SpecField[] {
  const kind = categories.find((category) => category._id === categoryId)?.specSheet ?? null;
  return kind ? SPEC_SHEETS[kind].fields : [];
}

/** The size rows' most. */
export const SIZE_ROWS_MAX = PRODUCT_SIZES_MAX;

const sameSize = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The sizes «Tabla propia» has a row for: the form's sizes typed so far, once each, in their order. */
export function ownTableSizes(sizes: unknown): string[] {
  const typed = (Array.isArray(sizes) ? sizes : [])
    .map((row: unknown) => (row && typeof row === "object" ? (row as { size?: unknown }).size : undefined))
    .filter((size): size is string => typeof size === "string" && size.trim() !== "")
    .map((size) => size.trim());
  return typed.filter((size, index) => typed.findIndex((other) => sameSize(other, size)) === index);
}

/** What was typed in a size's row of the seller's own table (rows follow the sizes by name, not place). */
export function ownTableRow(table: unknown, size: string): Record<string, unknown> | undefined {
  const rows = table && typeof table === "object" ? (table as { rows?: unknown }).rows : undefined;
  if (!Array.isArray(rows)) return undefined;
  return rows.find(
    (row: unknown): row is Record<string, unknown> =>
      Boolean(row) && typeof row === "object" && sameSize(String((row as { size?: unknown }).size ?? ""), size),
  );
}

/**
 * The own table as the product form sends it: one row per size, in the sizes' order, of the
 * category's kind. A size typed in the same post (no JavaScript) gets an empty row, refused field
 * by field; a row of a size no longer there goes. The page draws the rows the same way, so each
 * refusal lands on its row.
 */
export function ownTableForSizes(table: unknown, sizes: unknown, kind: string) {
  return { kind, rows: ownTableSizes(sizes).map((size) => ({ ...ownTableRow(table, size), size })) };
}
