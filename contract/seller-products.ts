import { z } from "zod";
import { category } from "./catalog";
import {
  isoDateTime,
  objectExpected,
  queryChoice,
  queryPage,
  queryPageSize,
  queryText,
  requiredText,
  uuid,
} from "./fields";
import { endpoint, noInput } from "./http";
import { MAX_PRODUCTS_PER_PAGE, SEARCH_MAX_LENGTH, SIZE_MAX_LENGTH } from "./limits";
import {
  BULK_MAX_PRODUCTS,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  PRODUCT_SIZES_MAX,
  PRODUCT_STATES,
  SELLER_PRODUCT_SORTS,
  SELLER_PRODUCT_STATUSES,
  SELLER_STOCK_FILTERS,
  MODERATION_FILTERS,
} from "./seller-product-labels";
import { formatUsd } from "./money-format";
import { SPEC_SHEETS, type ProductSpecs, type SpecSheetKind } from "./spec-sheet-fields";
import { productSpecs, specSheetKind } from "./spec-sheets";
import { imageUrlField, imageUrlsField } from "./media";
import { SIZE_GUIDE_CHOICE_INVALID, SIZE_GUIDE_CHOICES, type OwnSizeTable } from "./size-guides";
import { ownSizeTable, ownSizeTableField, ownTableIssues } from "./own-size-guide";

/**
 * Seller products (issue 11, SPEC.md section 7 "Seller products"): a seller whose shop is approved
 * adds, edits, deletes its products and swaps their images; admins may read. Money is integer cents
 * (USD) in every answer; the form sends the price as the decimal text a person types.
 *
 * Form encoding (both halves, and what Conform's `parseWithZod` produces from the same names):
 * `POST /product-add` and `POST /product-update` are multipart/form-data. Text fields use Conform's
 * names: `name`, `categoryId`, `brand`, `price`, `discount`, `color`, `tag`, `description`,
 * `lowStockThreshold`, `sizeGuide`, `stock`, `sizes[0].size`, `sizes[0].stock`, ..., `specs.forma`, ...,
 * `sizeGuideTable.kind`, `sizeGuideTable.rows[0].uk`, ... (the seller's own size table, «Tabla propia»:
 * contract/own-size-guide.ts),
 * `imageOrder` (repeated) and, on update, `productId` and `stockVersion`. New image files travel in
 * the repeated part `images` (PRODUCT_IMAGES_PART). `formEntriesToObject` turns such flat entries
 * into the object `productFormFields` / `productUpdateFields` parse.
 *
 * Images: 1 to PRODUCT_IMAGES_MAX; the first is the main one. `imageOrder` lists the final order:
 * each entry is an existing image id of the product or `nueva:<n>` (the n-th file of `images`,
 * from 0). Without `imageOrder`: add keeps the files' order; update keeps the existing images in
 * their order and appends the new files. On update, existing images missing from `imageOrder` are
 * removed from the product.
 *
 * Stock (decided here): on add, `sizes` (each with its stock) or a single `stock`. On update, sizes
 * may be added (with their stock) or removed; the stock of sizes that stay, and the single stock,
 * change only when the form also sends the `stockVersion` it read (`GET /product-get/{id}`); a stale
 * version is refused with 409 STOCK_VERSION_STALE. Without `stockVersion`, their stock values are
 * ignored and kept (the stock screen, `POST /update-stock`, is the usual way to change stock).
 */

// ---- Limits -------------------------------------------------------------------------------------

export const PRODUCT_NAME_MIN_LENGTH = 3;
export const PRODUCT_NAME_MAX_LENGTH = 120;
export const PRODUCT_BRAND_MAX_LENGTH = 60;
export const PRODUCT_COLOR_MAX_LENGTH = 40;
export const PRODUCT_TAG_MAX_LENGTH = 40;
export const PRODUCT_DESCRIPTION_MIN_LENGTH = 20;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 4000;
/**
 * 0,01 to 200.000,00 USD: far above any padel item, and below where the database's sale price
 * (price × (100 − discount), an integer product) would overflow, about 214.748 USD.
 */
export const PRODUCT_PRICE_MIN_CENTS = 1;
export const PRODUCT_PRICE_MAX_CENTS = 20_000_000;
export const PRODUCT_DISCOUNT_MAX = 100;
export const PRODUCT_STOCK_MAX = 100_000;
/** As contract/stock.ts LOW_STOCK_THRESHOLD_MAX. */
export const PRODUCT_LOW_STOCK_MAX = 10_000;
/** The multipart part (repeated) that carries new image files. */
export const PRODUCT_IMAGES_PART = "images";
/** POST /product-image-update: the part that carries the new file. */
export const NEW_IMAGE_PART = "newImage";
/** An `imageOrder` entry naming the n-th new file: `nueva:0`, `nueva:1`, ... */
export const NEW_IMAGE_PREFIX = "nueva:";
export const SELLER_PRODUCTS_PER_PAGE = 10;

// ---- Messages -----------------------------------------------------------------------------------

export const PRODUCT_CREATED = "Producto creado.";
export const PRODUCT_UPDATED = "Producto actualizado.";
export const PRODUCT_DELETED = "Producto eliminado.";
export const PRODUCT_ARCHIVED =
  "Producto archivado: ya tiene pedidos, así que se conserva para ellos y deja de mostrarse en la tienda.";
export const PRODUCT_IMAGE_UPDATED = "Imagen actualizada.";
/** 404 of any of these calls for a product that is not the caller's shop's (or does not exist, or is archived). */
export const SELLER_PRODUCT_NOT_FOUND = "Producto no encontrado.";
/** 403 for a seller whose shop is not approved (pending, changes requested, rejected) or who has none. */
export const SHOP_NOT_SELLING = "Tu tienda no está aprobada: podrás publicar productos cuando se apruebe.";
/** 409: the stock changed since the form was read. */
export const STOCK_VERSION_STALE =
  "El stock de este producto cambió mientras lo editabas. Recarga la página y vuelve a intentarlo.";
export const IMAGES_MISSING = "Añade al menos una imagen del producto.";
/** A bulk publish of a product without pictures (a draft imported from a file). */
export const publishWithoutImages = (productName: string) =>
  `«${productName}» no tiene imágenes: edítalo y añade al menos una antes de publicarlo.`;
export const IMAGES_TOO_MANY = `Un producto puede tener como máximo ${PRODUCT_IMAGES_MAX} imágenes.`;
export const IMAGE_TOO_LARGE = `Cada imagen puede tener como máximo ${PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`;
export const IMAGE_NOT_AN_IMAGE = "El archivo no es una imagen válida (se comprueba su contenido, no su nombre).";
export const IMAGE_ORDER_INVALID = "El orden de las imágenes no es válido: recarga la página y vuelve a intentarlo.";
export const OLD_IMAGE_NOT_FOUND = "Esa imagen no pertenece al producto.";
export const NEW_IMAGE_MISSING = "Adjunta la imagen nueva.";
export const CATEGORY_NOT_FOUND = "Esa categoría no existe.";
export const SPEC_NOT_IN_SHEET = "Este dato no pertenece a la ficha de la categoría.";

// ---- Field schemas (the web's Conform form uses the same pieces) --------------------------------

/** Form values are text; a JSON number is taken as its text. */
const asText = (value: unknown) => (typeof value === "number" ? String(value) : value);

/** A whole number from a form field, `min` to `max`, with its message for anything else. */
export function formInteger(options: { min: number; max: number; missing: string; invalid: string }) {
  return z.preprocess(
    asText,
    z
      .string({ required_error: options.missing, invalid_type_error: options.invalid })
      .trim()
      .min(1, options.missing)
      .regex(/^\d{1,9}$/, options.invalid)
      .transform(Number)
      .pipe(z.number().int().min(options.min, options.invalid).max(options.max, options.invalid)),
  );
}

/**
 * A price as a person types it, in dollars: `129`, `129.9`, `129,95`, `1.299`, `1.299,95` or
 * `1,299.95` (at most two decimals; `12,345` is refused as ambiguous). Answers integer cents, or null.
 */
export function parsePriceText(text: string): number | null {
  const value = text.trim().replace(/[\s$]/g, "").replace(/usd$/i, "");
  let whole: string;
  let decimals: string;
  const plain = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(value);
  if (plain) {
    whole = plain[1]!;
    decimals = plain[2] ?? "";
  } else {
    const grouped = /^(\d{1,3}([.,])\d{3}(?:\2\d{3})*)(?:([.,])(\d{1,2}))?$/.exec(value);
    // Thousands by ',' only with '.' decimals ("1,299.95"): "12,345" reads as three decimals in Spanish.
    if (!grouped || grouped[2] === grouped[3] || (grouped[2] === "," && grouped[3] === undefined)) return null;
    whole = grouped[1]!.replace(/[.,]/g, "");
    decimals = grouped[4] ?? "";
  }
  const cents = Number(whole) * 100 + Number(decimals.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

export const PRODUCT_STATE_INVALID = "Elige si el producto es un borrador, está publicado o está oculto.";
const PRICE_MISSING = "Escribe el precio del producto.";
const PRICE_INVALID = "Escribe el precio en dólares, con hasta dos decimales (por ejemplo 129,95).";
const PRICE_OUT_OF_RANGE = "El precio debe estar entre 0,01 y 200.000,00 USD.";

/** A product without a category, or with one the form does not offer. */
export const CATEGORY_MISSING = "Elige la categoría del producto.";

export const productFields = {
  name: requiredText(
    "Escribe el nombre del producto.",
    PRODUCT_NAME_MAX_LENGTH,
    `El nombre no puede superar los ${PRODUCT_NAME_MAX_LENGTH} caracteres.`,
  ).pipe(
    z.string().min(PRODUCT_NAME_MIN_LENGTH, `El nombre debe tener al menos ${PRODUCT_NAME_MIN_LENGTH} caracteres.`),
  ),
  categoryId: uuid(CATEGORY_MISSING),
  brand: requiredText(
    "Escribe la marca del producto.",
    PRODUCT_BRAND_MAX_LENGTH,
    `La marca no puede superar los ${PRODUCT_BRAND_MAX_LENGTH} caracteres.`,
  ),
  /** Decimal text in dollars; answers integer cents. */
  price: z.preprocess(
    asText,
    z
      .string({ required_error: PRICE_MISSING, invalid_type_error: PRICE_INVALID })
      .trim()
      .min(1, PRICE_MISSING)
      .max(20, PRICE_INVALID)
      .transform((text, context) => {
        const cents = parsePriceText(text);
        if (cents === null) {
          context.addIssue({ code: "custom", message: PRICE_INVALID });
          return z.NEVER;
        }
        return cents;
      })
      .pipe(
        z
          .number()
          .int()
          .min(PRODUCT_PRICE_MIN_CENTS, PRICE_OUT_OF_RANGE)
          .max(PRODUCT_PRICE_MAX_CENTS, PRICE_OUT_OF_RANGE),
      ),
  ),
  /** Percentage 0-100; blank means 0. */
  discount: formInteger({
    min: 0,
    max: PRODUCT_DISCOUNT_MAX,
    missing: "Escribe el descuento (0 si no tiene).",
    invalid: "El descuento debe ser un número entero entre 0 y 100.",
  })
    .optional()
    .transform((value) => value ?? 0),
  color: requiredText(
    "Escribe el color del producto.",
    PRODUCT_COLOR_MAX_LENGTH,
    `El color no puede superar los ${PRODUCT_COLOR_MAX_LENGTH} caracteres.`,
  ),
  tag: requiredText(
    "Escribe una etiqueta (por ejemplo «Novedad» o «Oferta»).",
    PRODUCT_TAG_MAX_LENGTH,
    `La etiqueta no puede superar los ${PRODUCT_TAG_MAX_LENGTH} caracteres.`,
  ),
  description: requiredText(
    "Escribe la descripción del producto.",
    PRODUCT_DESCRIPTION_MAX_LENGTH,
    `La descripción no puede superar los ${PRODUCT_DESCRIPTION_MAX_LENGTH} caracteres.`,
  ).pipe(
    z
      .string()
      .min(
        PRODUCT_DESCRIPTION_MIN_LENGTH,
        `La descripción debe tener al menos ${PRODUCT_DESCRIPTION_MIN_LENGTH} caracteres.`,
      ),
  ),
  /** A size (or the single stock) at or below it notifies the seller once; blank or 0: no alert. */
  lowStockThreshold: formInteger({
    min: 0,
    max: PRODUCT_LOW_STOCK_MAX,
    missing: "Escribe el aviso de stock bajo (0 para no recibirlo).",
    invalid: `El aviso de stock bajo debe ser un número entero entre 0 y ${PRODUCT_LOW_STOCK_MAX}.`,
  })
    .optional()
    .transform((value) => value ?? 0),
  /** The single stock of a product without sizes. */
  stock: formInteger({
    min: 0,
    max: PRODUCT_STOCK_MAX,
    missing: "Escribe el stock del producto.",
    invalid: `El stock debe ser un número entero entre 0 y ${PRODUCT_STOCK_MAX}.`,
  }).optional(),
  sizes: z
    .array(
      z.object({
        size: requiredText(
          "Escribe la talla.",
          SIZE_MAX_LENGTH,
          `La talla no puede superar los ${SIZE_MAX_LENGTH} caracteres.`,
        ),
        stock: formInteger({
          min: 0,
          max: PRODUCT_STOCK_MAX,
          missing: "Escribe el stock de la talla.",
          invalid: `El stock debe ser un número entero entre 0 y ${PRODUCT_STOCK_MAX}.`,
        }).optional(),
      }),
      { invalid_type_error: "Las tallas no son válidas." },
    )
    .max(PRODUCT_SIZES_MAX, `Un producto puede tener como máximo ${PRODUCT_SIZES_MAX} tallas.`)
    .optional()
    .transform((sizes) => sizes ?? []),
  /** The category's spec sheet: field key to one of its options (checked with `specSheetIssues`). */
  specs: z
    .record(z.string(), z.string({ invalid_type_error: "Elige un valor de la lista." }).trim(), {
      invalid_type_error: "La ficha técnica no es válida.",
    })
    .optional()
    .transform(
      (specs) => Object.fromEntries(Object.entries(specs ?? {}).filter(([, value]) => value !== "")) as ProductSpecs,
    ),
  /** Draft, published or hidden (issue 34); add defaults to published, update keeps the product's when absent. */
  state: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(PRODUCT_STATES, { errorMap: () => ({ message: PRODUCT_STATE_INVALID }) }).optional(),
  ),
  /**
   * The size guide shoppers see (issue 36, contract/size-guides.ts): the category's default, a
   * table, or none. Add defaults to the category's; update keeps the product's when absent.
   */
  sizeGuide: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(SIZE_GUIDE_CHOICES, { errorMap: () => ({ message: SIZE_GUIDE_CHOICE_INVALID }) }).optional(),
  ),
  /** With `sizeGuide` `propia`: the seller's own table, a row per size (contract/own-size-guide.ts). */
  sizeGuideTable: ownSizeTableField.optional(),
  /** Final image order: existing image ids and `nueva:<n>` (see the file's comment). */
  imageOrder: z
    .preprocess(
      (value) => (typeof value === "string" ? [value] : value),
      z.array(z.string({ invalid_type_error: IMAGE_ORDER_INVALID }).max(60, IMAGE_ORDER_INVALID), {
        invalid_type_error: IMAGE_ORDER_INVALID,
      }),
    )
    .optional(),
};

/** Sizes are unique (case-insensitively); either sizes (with a total, if typed, equal to their sum) or the single stock. */
function checkStockShape(
  fields: { sizes: { size: string; stock?: number | undefined }[]; stock?: number | undefined },
  context: z.RefinementCtx,
  options: { stockRequired: boolean },
) {
  const seen = new Set<string>();
  fields.sizes.forEach((entry, index) => {
    const key = entry.size.toLocaleLowerCase("es");
    if (seen.has(key))
      context.addIssue({ code: "custom", path: ["sizes", index, "size"], message: "Las tallas no pueden repetirse." });
    seen.add(key);
    if (options.stockRequired && entry.stock === undefined)
      context.addIssue({ code: "custom", path: ["sizes", index, "stock"], message: "Escribe el stock de la talla." });
  });
  // SPEC.md section 5: with sizes the total is their sum; a total typed beside them must agree.
  const sizesTotal = fields.sizes.reduce((total, entry) => total + (entry.stock ?? 0), 0);
  if (fields.sizes.length > 0 && fields.stock !== undefined && fields.stock !== sizesTotal) {
    context.addIssue({
      code: "custom",
      path: ["stock"],
      message: `El stock total (${fields.stock}) no coincide con la suma de las tallas (${sizesTotal}).`,
    });
  }
  if (options.stockRequired && fields.sizes.length === 0 && fields.stock === undefined) {
    context.addIssue({
      code: "custom",
      path: ["stock"],
      message: "Escribe el stock del producto o añade tallas con su stock.",
    });
  }
}

const productFieldsExpected = objectExpected("Envía los datos del producto.");

/**
 * The stock, the sizes and the size guide (the seller's own table has a row per size), checked
 * together as soon as they parse (decision 0025).
 */
function stockFields(options: { stockRequired: boolean }) {
  return z
    .object(
      {
        stock: productFields.stock,
        sizes: productFields.sizes,
        sizeGuide: productFields.sizeGuide,
        sizeGuideTable: productFields.sizeGuideTable,
      },
      productFieldsExpected,
    )
    .superRefine((fields, context) => {
      checkStockShape(fields, context, options);
      for (const issue of ownTableIssues(fields as typeof fields & { sizeGuideTable?: OwnSizeTable }))
        context.addIssue({ code: "custom", ...issue });
    });
}

/** A product's fields besides its stock, as both the add and the update forms send them. */
const productShape = {
  name: productFields.name,
  categoryId: productFields.categoryId,
  brand: productFields.brand,
  price: productFields.price,
  discount: productFields.discount,
  color: productFields.color,
  tag: productFields.tag,
  description: productFields.description,
  lowStockThreshold: productFields.lowStockThreshold,
  specs: productFields.specs,
  imageOrder: productFields.imageOrder,
  state: productFields.state,
};

/** POST /product-add's fields (the files travel beside them). */
export const productFormFields = z.intersection(
  z.object(productShape, productFieldsExpected),
  stockFields({ stockRequired: true }),
);
export type ProductForm = z.output<typeof productFormFields>;

/**
 * POST /product-update's fields: the product, the same fields as add, and the `stockVersion` read
 * with it when the form also changes the stock of sizes that stay (or of the single stock).
 */
export const productUpdateFields = z.intersection(
  z.object(
    {
      productId: uuid(SELLER_PRODUCT_NOT_FOUND),
      ...productShape,
      stockVersion: formInteger({
        min: 0,
        max: 2_000_000_000,
        missing: STOCK_VERSION_STALE,
        invalid: STOCK_VERSION_STALE,
      }).optional(),
    },
    productFieldsExpected,
  ),
  stockFields({ stockRequired: false }),
);
export type ProductUpdateForm = z.output<typeof productUpdateFields>;

/** POST /product-image-update's text fields; the file is the part `newImage`. */
export const productImageUpdateFields = z.object(
  {
    productId: uuid(SELLER_PRODUCT_NOT_FOUND),
    oldImage: uuid(OLD_IMAGE_NOT_FOUND),
  },
  objectExpected("Envía el producto y la imagen que reemplaza."),
);
export type ProductImageUpdateFields = z.output<typeof productImageUpdateFields>;

/**
 * The spec sheet's refusals for a category's sheet (null: the category has none, so no spec may
 * be sent): every field of the sheet is required and must be one of its options.
 */
export function specSheetIssues(kind: SpecSheetKind | null, specs: ProductSpecs): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const fields = kind ? SPEC_SHEETS[kind].fields : [];
  for (const key of Object.keys(specs)) {
    if (!fields.some((field) => field.key === key)) issues.push({ field: `specs.${key}`, message: SPEC_NOT_IN_SHEET });
  }
  for (const field of fields) {
    const value = specs[field.key];
    if (value === undefined)
      issues.push({
        field: `specs.${field.key}`,
        message: `Elige ${field.label.toLocaleLowerCase("es")}: es parte de la ficha de la categoría.`,
      });
    else if (!field.options.includes(value))
      issues.push({
        field: `specs.${field.key}`,
        message: `Elige un valor de ${field.label.toLocaleLowerCase("es")} de la lista.`,
      });
  }
  return issues;
}

/** The keys Conform and HTML forms use (`sizes[0].size`, `specs.forma`), turned into the object above; repeated keys become arrays. */
export function formEntriesToObject(entries: Iterable<readonly [string, string]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const forbidden = new Set(["__proto__", "constructor", "prototype"]);
  for (const [name, value] of entries) {
    const path: (string | number)[] = [];
    const pattern = /([^.[\]]+)|\[(\d{1,3})\]/g;
    let consumed = 0;
    for (let match = pattern.exec(name); match; match = pattern.exec(name)) {
      path.push(match[2] !== undefined ? Number(match[2]) : match[1]!);
      consumed = match.index + match[0].length;
    }
    if (path.length === 0 || path.some((key) => typeof key === "string" && forbidden.has(key)) || consumed === 0)
      continue;
    let node: Record<string | number, unknown> = root;
    for (let index = 0; index < path.length - 1; index++) {
      const key = path[index]!;
      const nextIsIndex = typeof path[index + 1] === "number";
      const existing = node[key];
      if (existing === undefined || typeof existing !== "object" || existing === null)
        node[key] = nextIsIndex ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
    const last = path[path.length - 1]!;
    const existing = node[last];
    if (existing === undefined) node[last] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else node[last] = [existing, value];
  }
  const compact = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, compact(item)]));
    return value;
  };
  return compact(root) as Record<string, unknown>;
}

// ---- Answers ------------------------------------------------------------------------------------

/** How a product stands in the store (its names: seller-product-labels.ts). */
export const sellerProductStatus = z.enum(SELLER_PRODUCT_STATUSES);

/** A row of the seller's list. */
export const sellerProductRow = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  category: category.pick({ _id: true, name: true, slug: true }),
  /** Cents. */
  price: z.number().int(),
  discount: z.number().int(),
  /** Price after discount, computed by the database. */
  salePrice: z.number().int(),
  stock: z.number().int(),
  hasSizes: z.boolean(),
  sizes: z.array(z.object({ size: z.string(), stock: z.number().int() })),
  /** Main image id, null only for a product that somehow has none. */
  image: z.string().nullable(),
  imageUrl: imageUrlField,
  status: sellerProductStatus,
  /** The seller's own choice: borrador, publicado, oculto (issue 34). */
  state: z.enum(PRODUCT_STATES),
  /** At or below it the stock counts as low (0: no alert). */
  lowStockThreshold: z.number().int(),
  shopName: z.string(),
  /** Hidden by an admin (issue 35, decision 0053): why, since when, and when its seller asked for a review. */
  moderation: z
    .object({ reason: z.string(), hiddenAt: isoDateTime, reviewRequestedAt: isoDateTime.nullable() })
    .nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SellerProductRow = z.infer<typeof sellerProductRow>;

/** One product as its edit form reads it. */
export const sellerProduct = sellerProductRow.extend({
  categoryId: z.string(),
  color: z.string(),
  tag: z.string(),
  description: z.string(),
  lowStockThreshold: z.number().int(),
  /** Send it back with POST /product-update to change stock of sizes that stay. */
  stockVersion: z.number().int(),
  specSheet: specSheetKind.nullable(),
  specs: productSpecs,
  /** The seller's size guide choice (contract/size-guides.ts SIZE_GUIDE_CHOICES). */
  sizeGuide: z.string(),
  /** The seller's own table (with `sizeGuide` `propia`), else null. */
  sizeGuideTable: ownSizeTable.nullable(),
  /** Image ids in display order; the first is the main one. */
  images: z.array(z.string()),
  imageUrls: imageUrlsField,
  rating: z.number(),
});
export type SellerProduct = z.infer<typeof sellerProduct>;

export const sellerProductAnswer = z.object({ message: z.string(), product: sellerProduct });
export type SellerProductAnswer = z.infer<typeof sellerProductAnswer>;

export const sellerProductsAnswer = z.object({
  products: z.array(sellerProductRow),
  totalProduct: z.number().int(),
  page: z.number().int(),
  parPage: z.number().int(),
});
export type SellerProductsAnswer = z.infer<typeof sellerProductsAnswer>;

export const sellerProductGetAnswer = z.object({ product: sellerProduct });
export type SellerProductGetAnswer = z.infer<typeof sellerProductGetAnswer>;

export const deleteProductAnswer = z.object({
  message: z.string(),
  /** True when it was archived (it has orders) rather than removed. */
  archived: z.boolean(),
});
export type DeleteProductAnswer = z.infer<typeof deleteProductAnswer>;

export const discountProductsAnswer = z.object({ products: z.array(sellerProductRow) });
export type DiscountProductsAnswer = z.infer<typeof discountProductsAnswer>;

// ---- Inputs -------------------------------------------------------------------------------------

export const sellerProductsQuery = z.object({
  page: queryPage(),
  parPage: queryPageSize(MAX_PRODUCTS_PER_PAGE, SELLER_PRODUCTS_PER_PAGE),
  /** By name or brand. */
  searchValue: queryText({
    max: SEARCH_MAX_LENGTH,
    message: `La búsqueda no puede superar los ${SEARCH_MAX_LENGTH} caracteres.`,
  }),
  /** One category's products (issue 34). */
  categoryId: z.preprocess(
    (value) => (value === "" ? undefined : value),
    uuid("La categoría no es válida.").optional(),
  ),
  state: queryChoice(PRODUCT_STATES, "El estado no es válido."),
  /** `bajo`: at or below its low-stock alert and above 0; `agotado`: stock 0. */
  stock: queryChoice(SELLER_STOCK_FILTERS, "El filtro de stock no es válido."),
  sort: queryChoice(SELLER_PRODUCT_SORTS, "El orden no es válido.").transform((sort) => sort ?? "recientes"),
  /** Admin only: the products an admin hid, or those of them awaiting review. Ignored for sellers. */
  moderation: queryChoice(MODERATION_FILTERS, "El filtro de moderación no es válido."),
  /** Admin only: one shop's products; without it an admin reads every shop's. Ignored for sellers. */
  shopId: z.preprocess((value) => (value === "" ? undefined : value), uuid("La tienda no es válida.").optional()),
});
export type SellerProductsQuery = z.infer<typeof sellerProductsQuery>;

export const productIdParams = z.object({ id: uuid(SELLER_PRODUCT_NOT_FOUND) });
/** GET /discount-product-get/{id}: the seller's user id (the caller's own, or any for an admin). */
export const sellerIdParams = z.object({ id: uuid("El vendedor no es válido.") });

// ---- Bulk actions (issue 34) ---------------------------------------------------------------------

export const BULK_NOTHING_SELECTED = "Elige al menos un producto de la lista.";
export const BULK_TOO_MANY = `Puedes cambiar como máximo ${BULK_MAX_PRODUCTS} productos a la vez.`;
/** The whole batch is refused when any id is not a product of the caller's shop (or is gone). */
export const BULK_NOT_YOURS = "Alguno de los productos elegidos ya no existe o no es de tu tienda: recarga la lista.";
export const BULK_ACTION_MISSING = "Elige qué hacer con los productos elegidos.";
export const BULK_PERCENT_INVALID = "Escribe un porcentaje entero entre -99 y 1000 (por ejemplo -10).";
export const BULK_DISCOUNT_INVALID = "El descuento debe ser un número entero entre 0 y 100.";
export const BULK_PRICE_INVALID = "Escribe el precio en dólares, con hasta dos decimales (por ejemplo 129,95).";

/** The refusal of a price change that leaves a product out of the allowed range, naming it. */
export const bulkPriceOutOfRange = (productName: string, cents: number) =>
  `El precio de «${productName}» quedaría en ${formatUsd(cents)}: debe estar entre ${formatUsd(PRODUCT_PRICE_MIN_CENTS)} y ${formatUsd(PRODUCT_PRICE_MAX_CENTS)}.`;

/** «Se actualizó 1 producto.», «Se actualizaron 3 productos.» */
export function bulkDoneMessage(updated: number, archived = 0): string {
  const done = updated === 1 ? "Se actualizó 1 producto." : `Se actualizaron ${updated} productos.`;
  if (archived === 0) return done;
  const kept =
    archived === 1
      ? "1 ya tenía pedidos: se archivó para conservarlos."
      : `${archived} ya tenían pedidos: se archivaron para conservarlos.`;
  return `${done} ${kept}`;
}

/** One bulk action, discriminated by `kind` (the names: BULK_ACTION_LABELS). Money in cents. */
export const bulkAction = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("precio_porcentaje"),
      /** Whole percent, -99 to 1000: the new price is round(price × (100 + percent) / 100). */
      percent: z
        .number({ required_error: BULK_PERCENT_INVALID, invalid_type_error: BULK_PERCENT_INVALID })
        .int(BULK_PERCENT_INVALID)
        .min(-99, BULK_PERCENT_INVALID)
        .max(1000, BULK_PERCENT_INVALID),
    }),
    z.object({
      kind: z.literal("precio_fijo"),
      price: z
        .number({ required_error: BULK_PRICE_INVALID, invalid_type_error: BULK_PRICE_INVALID })
        .int(BULK_PRICE_INVALID)
        .min(PRODUCT_PRICE_MIN_CENTS, PRICE_OUT_OF_RANGE)
        .max(PRODUCT_PRICE_MAX_CENTS, PRICE_OUT_OF_RANGE),
    }),
    z.object({
      kind: z.literal("descuento"),
      discount: z
        .number({ required_error: BULK_DISCOUNT_INVALID, invalid_type_error: BULK_DISCOUNT_INVALID })
        .int(BULK_DISCOUNT_INVALID)
        .min(0, BULK_DISCOUNT_INVALID)
        .max(PRODUCT_DISCOUNT_MAX, BULK_DISCOUNT_INVALID),
    }),
    z.object({ kind: z.literal("publicar") }),
    z.object({ kind: z.literal("ocultar") }),
    z.object({ kind: z.literal("eliminar") }),
  ],
  { errorMap: () => ({ message: BULK_ACTION_MISSING }) },
);
export type BulkAction = z.infer<typeof bulkAction>;

export const bulkProductsBody = z.object(
  {
    action: bulkAction,
    ids: z
      .array(uuid(BULK_NOT_YOURS), { required_error: BULK_NOTHING_SELECTED, invalid_type_error: BULK_NOTHING_SELECTED })
      .min(1, BULK_NOTHING_SELECTED)
      .max(BULK_MAX_PRODUCTS, BULK_TOO_MANY),
  },
  objectExpected("Envía la acción y los productos elegidos."),
);
export type BulkProductsBody = z.infer<typeof bulkProductsBody>;

export const bulkProductsAnswer = z.object({
  message: z.string(),
  /** Products changed (deleted or archived ones included). */
  updated: z.number().int(),
  /** Of those, deleted ones kept as archived because they had orders. */
  archived: z.number().int(),
});
export type BulkProductsAnswer = z.infer<typeof bulkProductsAnswer>;

// ---- Calls --------------------------------------------------------------------------------------

/**
 * Writes: a seller whose shop is `aprobada` (403 FORBIDDEN for others, shopSuspendedNoWrites of
 * contract/shops.ts or SHOP_NOT_SELLING for a seller whose shop is not approved). Reads: the seller
 * (its own shop's, whatever the shop's status) or an admin. Another shop's product answers 404
 * SELLER_PRODUCT_NOT_FOUND.
 */
export const sellerProductEndpoints = {
  /** Multipart: `productFormFields` + files in `images`. SPEC.md section 9: the web waits 60 s. */
  add: endpoint({
    method: "POST",
    path: "/product-add",
    multipart: true,
    answer: sellerProductAnswer,
    statuses: [201],
    timeoutMs: 60_000,
  }),
  /** Multipart: `productUpdateFields` + new files in `images`. */
  update: endpoint({
    method: "POST",
    path: "/product-update",
    multipart: true,
    answer: sellerProductAnswer,
    timeoutMs: 60_000,
  }),
  /** The caller's shop's products that are not archived, filtered and sorted (newest first by default). */
  list: endpoint({ method: "GET", path: "/products-get", query: sellerProductsQuery, answer: sellerProductsAnswer }),
  get: endpoint({
    method: "GET",
    path: "/product-get/:id",
    params: productIdParams,
    query: noInput,
    answer: sellerProductGetAnswer,
  }),
  /** Archives a product that was ever ordered, removes any other. */
  remove: endpoint({
    method: "DELETE",
    path: "/delete-product/:id",
    params: productIdParams,
    query: noInput,
    answer: deleteProductAnswer,
  }),
  /** The seller's products with a discount, biggest discount first. */
  discounted: endpoint({
    method: "GET",
    path: "/discount-product-get/:id",
    params: sellerIdParams,
    query: noInput,
    answer: discountProductsAnswer,
  }),
  /** One action on up to BULK_MAX_PRODUCTS of the shop's products, all or nothing (issue 34). */
  bulk: endpoint({ method: "POST", path: "/seller/products/bulk", body: bulkProductsBody, answer: bulkProductsAnswer }),
  /** Multipart: `productImageUpdateFields` + the file in `newImage`; the new image takes the old one's place. */
  imageUpdate: endpoint({
    method: "POST",
    path: "/product-image-update",
    multipart: true,
    answer: sellerProductAnswer,
    timeoutMs: 60_000,
  }),
};
