import { PRODUCT_SIZES_MAX } from "#contract/seller-product-labels";
import { SPEC_SHEETS, type SpecField, type SpecSheetKind } from "#contract/spec-sheet-fields";

/**
 * The seller's product form without zod, so its pages load zod only with the form's schema
 * (product-schemas.ts): what its buttons ask for, its size rows and images, and which spec-sheet
 * fields a category brings.
 */

/** What each button of the product pages asks for; some carry a target after a colon (`quitar-talla:2`). */
export const productIntents = {
  save: "guardar-producto",
  /** Re-renders the form with the chosen category's spec sheet, keeping what was typed (no JavaScript). */
  refreshSheet: "actualizar-ficha",
  /** One more empty size row (no JavaScript). */
  addSize: "agregar-talla",
  /** `quitar-talla:<row>`. */
  removeSize: "quitar-talla",
  /** `subir-imagen:<position>` and `bajar-imagen:<position>`: the edit form's image order. */
  moveImageUp: "subir-imagen",
  moveImageDown: "bajar-imagen",
  /** `quitar-imagen:<position>`: dropped from the product when it is saved. */
  removeImage: "quitar-imagen",
  replaceImage: "reemplazar-imagen",
  delete: "eliminar-producto",
} as const;

/** An intent and its target (`quitar-talla:2` is removeSize of row 2). */
export function readIntent(value: FormDataEntryValue | null): { name: string; target: number | null } {
  if (typeof value !== "string") return { name: "", target: null };
  const [name = "", target] = value.split(":");
  const index = target !== undefined && /^\d{1,3}$/.test(target) ? Number(target) : null;
  return { name, target: index };
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

/** A category as the form offers it: its spec sheet decides the extra fields. */
export interface SheetCategory {
  _id: string;
  name: string;
  specSheet: SpecSheetKind | null;
}

/** The spec sheet's fields of a category (none when it has no sheet or is unknown). */
export function specFieldsOf(categories: readonly SheetCategory[], categoryId: unknown): readonly SpecField[] {
  const kind = categories.find((category) => category._id === categoryId)?.specSheet ?? null;
  return kind ? SPEC_SHEETS[kind].fields : [];
}

/** The size rows' most. */
export const SIZE_ROWS_MAX = PRODUCT_SIZES_MAX;
