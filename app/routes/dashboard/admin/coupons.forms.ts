import type { FormAnswer } from "~/forms/form-answer";

/**
 * The coupons page's forms (issues 12 and 35) as the page names them, without zod: one per coupon
 * and one per voucher, each carrying its intent and the code it is about (its `target`), a coupon's
 * end button, and the forms that create a coupon and a voucher (no target).
 */

/** The value of each form's `intent`. */
export const promotionIntents = {
  coupon: "editar-cupon",
  voucher: "editar-voucher",
  createCoupon: "crear-cupon",
  createVoucher: "crear-voucher",
  endCoupon: "terminar-cupon",
  endVoucher: "terminar-voucher",
} as const;

/** The forms that create a record: their answers name no record. */
export const CREATE_INTENTS: readonly string[] = [promotionIntents.createCoupon, promotionIntents.createVoucher];

/** Each form's schema, loaded when the form is first used (useSchemaForm). */
export const promotionSchemas = {
  coupon: () => import("./coupons.schema").then((module) => module.couponUpdateForm),
  voucher: () => import("./coupons.schema").then((module) => module.voucherUpdateForm),
  createCoupon: () => import("./coupons.schema").then((module) => module.couponCreateForm),
  createVoucher: () => import("./coupons.schema").then((module) => module.voucherCreateForm),
};

/**
 * A refused coupon or voucher form. When another admin changed the record after this form was read
 * (409), the page is read again, so the form shows the current values: `notice` says so and
 * `typed` keeps what this admin had typed, in words.
 */
export interface PromotionFormAnswer extends FormAnswer {
  typed?: string;
}
