import { z } from "zod";
import {
  CATEGORY_MISSING,
  IMAGE_TOO_LARGE,
  IMAGES_MISSING,
  IMAGES_TOO_MANY,
  formInteger,
  NEW_IMAGE_MISSING,
  NEW_IMAGE_PREFIX,
  productFields,
  productFormFields,
  productImageUpdateFields,
  productUpdateFields,
  specSheetIssues,
} from "#contract/seller-products";
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX, PRODUCT_IMAGES_MIN } from "#contract/seller-product-labels";
import { ownTableKindFor } from "#contract/own-size-guide";
import { SIZE_GUIDE_OWN } from "#contract/size-guides";
import {
  ownTableForSizes,
  PRODUCT_IMAGE_TYPES,
  productIntents,
  specFieldsOf,
  type SheetCategory,
} from "./seller-product.forms";

/**
 * The seller's product forms (issue 11): add, edit, swap one image. Each is the contract's schema
 * (contract/seller-products.ts) plus what only the browser has: the chosen files, and the blank size
 * rows a form without JavaScript always carries. The action and Conform in the browser parse with
 * the same schema, built for the categories the page offers (each with its spec sheet). What the
 * form's page needs besides the schema (intents, spec-sheet fields) is in seller-product.forms.ts.
 */

const IMAGE_TYPE_REFUSED = "Solo se aceptan imágenes JPG, PNG, WebP, GIF o AVIF.";

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/**
 * Size rows left wholly empty are no sizes: without JavaScript the form always shows a few spare
 * rows. Spec values of another category's sheet (typed before the category changed) are dropped too.
 * The seller's own size table goes only with «Tabla propia», a row per size (ownTableForSizes).
 */
function withoutBlankRows(categories: readonly SheetCategory[]) {
  return (value: unknown) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return value;
    const form = { ...(value as Record<string, unknown>) };
    if (Array.isArray(form.sizes)) {
      form.sizes = form.sizes.filter(
        (row) => row && typeof row === "object" && !Object.values(row as Record<string, unknown>).every(isBlank),
      );
    }
    if (form.sizeGuide !== SIZE_GUIDE_OWN) delete form.sizeGuideTable;
    else {
      const sheet = categories.find((category) => category._id === form.categoryId)?.specSheet ?? null;
      form.sizeGuideTable = ownTableForSizes(form.sizeGuideTable, form.sizes, ownTableKindFor(sheet));
    }
    if (form.specs && typeof form.specs === "object") {
      const keys = new Set(specFieldsOf(categories, form.categoryId).map((field) => field.key));
      form.specs = Object.fromEntries(
        Object.entries(form.specs as Record<string, unknown>).filter(([key]) => keys.has(key)),
      );
    }
    return form;
  };
}

/** One chosen image: a type the browser names must be an image (the API judges the content), within the size limit. */
const imageFile = z
  .instanceof(File, { message: IMAGES_MISSING })
  .refine(
    (file) => file.type === "" || (PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type),
    IMAGE_TYPE_REFUSED,
  )
  .refine((file) => file.size <= PRODUCT_IMAGE_MAX_BYTES, IMAGE_TOO_LARGE);

/** The chosen files of a file input: an input left empty sends one empty part, which is none. */
function chosenFiles(value: unknown): unknown {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.filter(
    (item) => !(item instanceof File && item.size === 0 && item.name === "") && item !== "" && item !== undefined,
  );
}

const MAIN_IMAGE_INVALID = "Elige cuál de las imágenes es la principal.";
const mainImageBeyond = (count: number) =>
  count === 1
    ? "Solo elegiste una imagen: la principal es esa."
    : `Solo elegiste ${count} imágenes: la principal debe ser una de ellas.`;

/** The images' order the API reads when the main one is not the first chosen: that file first, the others in their order. */
export function addImageOrder(mainImage: number | undefined, count: number): string[] | undefined {
  if (mainImage === undefined || mainImage <= 1 || mainImage > count) return undefined;
  const rest = Array.from({ length: count }, (_, index) => index).filter((index) => index !== mainImage - 1);
  return [mainImage - 1, ...rest].map((index) => `${NEW_IMAGE_PREFIX}${index}`);
}

/**
 * The category's spec sheet, checked as soon as the specs parse (decision 0025). A missing or
 * malformed category is the contract's field to refuse; one the page does not offer is refused here.
 */
function specSheetFields(categories: readonly SheetCategory[]) {
  return z.object({ categoryId: z.unknown(), specs: productFields.specs }).superRefine((value, context) => {
    const category = categories.find((candidate) => candidate._id === value.categoryId);
    if (!category) {
      if (productFields.categoryId.safeParse(value.categoryId).success)
        context.addIssue({ code: "custom", path: ["categoryId"], message: CATEGORY_MISSING });
      return;
    }
    for (const issue of specSheetIssues(category.specSheet, value.specs))
      context.addIssue({ code: "custom", path: issue.field.split("."), message: issue.message });
  });
}

/** Both forms: the spec sheet, which only reads the category, goes before the fields that declare it (decision 0025). */
function productFormSchema<Fields extends z.ZodTypeAny, Files extends z.ZodTypeAny>(
  categories: readonly SheetCategory[],
  fields: Fields,
  files: Files,
) {
  return z.preprocess(
    withoutBlankRows(categories),
    z.intersection(z.intersection(specSheetFields(categories), fields), files),
  );
}

/** /dashboard/seller/add-product: the contract's fields and one to eight images, the first the main one. */
export function productAddSchema(categories: readonly SheetCategory[]) {
  return productFormSchema(
    categories,
    productFormFields,
    z
      .object({
        images: z.preprocess(
          chosenFiles,
          z.array(imageFile).min(PRODUCT_IMAGES_MIN, IMAGES_MISSING).max(PRODUCT_IMAGES_MAX, IMAGES_TOO_MANY),
        ),
        /** Which chosen file (from 1) is the main one, without JavaScript; absent: the first. */
        mainImage: formInteger({
          min: 1,
          max: PRODUCT_IMAGES_MAX,
          missing: MAIN_IMAGE_INVALID,
          invalid: MAIN_IMAGE_INVALID,
        }).optional(),
      })
      .superRefine((value, context) => {
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
  return productFormSchema(
    categories,
    productUpdateFields,
    z
      .object({
        imageOrder: productFields.imageOrder,
        images: z.preprocess(chosenFiles, z.array(imageFile).max(PRODUCT_IMAGES_MAX, IMAGES_TOO_MANY)),
      })
      .superRefine((value, context) => {
        const total = (value.imageOrder?.length ?? 0) + value.images.length;
        if (total < PRODUCT_IMAGES_MIN) context.addIssue({ code: "custom", path: ["images"], message: IMAGES_MISSING });
        if (total > PRODUCT_IMAGES_MAX)
          context.addIssue({ code: "custom", path: ["images"], message: IMAGES_TOO_MANY });
      }),
  );
}
export type ProductEditValue = z.output<ReturnType<typeof productEditSchema>>;

/** Swapping one stored image for a new file (POST /product-image-update). */
/** The review request's form: only the product (its button says what it asks). */
export const reviewRequestSchema = z.object({ productId: z.string().uuid() });

export const imageReplaceSchema = z.intersection(
  productImageUpdateFields,
  z.object({
    newImage: z.preprocess(
      (value) => (chosenFiles(value) as unknown[])[0],
      z.instanceof(File, { message: NEW_IMAGE_MISSING }).pipe(imageFile),
    ),
  }),
);

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
  "state",
  "sizeGuide",
  "sizeGuideTable",
] as const;

/**
 * The add page's forms by the intent their button sends (parseIntentForm). 'Actualizar ficha' and
 * Conform's own buttons (a size row added without JavaScript, which send no `intent`) only draw the
 * product form again, so they read it with its schema too.
 */
export function productAddForms(categories: readonly SheetCategory[]) {
  const schema = productAddSchema(categories);
  return { [productIntents.save]: schema, [productIntents.refreshSheet]: schema };
}

/** The edit page's forms: the product form's, as on the add page, and each stored image's. */
export function productEditForms(categories: readonly SheetCategory[]) {
  const schema = productEditSchema(categories);
  return {
    [productIntents.save]: schema,
    [productIntents.refreshSheet]: schema,
    [productIntents.replaceImage]: imageReplaceSchema,
    [productIntents.requestReview]: reviewRequestSchema,
  };
}
