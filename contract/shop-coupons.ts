import { z } from "zod";
import { couponKind, COUPON_NOT_FOUND } from "./coupons";
import { objectExpected, typedCode } from "./fields";
import { endpoint, noBody, noInput } from "./http";
import { CODE_MAX_LENGTH } from "./limits";
import { formatUsd } from "./money-format";
import { COUPON_MAX_USES_LIMIT, orderedWindow, storeDay } from "./promotions";
import { SHOP_COUPON_STATES } from "./shop-coupons-labels";

/**
 * A shop's own coupons (issue 34): its seller creates, edits and ends them. A coupon takes a
 * percentage or an amount off the shop's part of an order (never its shipping) from a minimum
 * subtotal of that part, between two days of the store's time zone (the first from its start, the
 * last to its end), with a limit of uses in all and per customer. Codes are unique across the
 * whole store, the store's own coupons included. Money is integer cents.
 */

export const SHOP_COUPON_CREATED = "Cupón creado.";
export const SHOP_COUPON_SAVED = "Cupón guardado.";
export const SHOP_COUPON_ENDED = "Cupón terminado: ya no se puede usar en pedidos nuevos.";
export const SHOP_COUPON_CODE_TAKEN = "Ese código ya existe en la tienda. Elige otro.";
export const SHOP_COUPON_ALREADY_ENDED = "Este cupón ya está terminado.";
export const SHOP_COUPON_NO_SHOP = "Necesitas una tienda aprobada para crear cupones.";
const CODE_MISSING = "Escribe el código del cupón.";
const CODE_SHAPE = "El código lleva de 4 a 20 letras sin tilde, números o guiones.";
const VALUE_INVALID = "Escribe un valor válido.";
const PERCENT_RANGE = "El porcentaje va de 1 a 90.";
/** The most a coupon of a fixed amount, or a voucher, is worth, in cents. */
export const AMOUNT_MAX = 100_000;
const AMOUNT_RANGE = `El importe va de ${formatUsd(1)} a ${formatUsd(AMOUNT_MAX)}.`;
const USES_INVALID = "Escribe un número entero de usos, de 1 en adelante.";
const PER_CUSTOMER_ABOVE_TOTAL = "Los usos por cliente no pueden superar los usos en total.";
const MIN_SUBTOTAL_INVALID = "El mínimo no es válido.";
export const shopCouponUsesBelowUsed = (usedCount: number) =>
  `Los usos en total no pueden ser menos que los ya hechos (${usedCount}).`;

/** A code typed when a coupon or a voucher is created: upper-cased, letters without accents, digits and hyphens. */
export function newCode(missing: string) {
  return typedCode(missing, CODE_SHAPE, 20).pipe(z.string().regex(/^[A-Z0-9-]{4,20}$/, CODE_SHAPE));
}

/** What a seller types as a code. */
export const shopCouponCode = newCode(CODE_MISSING);

const uses = z
  .number({ required_error: USES_INVALID, invalid_type_error: USES_INVALID })
  .int(USES_INVALID)
  .min(1, USES_INVALID)
  .max(COUPON_MAX_USES_LIMIT, USES_INVALID);

/** What every coupon sets, the store's and a shop's (all but the code, which never changes once created). */
export const couponTermsFields = {
  kind: couponKind,
  /** 1-90 for `porcentaje`, cents for `importe`. */
  value: z.number({ required_error: VALUE_INVALID, invalid_type_error: VALUE_INVALID }).int(VALUE_INVALID),
  validFrom: storeDay("Indica desde qué día vale el cupón."),
  validUntil: storeDay("Indica hasta qué día vale el cupón."),
  maxUses: uses,
  maxUsesPerCustomer: uses,
};
export const couponTermsExpected = objectExpected("Envía los datos del cupón.");

/** The rules across a coupon's terms: the days' order, the value's range for its kind, uses per customer within the total. */
export function couponTermsRules(
  terms: z.output<z.ZodObject<typeof couponTermsFields>>,
  context: z.RefinementCtx,
): void {
  orderedWindow(terms, context);
  if (terms.kind === "porcentaje" && (terms.value < 1 || terms.value > 90))
    context.addIssue({ code: "custom", path: ["value"], message: PERCENT_RANGE });
  if (terms.kind === "importe" && (terms.value < 1 || terms.value > AMOUNT_MAX))
    context.addIssue({ code: "custom", path: ["value"], message: AMOUNT_RANGE });
  if (terms.maxUsesPerCustomer > terms.maxUses)
    context.addIssue({ code: "custom", path: ["maxUsesPerCustomer"], message: PER_CUSTOMER_ABOVE_TOTAL });
}

/** The fields a seller sets: every coupon's, and the minimum of the shop's products it applies from. */
const shopCouponTerms = z
  .object(
    {
      ...couponTermsFields,
      /** Cents of the shop's products in the order from which it applies; 0: any. */
      minSubtotal: z
        .number({ invalid_type_error: MIN_SUBTOTAL_INVALID })
        .int(MIN_SUBTOTAL_INVALID)
        .min(0, MIN_SUBTOTAL_INVALID)
        .max(10_000_000, MIN_SUBTOTAL_INVALID)
        .default(0),
    },
    couponTermsExpected,
  )
  .superRefine(couponTermsRules);

export const shopCouponUpdateBody = shopCouponTerms;
export type ShopCouponUpdateBody = z.infer<typeof shopCouponUpdateBody>;

export const shopCouponCreateBody = z.intersection(z.object({ code: shopCouponCode }), shopCouponTerms);
export type ShopCouponCreateBody = z.infer<typeof shopCouponCreateBody>;

export const shopCoupon = z.object({
  code: z.string(),
  kind: couponKind,
  value: z.number().int(),
  /** First and last day (YYYY-MM-DD, the store's time zone). */
  validFrom: z.string(),
  validUntil: z.string(),
  maxUses: z.number().int(),
  maxUsesPerCustomer: z.number().int(),
  usedCount: z.number().int(),
  minSubtotal: z.number().int(),
  endedAt: z.string().nullable(),
  state: z.enum(SHOP_COUPON_STATES),
});
export type ShopCoupon = z.infer<typeof shopCoupon>;

export const shopCouponsAnswer = z.object({ coupons: z.array(shopCoupon) });
export const shopCouponSavedAnswer = z.object({ message: z.string(), coupon: shopCoupon });
export const shopCouponParams = z.object({ code: typedCode(COUPON_NOT_FOUND, COUPON_NOT_FOUND, CODE_MAX_LENGTH) });

/** The seller's own shop's coupons (bearer, sellers only). */
export const shopCouponEndpoints = {
  list: endpoint({ method: "GET", path: "/seller/coupons", query: noInput, answer: shopCouponsAnswer }),
  create: endpoint({
    method: "POST",
    path: "/seller/coupons",
    body: shopCouponCreateBody,
    answer: shopCouponSavedAnswer,
  }),
  update: endpoint({
    method: "PUT",
    path: "/seller/coupons/:code",
    params: shopCouponParams,
    body: shopCouponUpdateBody,
    answer: shopCouponSavedAnswer,
  }),
  end: endpoint({
    method: "POST",
    path: "/seller/coupons/:code/end",
    params: shopCouponParams,
    body: noBody,
    answer: shopCouponSavedAnswer,
  }),
};
