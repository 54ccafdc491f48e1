import { z } from "zod";
import { endpoint, messageAnswer, noInput } from "./http";
import { objectExpected, typedCode } from "./fields";
import { CODE_MAX_LENGTH } from "./limits";

/**
 * The coupon on the cart (/card, /gift): one a cart, its shopper's, a signed-in user's or a
 * visitor's (`Guest <uuid>`), like the cart. Money is integer cents (USD).
 */

export const COUPON_APPLIED = "Cupón aplicado.";
/** The coupon was put on a cart with nothing in it yet. */
export const COUPON_SAVED_FOR_EMPTY_CART = "Cupón guardado: se aplicará a los productos que añadas al carrito.";
export const COUPON_REMOVED = "Cupón quitado del carrito.";
export const COUPON_NOT_FOUND = "Cupón no encontrado.";
const COUPON_MISSING = "Escribe el código del cupón.";

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

export const couponAnswer = z.object({
  coupon: coupon.nullable(),
  /** What the coupon takes off the cart's available products now; placing the order computes it again. */
  discount: z.number().int(),
});
export type CouponAnswer = z.infer<typeof couponAnswer>;

export const couponAppliedAnswer = z.object({ message: z.string(), coupon });
export type CouponAppliedAnswer = z.infer<typeof couponAppliedAnswer>;

export const couponEndpoints = {
  preview: endpoint({ method: "GET", path: "/home/coupon", query: noInput, answer: couponAnswer }),
  apply: endpoint({ method: "POST", path: "/home/coupon/apply", body: couponBody, answer: couponAppliedAnswer }),
  remove: endpoint({ method: "DELETE", path: "/home/coupon", query: noInput, answer: messageAnswer }),
};
