import { z } from "zod";
import { endpoint, messageAnswer, noInput } from "./http";
import { objectExpected, typedCode } from "./fields";
import { CODE_MAX_LENGTH } from "./limits";
import { formatUsd } from "./money-format";

/**
 * The coupons on the cart (/card, /gift): one of the store's and one per shop (issue 34), its shopper's, a signed-in user's or a
 * visitor's (`Guest <uuid>`), like the cart. Money is integer cents (USD).
 */

export const COUPON_APPLIED = "Cupón aplicado.";
/** The coupon was put on a cart with nothing in it yet. */
export const COUPON_SAVED_FOR_EMPTY_CART = "Cupón guardado: se aplicará a los productos que añadas al carrito.";
export const COUPON_REMOVED = "Cupón quitado del carrito.";
export const COUPON_NOT_FOUND = "Cupón no encontrado.";
const COUPON_MISSING = "Escribe el código del cupón.";

/** A shop's coupon for a shop with nothing in the cart (issue 34). */
export const shopCouponWithoutLines = (shopName: string) =>
  `Este cupón es de «${shopName}» y no tienes productos de esa tienda en el carrito.`;
/** A shop's coupon below its minimum: the products of that shop must add up to it. */
export const shopCouponBelowMinimum = (shopName: string, minSubtotal: number) =>
  `Este cupón es para compras desde ${formatUsd(minSubtotal)} en productos de «${shopName}».`;
export const shopCouponAlreadyOnCart = (shopName: string) =>
  `Ya tienes un cupón de «${shopName}» en tu carrito. Quítalo para usar otro.`;
/** A customer who used a coupon as many times as it allows each customer. */
export const couponUsedUp = (maxUsesPerCustomer: number) =>
  maxUsesPerCustomer === 1
    ? "Ya usaste este cupón."
    : `Ya usaste este cupón las ${maxUsesPerCustomer} veces que permite.`;

export const couponKind = z.enum(["porcentaje", "importe"]);
export type CouponKind = z.infer<typeof couponKind>;

export const coupon = z.object({
  code: z.string(),
  kind: couponKind,
  /** A percentage for 'porcentaje', cents for 'importe'. */
  value: z.number().int(),
});
export type Coupon = z.infer<typeof coupon>;

/** The code as typed on /card and /gift: an unknown one cannot be longer than any real one. */
export const couponBody = z.object(
  { code: typedCode(COUPON_MISSING, COUPON_NOT_FOUND, CODE_MAX_LENGTH) },
  objectExpected(COUPON_MISSING),
);
export type CouponBody = z.infer<typeof couponBody>;

/** A shop's coupon on the cart and what it takes off that shop's available products now. */
export const shopCartCoupon = coupon.extend({
  shopId: z.string(),
  shopName: z.string(),
  /** It applies from this subtotal of the shop's products, in cents (0: always). */
  minSubtotal: z.number().int(),
  discount: z.number().int(),
});
export type ShopCartCoupon = z.infer<typeof shopCartCoupon>;

export const couponAnswer = z.object({
  /** The store's coupon. */
  coupon: coupon.nullable(),
  /**
   * What the store's coupon takes off the cart's available products now, after the shops' coupons;
   * placing the order computes it again.
   */
  discount: z.number().int(),
  /** The shops' coupons on the cart (one per shop at most), by shop name. */
  shopCoupons: z.array(shopCartCoupon),
  /** What they take off in all. */
  shopDiscount: z.number().int(),
});
export type CouponAnswer = z.infer<typeof couponAnswer>;

/** `shopName` is the coupon's shop, null for the store's. */
export const couponAppliedAnswer = z.object({ message: z.string(), coupon, shopName: z.string().nullable() });
export type CouponAppliedAnswer = z.infer<typeof couponAppliedAnswer>;

export const couponEndpoints = {
  preview: endpoint({ method: "GET", path: "/home/coupon", query: noInput, answer: couponAnswer }),
  apply: endpoint({ method: "POST", path: "/home/coupon/apply", body: couponBody, answer: couponAppliedAnswer }),
  /** Removes the store's coupon. */
  remove: endpoint({ method: "DELETE", path: "/home/coupon", query: noInput, answer: messageAnswer }),
  /** Removes one coupon, the store's or a shop's, by its code. */
  removeCode: endpoint({
    method: "DELETE",
    path: "/home/coupon/:code",
    params: z.object({ code: typedCode(COUPON_NOT_FOUND, COUPON_NOT_FOUND, CODE_MAX_LENGTH) }),
    answer: messageAnswer,
  }),
};
