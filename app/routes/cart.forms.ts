/**
 * The cart's coupon field (DESIGN.md section 3), without zod: its two intents and its schema's
 * loader. The lines' buttons are shopper buttons (app/forms/shopper.forms.ts).
 */
export const couponIntents = {
  apply: "apply-coupon",
  remove: "remove-coupon",
  /** A shop's coupon (issue 34), named by its code. */
  removeShop: "remove-shop-coupon",
} as const;

/** Each form's schema, loaded when the form is first used (useSchemaForm). */
export const cartSchemas = {
  coupon: () => import("./cart.schema").then((module) => module.couponSchema),
};
