import { z } from "zod";
import { couponKind } from "#contract/coupons";
import { orderedWindow, storeDay } from "#contract/promotions";
import { shopCouponCode } from "#contract/shop-coupons";
import { shopCouponIntents } from "./coupons.forms";

const VALUE_MISSING = "Escribe cuánto descuenta el cupón.";
const PERCENT_SHAPE = "Escribe un porcentaje entero, por ejemplo 10.";
const AMOUNT_SHAPE = "Escribe un importe en dólares, por ejemplo 5,50.";
const USES_INVALID = "Escribe un número entero de usos, de 1 en adelante.";
const MIN_SHAPE = "Escribe un importe en dólares, por ejemplo 40, o déjalo vacío.";

const uses = z
  .number({ required_error: USES_INVALID, invalid_type_error: USES_INVALID })
  .int(USES_INVALID)
  .min(1, USES_INVALID);

/**
 * The coupon form, to create or edit (the code cannot change once created): the value as typed ('10'
 * per cent, '5,50' dollars), the minimum in dollars; the API checks every rule again (ranges).
 */
export const shopCouponFormSchema = z
  .object({
    code: shopCouponCode,
    kind: z.enum(couponKind.options, { errorMap: () => ({ message: "Elige el tipo de descuento." }) }),
    value: z.string({ required_error: VALUE_MISSING }).trim().min(1, VALUE_MISSING),
    validFrom: storeDay("Indica desde qué día vale el cupón."),
    validUntil: storeDay("Indica hasta qué día vale el cupón."),
    maxUses: uses,
    maxUsesPerCustomer: uses,
    minSubtotal: z
      .string()
      .trim()
      .regex(/^\d{1,7}(?:[.,]\d{1,2})?$/, MIN_SHAPE)
      .optional(),
  })
  .superRefine((form, context) => {
    orderedWindow(form, context);
    const shape = form.kind === "porcentaje" ? /^\d{1,3}$/ : /^\d{1,7}(?:[.,]\d{1,2})?$/;
    if (!shape.test(form.value))
      context.addIssue({
        code: "custom",
        path: ["value"],
        message: form.kind === "porcentaje" ? PERCENT_SHAPE : AMOUNT_SHAPE,
      });
  });
export type ShopCouponForm = z.output<typeof shopCouponFormSchema>;

/** The page's forms by the intent their button sends (parseIntentForm). */
export const SHOP_COUPON_FORMS = {
  [shopCouponIntents.create]: shopCouponFormSchema,
  [shopCouponIntents.edit]: shopCouponFormSchema,
  [shopCouponIntents.end]: z.object({ code: z.string().trim().min(1).max(40) }),
};
