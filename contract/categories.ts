import { z } from "zod";
import { catalogEndpoints, categoryListItem, categoryListQuery, slugify } from "./catalog";
import { CATEGORY_IMAGE_MAX_BYTES, SPEC_SHEET_CHOICES } from "./category-labels";
import { objectExpected, requiredText, uuid } from "./fields";
import { endpoint, noBody } from "./http";

/**
 * Categories as an admin keeps them (issue 11; SPEC.md section 7 "Categories and catalogue"): the
 * list is the public GET /category-get, adding one is POST /category-add (multipart, 60 s for the
 * web, SPEC.md section 9) and editing one (name, image, spec sheet) PUT /category-update/{id}. The
 * slug is always slugify(name): a rename moves the category's address, and the old one keeps
 * finding its products (the API reference, section categories).
 */

// ---- Limits -------------------------------------------------------------------------------------

// The image's size limit is category-labels.ts's: the page states it, and loads no zod to do so.
export const CATEGORY_NAME_MIN_LENGTH = 2;
export const CATEGORY_NAME_MAX_LENGTH = 60;
/** SPEC.md section 9: category add times out after 60 seconds; an edit with a new image takes as long. */
export const CATEGORY_WRITE_TIMEOUT_MS = 60_000;
/** The admin page's list: categories a page. */
export const ADMIN_CATEGORIES_PER_PAGE = 10;

/** The multipart part that carries the picture. */
export const CATEGORY_IMAGE_PART = "image";

// ---- Messages both halves show ------------------------------------------------------------------

export const CATEGORY_ADDED = "Categoría creada.";
export const CATEGORY_UPDATED = "Categoría actualizada.";
export const CATEGORY_NOT_FOUND = "Categoría no encontrada.";
export const CATEGORY_NAME_MISSING = "Escribe el nombre de la categoría.";
export const CATEGORY_NAME_TOO_SHORT = `El nombre debe tener al menos ${CATEGORY_NAME_MIN_LENGTH} caracteres.`;
export const CATEGORY_NAME_TOO_LONG = `El nombre no puede superar los ${CATEGORY_NAME_MAX_LENGTH} caracteres.`;
export const CATEGORY_NAME_WITHOUT_LETTERS = "El nombre debe tener alguna letra o algún número.";
export const CATEGORY_SPEC_SHEET_INVALID = "Elige la ficha técnica de la categoría: sin ficha, de pala o de zapatilla.";
export const CATEGORY_IMAGE_MISSING = "Elige una imagen para la categoría.";
export const CATEGORY_IMAGE_INVALID =
  "El archivo no es una imagen válida (se comprueba su contenido, no su nombre): usa JPG, PNG, WebP, GIF o AVIF.";
export const CATEGORY_IMAGE_TOO_LARGE = `La imagen no puede superar los ${CATEGORY_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`;
export const CATEGORY_MULTIPART_EXPECTED = "Envía los datos de la categoría como formulario multipart/form-data.";
/** 409 beside the name: another category has the same name, whatever its capitals and accents. */
export function categoryNameTaken(existing: string): string {
  return `Ya existe la categoría «${existing}» (se comparan sin distinguir mayúsculas ni acentos). Elige otro nombre.`;
}
/** 409 beside the name: the name's address is another category's. */
export function categorySlugTaken(slug: string, existing: string): string {
  return `Ese nombre daría la dirección «${slug}», que ya usa la categoría «${existing}». Elige otro nombre.`;
}
/** 409 beside the spec sheet: products of the category have filled in the sheet it has now. */
export const CATEGORY_HIDDEN = "Categoría oculta: la tienda ya no la muestra ni admite productos nuevos en ella.";
export const CATEGORY_SHOWN = "Categoría visible de nuevo.";
export const CATEGORY_ORDER_CHANGED = "Orden de las categorías actualizado.";
export const CATEGORY_ALREADY_FIRST = "La categoría ya es la primera.";
export const CATEGORY_ALREADY_LAST = "La categoría ya es la última.";
export const CATEGORY_DELETED = "Categoría borrada.";
/** 409 of a delete: a category is deleted only when no product, not even an archived one, is in it. */
export function categoryNotEmpty(count: number): string {
  return `La categoría tiene ${count === 1 ? "1 producto" : `${count} productos`}: muévelos a otra categoría antes de borrarla.`;
}
export function categoryProductsMoved(count: number, target: string): string {
  return `${count === 1 ? "Se movió 1 producto" : `Se movieron ${count} productos`} a «${target}».`;
}
export const CATEGORY_NOTHING_TO_MOVE = "La categoría no tiene productos que mover.";
export const CATEGORY_MOVE_TARGET_MISSING = "Elige la categoría a la que mover los productos.";
export const CATEGORY_MOVE_TARGET_SAME = "Elige una categoría distinta de esta.";
/** 409 beside the target: the products' filled-in spec sheet would not fit the other category. */
export const CATEGORY_MOVE_SPEC_SHEET =
  "Hay productos con la ficha técnica de esta categoría rellenada: muévelos a una categoría con la misma ficha.";
/** A seller's product write naming a hidden category (their product already in it keeps it). */
export const CATEGORY_HIDDEN_FOR_PRODUCTS = "Esa categoría está oculta: elige otra.";
/** 409 of a product write whose category was deleted meanwhile. */
export const CATEGORY_GONE = "La categoría elegida ya no existe: recarga la página y elige otra.";
export const CATEGORY_SPEC_SHEET_IN_USE =
  "Hay productos de esta categoría con su ficha técnica rellenada: la ficha no se puede cambiar mientras la tengan.";

// ---- Fields -------------------------------------------------------------------------------------

/** A category's name: trimmed, spaces collapsed, 2 to 60 characters, with something its slug can be made of. */
export const categoryName = requiredText(CATEGORY_NAME_MISSING, CATEGORY_NAME_MAX_LENGTH, CATEGORY_NAME_TOO_LONG)
  .pipe(z.string().min(CATEGORY_NAME_MIN_LENGTH, CATEGORY_NAME_TOO_SHORT))
  .refine((name) => slugify(name) !== "", CATEGORY_NAME_WITHOUT_LETTERS)
  .transform((name) => name.replace(/\s+/g, " "));

/** The choices and their names are category-labels.ts's. */
export const specSheetChoice = z.enum(SPEC_SHEET_CHOICES, {
  errorMap: () => ({ message: CATEGORY_SPEC_SHEET_INVALID }),
});

/**
 * The text parts of both writes. Adding without `specSheet` means none; editing without it keeps
 * the category's. The image travels beside them in the part `image`.
 */
export const categoryFields = z.object(
  { name: categoryName, specSheet: specSheetChoice.optional() },
  objectExpected("Envía los datos de la categoría."),
);
export type CategoryFields = z.output<typeof categoryFields>;

/**
 * The picture a form sends. A type the browser names and that is no image is refused here; an
 * unnamed type goes on, and the API judges every file by its content.
 */
const chosenImage = z
  .instanceof(File, { message: CATEGORY_IMAGE_MISSING })
  .refine((file) => file.size > 0, CATEGORY_IMAGE_MISSING)
  .refine((file) => file.type === "" || file.type.startsWith("image/"), CATEGORY_IMAGE_INVALID)
  .refine((file) => file.size <= CATEGORY_IMAGE_MAX_BYTES, CATEGORY_IMAGE_TOO_LARGE);

/** The web's add form: checked in the browser (Conform) and by its action, then sent as POST /category-add. */
export const categoryAddForm = z.object({ name: categoryName, specSheet: specSheetChoice, image: chosenImage });
export type CategoryAddForm = z.output<typeof categoryAddForm>;

export const categoryIdParams = z.object({ categoryId: uuid("La categoría no es válida.") });

/** The web's edit form of one category (its row): a new image only when one is chosen. */
export const categoryUpdateForm = categoryIdParams.extend({
  name: categoryName,
  specSheet: specSheetChoice,
  image: chosenImage.optional(),
});
export type CategoryUpdateForm = z.output<typeof categoryUpdateForm>;

/** The forms' fields, as the API's refusals name them. */
export const CATEGORY_FORM_FIELDS = ["name", "specSheet", CATEGORY_IMAGE_PART, "toCategoryId"] as const;

/** Admin: hide a category from shoppers, or show it again. */
export const categoryVisibilityBody = z.object(
  { hidden: z.boolean({ message: "Indica si la categoría se oculta o se muestra." }) },
  objectExpected("Indica si la categoría se oculta o se muestra."),
);

export const CATEGORY_DIRECTIONS = ["arriba", "abajo"] as const;
export type CategoryDirection = (typeof CATEGORY_DIRECTIONS)[number];
/** Admin: one place up or down in the store's order. */
export const categoryPositionBody = z.object(
  { direction: z.enum(CATEGORY_DIRECTIONS, { errorMap: () => ({ message: "Indica si la categoría sube o baja." }) }) },
  objectExpected("Indica si la categoría sube o baja."),
);

/** Admin: every product of the category (archived ones too) to another one. */
export const categoryMoveBody = z.object(
  { toCategoryId: uuid(CATEGORY_MOVE_TARGET_MISSING) },
  objectExpected(CATEGORY_MOVE_TARGET_MISSING),
);

/** The web's form that moves a row's products (hiding, ordering and deleting send only the category). */
export const categoryMoveForm = categoryIdParams.merge(categoryMoveBody);

// ---- Answers ------------------------------------------------------------------------------------

/** A category as the admin's page shows it: its products counted (archived ones aside) and published ones. */
export const adminCategory = categoryListItem.extend({
  position: z.number().int(),
  products: z.number().int(),
  published: z.number().int(),
  /** Archived products still in it: a delete waits for them to be moved too. */
  archived: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategoryListAnswer = z.object({ categorys: z.array(adminCategory), totalCategory: z.number().int() });
export type AdminCategoryListAnswer = z.infer<typeof adminCategoryListAnswer>;
export const categoryMessageAnswer = z.object({ message: z.string() });

export const categoryWriteAnswer = z.object({ message: z.string(), category: categoryListItem });
export type CategoryWriteAnswer = z.infer<typeof categoryWriteAnswer>;

// ---- Calls --------------------------------------------------------------------------------------

export const categoryEndpoints = {
  /** Anyone (the catalogue's call, contract/catalog.ts): a page of categories by name, with their spec sheets. */
  list: catalogEndpoints.listCategories,
  /** Admin: multipart `name`, `specSheet` (optional, none), `image` (required, checked by content); 201. */
  add: endpoint({
    method: "POST",
    path: "/category-add",
    multipart: true,
    answer: categoryWriteAnswer,
    statuses: [201],
    timeoutMs: CATEGORY_WRITE_TIMEOUT_MS,
  }),
  /** Admin: multipart `name`, `specSheet` (optional, kept), `image` (optional, kept); the slug follows the name. */
  update: endpoint({
    method: "PUT",
    path: "/category-update/:categoryId",
    params: categoryIdParams,
    multipart: true,
    answer: categoryWriteAnswer,
    timeoutMs: CATEGORY_WRITE_TIMEOUT_MS,
  }),
  /** Admin: every category in the store's order, hidden ones too, with their products counted. */
  adminList: endpoint({
    method: "GET",
    path: "/admin/categories",
    query: categoryListQuery,
    answer: adminCategoryListAnswer,
  }),
  setVisibility: endpoint({
    method: "PUT",
    path: "/admin/categories/:categoryId/visibility",
    params: categoryIdParams,
    body: categoryVisibilityBody,
    answer: categoryMessageAnswer,
  }),
  move: endpoint({
    method: "PUT",
    path: "/admin/categories/:categoryId/position",
    params: categoryIdParams,
    body: categoryPositionBody,
    answer: categoryMessageAnswer,
  }),
  moveProducts: endpoint({
    method: "POST",
    path: "/admin/categories/:categoryId/move-products",
    params: categoryIdParams,
    body: categoryMoveBody,
    answer: categoryMessageAnswer,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/admin/categories/:categoryId",
    params: categoryIdParams,
    body: noBody,
    answer: categoryMessageAnswer,
  }),
};
