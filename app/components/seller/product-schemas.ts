import { z } from "zod";
import {
  IMAGE_TOO_LARGE,
  IMAGES_MISSING,
  IMAGES_TOO_MANY,
  formInteger,
  NEW_IMAGE_MISSING,
  NEW_IMAGE_PREFIX,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  PRODUCT_IMAGES_MIN,
  PRODUCT_SIZES_MAX,
  productFormFields,
  productImageUpdateFields,
  productUpdateFields,
  specSheetIssues,
} from "#contract/seller-products";
import { SPEC_SHEETS, type SpecField, type SpecSheetKind } from "#contract/spec-sheets";

/**
 * The seller's product forms (issue 11): add, edit, swap one image. Each is the contract's schema
 * (contract/seller-products.ts) plus what only the browser has: the chosen files, and the blank size
 * rows a form without JavaScript always carries. The action and Conform in the browser parse with
 * the same schema, built for the categories the page offers (each with its spec sheet).
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
export const CHOOSE_IMAGES_AGAIN = "Por seguridad, vuelve a elegir las imágenes: el navegador no las conserva al recargar la página.";

export const PRODUCT_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;
/** The file input's `accept`: by MIME and by extension, for pickers that know only one. */
export const PRODUCT_IMAGE_ACCEPT = [...PRODUCT_IMAGE_TYPES, ".jpg", ".jpeg", ".png", ".webp", ".gif", ".avif"].join(",");
const IMAGE_TYPE_REFUSED = "Solo se aceptan imágenes JPG, PNG, WebP, GIF o AVIF.";

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

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/**
 * Size rows left wholly empty are no sizes: without JavaScript the form always shows a few spare
 * rows. Spec values of another category's sheet (typed before the category changed) are dropped too.
 */
function withoutBlankRows(categories: readonly SheetCategory[]) {
  return (value: unknown) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return value;
    const form = { ...(value as Record<string, unknown>) };
    if (Array.isArray(form.sizes)) {
      form.sizes = form.sizes.filter((row) => row && typeof row === "object" && !Object.values(row as Record<string, unknown>).every(isBlank));
    }
    if (form.specs && typeof form.specs === "object") {
      const keys = new Set(specFieldsOf(categories, form.categoryId).map((field) => field.key));
      form.specs = Object.fromEntries(Object.entries(form.specs as Record<string, unknown>).filter(([key]) => keys.has(key)));
    }
    return form;
  };
}

/** One chosen image: a type the browser names must be an image (the API judges the content), within the size limit. */
const imageFile = z
  .instanceof(File, { message: IMAGES_MISSING })
  .refine((file) => file.type === "" || (PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type), IMAGE_TYPE_REFUSED)
  .refine((file) => file.size <= PRODUCT_IMAGE_MAX_BYTES, IMAGE_TOO_LARGE);

/** The chosen files of a file input: an input left empty sends one empty part, which is none. */
function chosenFiles(value: unknown): unknown {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.filter((item) => !(item instanceof File && item.size === 0 && item.name === "") && item !== "" && item !== undefined);
}

function addSpecIssues(categories: readonly SheetCategory[], value: { categoryId: string; specs: Record<string, string> }, context: z.RefinementCtx) {
  const kind = categories.find((category) => category._id === value.categoryId)?.specSheet ?? null;
  if (!categories.some((category) => category._id === value.categoryId)) {
    context.addIssue({ code: "custom", path: ["categoryId"], message: "Elige la categoría del producto." });
    return;
  }
  for (const issue of specSheetIssues(kind, value.specs)) context.addIssue({ code: "custom", path: issue.field.split("."), message: issue.message });
}

const MAIN_IMAGE_INVALID = "Elige cuál de las imágenes es la principal.";
const mainImageBeyond = (count: number) => (count === 1 ? "Solo elegiste una imagen: la principal es esa." : `Solo elegiste ${count} imágenes: la principal debe ser una de ellas.`);

/** The images' order the API reads when the main one is not the first chosen: that file first, the others in their order. */
export function addImageOrder(mainImage: number | undefined, count: number): string[] | undefined {
  if (mainImage === undefined || mainImage <= 1 || mainImage > count) return undefined;
  const rest = Array.from({ length: count }, (_, index) => index).filter((index) => index !== mainImage - 1);
  return [mainImage - 1, ...rest].map((index) => `${NEW_IMAGE_PREFIX}${index}`);
}

/** /dashboard/seller/add-product: the contract's fields and one to eight images, the first the main one. */
export function productAddSchema(categories: readonly SheetCategory[]) {
  return z.preprocess(
    withoutBlankRows(categories),
    z
      .intersection(
        productFormFields,
        z.object({
          images: z.preprocess(chosenFiles, z.array(imageFile).min(PRODUCT_IMAGES_MIN, IMAGES_MISSING).max(PRODUCT_IMAGES_MAX, IMAGES_TOO_MANY)),
          /** Which chosen file (from 1) is the main one, without JavaScript; absent: the first. */
          mainImage: formInteger({ min: 1, max: PRODUCT_IMAGES_MAX, missing: MAIN_IMAGE_INVALID, invalid: MAIN_IMAGE_INVALID }).optional(),
        }),
      )
      .superRefine((value, context) => {
        addSpecIssues(categories, value, context);
        if (value.mainImage !== undefined && value.images.length > 0 && value.mainImage > value.images.length) {
          context.addIssue({ code: "custom", path: ["mainImage"], message: mainImageBeyond(value.images.length) });
        }
      }),
  );
}
export type ProductAddValue = z.output<ReturnType<typeof productAddSchema>>;

/**
 * /dashboard/seller/edit-product/{id}: the contract's update fields, the stored images kept (in
 * `imageOrder`, in their new order) and new files added after them; one to eight in all.
 */
export function productEditSchema(categories: readonly SheetCategory[]) {
  return z.preprocess(
    withoutBlankRows(categories),
    z
      .intersection(productUpdateFields, z.object({ images: z.preprocess(chosenFiles, z.array(imageFile).max(PRODUCT_IMAGES_MAX, IMAGES_TOO_MANY)) }))
      .superRefine((value, context) => {
        addSpecIssues(categories, value, context);
        const total = (value.imageOrder?.length ?? 0) + value.images.length;
        if (total < PRODUCT_IMAGES_MIN) context.addIssue({ code: "custom", path: ["images"], message: IMAGES_MISSING });
        if (total > PRODUCT_IMAGES_MAX) context.addIssue({ code: "custom", path: ["images"], message: IMAGES_TOO_MANY });
      }),
  );
}
export type ProductEditValue = z.output<ReturnType<typeof productEditSchema>>;

/** Swapping one stored image for a new file (POST /product-image-update). */
export const imageReplaceSchema = z.intersection(
  productImageUpdateFields,
  z.object({ newImage: z.preprocess((value) => (chosenFiles(value) as unknown[])[0], z.instanceof(File, { message: NEW_IMAGE_MISSING }).pipe(imageFile)) }),
);

/** The size rows' most. */
export const SIZE_ROWS_MAX = PRODUCT_SIZES_MAX;

/** The form's fields as the API's errors name them (`sizes[0].size` and `specs.forma` go next to their field too). */
export const PRODUCT_FORM_FIELDS = [
  "name",
  "categoryId",
  "brand",
  "price",
  "discount",
  "color",
  "tag",
  "description",
  "lowStockThreshold",
  "stock",
  "sizes",
  "specs",
  "images",
  "imageOrder",
  "mainImage",
] as const;
