/** The seller's coupons page (issue 34) as it names its forms, without zod: intents and the schema loader. */

export const shopCouponIntents = {
  create: "crear-cupon",
  edit: "editar-cupon",
  end: "terminar-cupon",
} as const;

/** The coupon form's schema, loaded when the form is first used (useSchemaForm). */
export const loadShopCouponSchema = () => import("./coupons.schema").then((module) => module.shopCouponFormSchema);
