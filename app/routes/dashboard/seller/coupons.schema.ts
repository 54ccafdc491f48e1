import { z } from "zod";
import { couponFormFields, couponFormRules, DOLLARS_PATTERN } from "~/forms/coupon.schema";
import { shopCouponIntents } from "./coupons.forms";

const MIN_SHAPE = "Escribe un importe en dólares, por ejemplo 40, o déjalo vacío.";

/**
 * The coupon form, to create or edit (the code cannot change once created): every coupon's fields
 * (app/forms/coupon.schema.ts) and the minimum in dollars; the API checks every rule again (ranges).
 */
export const shopCouponFormSchema = z
  .object({
    ...couponFormFields,
    minSubtotal: z.string().trim().regex(DOLLARS_PATTERN, MIN_SHAPE).optional(),
  })
  .superRefine(couponFormRules);
export type ShopCouponForm = z.output<typeof shopCouponFormSchema>;

/** The page's forms by the intent their button sends (parseIntentForm). */
export const SHOP_COUPON_FORMS = {
  [shopCouponIntents.create]: shopCouponFormSchema,
  [shopCouponIntents.edit]: shopCouponFormSchema,
  [shopCouponIntents.end]: z.object({ code: z.string().trim().min(1).max(40) }),
};
