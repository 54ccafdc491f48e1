import { z } from "zod";
import { couponKind } from "#contract/coupons";
import { orderedWindow, storeDay } from "#contract/promotions";
import { shopCouponCode } from "#contract/shop-coupons";

/**
 * The coupon form the seller's coupons page (issue 34) and the admin's (issue 35) share: the value as
 * typed ('10' per cent, '5,50' dollars); the API checks every rule again (ranges, a code taken).
 */

const VALUE_MISSING = "Escribe cuánto descuenta el cupón.";
const PERCENT_SHAPE = "Escribe un porcentaje entero, por ejemplo 10.";
const AMOUNT_SHAPE = "Escribe un importe en dólares, por ejemplo 5,50.";
const USES_INVALID = "Escribe un número entero de usos, de 1 en adelante.";

/** Dollars as a person types them: '40', '5,50' or '5.50'. */
export const DOLLARS_PATTERN = /^\d{1,7}(?:[.,]\d{1,2})?$/;

const uses = z
  .number({ required_error: USES_INVALID, invalid_type_error: USES_INVALID })
  .int(USES_INVALID)
  .min(1, USES_INVALID);

/** Every coupon's fields, the store's and a shop's. */
export const couponFormFields = {
  code: shopCouponCode,
  kind: z.enum(couponKind.options, { errorMap: () => ({ message: "Elige el tipo de descuento." }) }),
  value: z.string({ required_error: VALUE_MISSING }).trim().min(1, VALUE_MISSING),
  validFrom: storeDay("Indica desde qué día vale el cupón."),
  validUntil: storeDay("Indica hasta qué día vale el cupón."),
  maxUses: uses,
  maxUsesPerCustomer: uses,
};
type CouponFormFields = z.output<z.ZodObject<typeof couponFormFields>>;

/** The days' order and the value's shape for its kind. */
export function couponFormRules(form: CouponFormFields, context: z.RefinementCtx): void {
  orderedWindow(form, context);
  const shape = form.kind === "porcentaje" ? /^\d{1,3}$/ : DOLLARS_PATTERN;
  if (!shape.test(form.value))
    context.addIssue({
      code: "custom",
      path: ["value"],
      message: form.kind === "porcentaje" ? PERCENT_SHAPE : AMOUNT_SHAPE,
    });
}

/** Dollars as typed ('5,50') in cents. */
export const cents = (typed: string) => Math.round(Number(typed.replace(",", ".")) * 100);

/** The API's terms of a coupon from the form: a percentage as typed, an amount in cents. */
export function couponTermsOf(form: CouponFormFields) {
  return {
    kind: form.kind,
    value: form.kind === "porcentaje" ? Number(form.value) : cents(form.value),
    validFrom: form.validFrom,
    validUntil: form.validUntil,
    maxUses: form.maxUses,
    maxUsesPerCustomer: form.maxUsesPerCustomer,
  };
}
