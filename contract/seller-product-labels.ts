/**
 * What the seller's product pages show, without zod, so they load it only with the product form's
 * schema: the fields' and the statuses' names, and the image and size limits the form states.
 * seller-products.ts builds its schemas on these.
 */

export const PRODUCT_SIZES_MAX = 20;
export const PRODUCT_IMAGES_MIN = 1;
export const PRODUCT_IMAGES_MAX = 8;
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The sentence the form shows under the images field, and the API's refusals of it. */
export const PRODUCT_IMAGES_HINT = `De ${PRODUCT_IMAGES_MIN} a ${PRODUCT_IMAGES_MAX} imágenes JPG, PNG, WebP, GIF o AVIF de hasta ${PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024)} MB cada una; la primera es la principal.`;

/** The product form's field and the product page's link (issue 36, contract/size-guides.ts). */
export const SIZE_GUIDE_TITLE = "Guía de tallas";

export const PRODUCT_FIELD_LABELS = {
  name: "Nombre",
  categoryId: "Categoría",
  brand: "Marca",
  price: "Precio (USD)",
  discount: "Descuento (%)",
  color: "Color",
  tag: "Etiqueta",
  description: "Descripción",
  lowStockThreshold: "Aviso de stock bajo",
  stock: "Stock",
  sizes: "Tallas",
  images: "Imágenes",
  state: "Estado",
  sizeGuide: SIZE_GUIDE_TITLE,
} as const;

/**
 * How a product stands in the store: `en_venta` (listed), `agotado` (listed, no stock), `oculto`
 * (its shop is not approved, so no shopper sees it).
 */
export const SELLER_PRODUCT_STATUSES = ["en_venta", "agotado", "oculto"] as const;
export type SellerProductStatus = (typeof SELLER_PRODUCT_STATUSES)[number];
export const SELLER_PRODUCT_STATUS_LABELS: Record<SellerProductStatus, string> = {
  en_venta: "En venta",
  agotado: "Agotado",
  oculto: "Oculto: la tienda no está vendiendo",
};

/**
 * The seller's own choice (issue 34): `borrador` (not yet shown), `publicado` (in the store while its
 * shop sells), `oculto` (taken out of the store by the seller). Only `publicado` reaches shoppers.
 */
export const PRODUCT_STATES = ["borrador", "publicado", "oculto"] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];
export const PRODUCT_STATE_LABELS: Record<ProductState, string> = {
  borrador: "Borrador",
  publicado: "Publicado",
  oculto: "Oculto",
};

/** The seller's list filter by stock: low is at or below the product's own low-stock alert and above 0. */
export const SELLER_STOCK_FILTERS = ["bajo", "agotado"] as const;

/** Admin filter (issue 35): products an admin hid, and those of them whose seller asked for a review. */
export const MODERATION_FILTERS = ["oculto_admin", "revision"] as const;
export const MODERATION_FILTER_LABELS: Record<(typeof MODERATION_FILTERS)[number], string> = {
  oculto_admin: "Ocultos por la administración",
  revision: "Con revisión pedida",
};
export type SellerStockFilter = (typeof SELLER_STOCK_FILTERS)[number];
export const SELLER_STOCK_FILTER_LABELS: Record<SellerStockFilter, string> = {
  bajo: "Stock bajo",
  agotado: "Agotados",
};

/** The seller's list orders; `recientes` (newest first) is the default. */
export const SELLER_PRODUCT_SORTS = ["recientes", "nombre", "precio", "precio_desc", "stock"] as const;
export type SellerProductSort = (typeof SELLER_PRODUCT_SORTS)[number];
export const SELLER_PRODUCT_SORT_LABELS: Record<SellerProductSort, string> = {
  recientes: "Más recientes",
  nombre: "Nombre (A-Z)",
  precio: "Precio: de menor a mayor",
  precio_desc: "Precio: de mayor a menor",
  stock: "Stock: de menor a mayor",
};

/** The bulk actions on the seller's selected products (POST /seller/products/bulk). */
export const BULK_ACTIONS = [
  "precio_porcentaje",
  "precio_fijo",
  "descuento",
  "publicar",
  "ocultar",
  "eliminar",
] as const;
export type BulkActionKind = (typeof BULK_ACTIONS)[number];
export const BULK_ACTION_LABELS: Record<BulkActionKind, string> = {
  precio_porcentaje: "Cambiar el precio un porcentaje",
  precio_fijo: "Poner un precio",
  descuento: "Poner un descuento",
  publicar: "Publicar",
  ocultar: "Ocultar",
  eliminar: "Eliminar",
};
/** At most this many products in one bulk action. */
export const BULK_MAX_PRODUCTS = 200;
