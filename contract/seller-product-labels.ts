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
