import { PRODUCT_IMAGE_MAX_BYTES } from "./seller-product-labels";
import { calendarDateLong } from "./store-time";

/**
 * The shop's profile and vacation (issue 34) as pages name them, without zod: limits, the
 * multipart parts and the words a shopper reads.
 */

/** The shop's own texts: plain text, line breaks kept, never HTML. */
export const SHOP_DESCRIPTION_MAX_LENGTH = 2_000;
export const SHOP_POLICY_MAX_LENGTH = 2_000;
export const VACATION_NOTE_MAX_LENGTH = 300;
/** The return date is at most this many days after today (store time). */
export const VACATION_MAX_DAYS = 90;

/** Logo and banner: the checks of a product's images (type by content, size). */
export const SHOP_IMAGE_MAX_BYTES = PRODUCT_IMAGE_MAX_BYTES;
export const SHOP_IMAGE_PARTS = ["logo", "banner"] as const;
export type ShopImagePart = (typeof SHOP_IMAGE_PARTS)[number];
export const SHOP_IMAGE_HINT = `JPG, PNG, WebP, GIF o AVIF de hasta ${
  SHOP_IMAGE_MAX_BYTES / (1024 * 1024)
} MB; se comprueba su contenido, no su nombre.`;

/** What the product page, the shop page and the cart say of a shop on vacation. */
export function vacationNotice(until: string): string {
  return `Tienda de vacaciones hasta el ${calendarDateLong(until)}`;
}

/** 409 of placing an order, and 400 of adding to the cart, for a product of a shop on vacation. */
export function shopOnVacation(shopName: string, until: string): string {
  return `«${shopName}» está de vacaciones hasta el ${calendarDateLong(until)}: no puedes comprar sus productos hasta entonces. Quítalos del carrito para pedir lo demás.`;
}

/** The same when adding to the cart. */
export function shopOnVacationNoCart(shopName: string, until: string): string {
  return `«${shopName}» está de vacaciones hasta el ${calendarDateLong(until)}: no puedes añadir sus productos al carrito hasta entonces.`;
}
