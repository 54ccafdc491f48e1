import { z } from "zod";
import { couponKind, COUPON_NOT_FOUND } from "./coupons";
import { errorAnswer, endpoint, noInput } from "./http";
import { isCalendarDay, objectExpected, typedCode } from "./fields";
import { CODE_MAX_LENGTH } from "./limits";
import { formatSpanishNumber } from "./number-format";
import { VOUCHER_NOT_FOUND } from "./wallet";

/**
 * The /gift page's coupons and vouchers as an admin keeps them (issue 12): validity windows and usage
 * limits of the coupons, expiry of the vouchers. Days are calendar days of the store's time zone
 * (contract/store-time.ts), written YYYY-MM-DD as a date input sends them: a coupon is valid from the
 * start of its first day to the end of its last, a voucher can be redeemed to the end of its last day.
 * Each form carries the `version` it was read at; a change made meanwhile answers 409 with the
 * current values instead of being overwritten.
 */

// ---- Limits -------------------------------------------------------------------------------------

/** The days a form accepts: the spec's coupons start in 2024, and nothing is planned past 2099. */
export const PROMOTION_FIRST_DAY = "2020-01-01";
export const PROMOTION_LAST_DAY = "2099-12-31";
export const COUPON_MAX_USES_LIMIT = 1_000_000;

// ---- Messages both halves show ------------------------------------------------------------------

export const COUPON_UPDATED = "Cupón actualizado.";
export const VOUCHER_UPDATED = "Voucher actualizado.";
export const PROMOTION_CHANGED_WHILE_EDITING =
  "Otro administrador cambió este registro mientras editabas. Revisa los valores actuales y vuelve a guardar.";
export const VERSION_MISSING = "Falta la versión del formulario; recarga la página.";
export const DAY_INVALID = "Escribe una fecha válida (día, mes y año).";
const DAY_OUT_OF_RANGE = "La fecha debe estar entre el 01/01/2020 y el 31/12/2099.";
const VALID_FROM_MISSING = "Indica desde qué día vale el cupón.";
const VALID_UNTIL_MISSING = "Indica hasta qué día vale el cupón.";
const EXPIRES_ON_MISSING = "Indica el último día en que se puede canjear el voucher.";
export const VALID_UNTIL_BEFORE_FROM = "El último día no puede ser anterior al primero.";
const MAX_USES_INVALID = `El límite de usos debe ser un número entero entre 0 y ${formatSpanishNumber(COUPON_MAX_USES_LIMIT, 0, 0)}.`;

/** 400 beside the limit: it cannot fall below the uses already made (orders that used the coupon). */
export function maxUsesBelowUses(usedCount: number): string {
  return usedCount === 1
    ? "El límite no puede ser menor que los usos ya hechos: el cupón ya se usó 1 vez."
    : `El límite no puede ser menor que los usos ya hechos: el cupón ya se usó ${usedCount} veces.`;
}

// ---- Fields -------------------------------------------------------------------------------------

/** A calendar day of the store as a date input writes it (YYYY-MM-DD). */
export function storeDay(missing: string) {
  // One message a field: the first rule it breaks.
  return z
    .string({ required_error: missing, invalid_type_error: missing })
    .trim()
    .superRefine((day, context) => {
      const message =
        day === ""
          ? missing
          : !/^\d{4}-\d{2}-\d{2}$/.test(day) || !isCalendarDay(day)
            ? DAY_INVALID
            : day < PROMOTION_FIRST_DAY || day > PROMOTION_LAST_DAY
              ? DAY_OUT_OF_RANGE
              : null;
      if (message) context.addIssue({ code: "custom", message, fatal: true });
    });
}

const version = z
  .string({ required_error: VERSION_MISSING, invalid_type_error: VERSION_MISSING })
  .min(1, VERSION_MISSING)
  .max(200, VERSION_MISSING);

const couponFieldsExpected = objectExpected("Envía las fechas y el límite del cupón.");

/** The window's order, beside its last day (`field`; each day's own message comes first). */
export function orderedWindow(
  value: { validFrom: string; validUntil: string },
  context: z.RefinementCtx,
  field = "validUntil",
) {
  if (value.validUntil < value.validFrom)
    context.addIssue({ code: "custom", message: VALID_UNTIL_BEFORE_FROM, path: [field] });
}

/** A coupon's window and limit; the days' order is judged whatever the limit holds (decision 0025). */
const couponWindowFields = z.intersection(
  z
    .object(
      { validFrom: storeDay(VALID_FROM_MISSING), validUntil: storeDay(VALID_UNTIL_MISSING) },
      couponFieldsExpected,
    )
    .superRefine(orderedWindow),
  z.object(
    {
      maxUses: z
        .number({ required_error: MAX_USES_INVALID, invalid_type_error: MAX_USES_INVALID })
        .int(MAX_USES_INVALID)
        .min(0, MAX_USES_INVALID)
        .max(COUPON_MAX_USES_LIMIT, MAX_USES_INVALID),
      version,
    },
    couponFieldsExpected,
  ),
);

/** `PUT /admin/coupons/{code}`: the coupon's first and last day, its limit of uses in all, and the version the form read. */
export const couponUpdateBody = couponWindowFields;
export type CouponUpdateBody = z.infer<typeof couponUpdateBody>;

const voucherExpiryFields = z.object(
  { expiresOn: storeDay(EXPIRES_ON_MISSING), version },
  objectExpected("Envía la fecha de caducidad del voucher."),
);

/** `PUT /admin/vouchers/{code}`: the voucher's last day and the version the form read. */
export const voucherUpdateBody = voucherExpiryFields;
export type VoucherUpdateBody = z.infer<typeof voucherUpdateBody>;

export const couponCodeParams = z.object({ code: typedCode(COUPON_NOT_FOUND, COUPON_NOT_FOUND, CODE_MAX_LENGTH) });
export const voucherCodeParams = z.object({ code: typedCode(VOUCHER_NOT_FOUND, VOUCHER_NOT_FOUND, CODE_MAX_LENGTH) });

/** The web's form of one coupon (its row): the body plus the code it is about. Conform reads the limit as a number. */
export const couponUpdateForm = z.intersection(couponWindowFields, z.object({ code: z.string() }));
export type CouponUpdateForm = z.output<typeof couponUpdateForm>;

/** The web's form of one voucher (its row). */
export const voucherUpdateForm = voucherExpiryFields.extend({ code: z.string() });
export type VoucherUpdateForm = z.output<typeof voucherUpdateForm>;

/** The forms' fields, as the API's refusals name them. */
export const COUPON_FORM_FIELDS = ["validFrom", "validUntil", "maxUses"] as const;
export const VOUCHER_FORM_FIELDS = ["expiresOn"] as const;

// ---- Answers ------------------------------------------------------------------------------------

export const adminCoupon = z.object({
  code: z.string(),
  kind: couponKind,
  /** A percentage for 'porcentaje', cents for 'importe'. */
  value: z.number().int(),
  validFrom: z.string(),
  validUntil: z.string(),
  maxUses: z.number().int(),
  /** Orders each customer may use it in. */
  maxUsesPerCustomer: z.number().int(),
  /** Orders that used it and were not given it back (an expired unpaid order returns its use). */
  usedCount: z.number().int(),
  /** When an admin ended it (issue 35): no order uses it from then on; null until then. */
  endedAt: z.string().nullable(),
  /** Inside its days and not ended. */
  validNow: z.boolean(),
  version: z.string(),
  /** The id its audit entries carry (the audit log names records by UUID). */
  auditId: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCoupon>;

export const adminVoucher = z.object({
  code: z.string(),
  /** Cents credited to the wallet. */
  amount: z.number().int(),
  /** The last day it can be redeemed. */
  expiresOn: z.string(),
  expired: z.boolean(),
  /** Users who redeemed it (once each). */
  redemptions: z.number().int(),
  version: z.string(),
  /** The id its audit entries carry. */
  auditId: z.string(),
});
export type AdminVoucher = z.infer<typeof adminVoucher>;

export const promotionsAnswer = z.object({ coupons: z.array(adminCoupon), vouchers: z.array(adminVoucher) });
export type PromotionsAnswer = z.infer<typeof promotionsAnswer>;

export const couponUpdatedAnswer = z.object({ message: z.string(), coupon: adminCoupon });
export const voucherUpdatedAnswer = z.object({ message: z.string(), voucher: adminVoucher });

/** 409: the form was read at another version; `current` is what is stored now. */
export const staleCouponAnswer = errorAnswer.extend({ current: adminCoupon });
export type StaleCouponAnswer = z.infer<typeof staleCouponAnswer>;
export const staleVoucherAnswer = errorAnswer.extend({ current: adminVoucher });
export type StaleVoucherAnswer = z.infer<typeof staleVoucherAnswer>;

/** The /gift page's vouchers as shoppers see them. */
export const publicVoucher = adminVoucher.pick({ code: true, amount: true, expiresOn: true, expired: true });
export type PublicVoucher = z.infer<typeof publicVoucher>;
export const publicVouchersAnswer = z.object({ vouchers: z.array(publicVoucher) });

// ---- Calls --------------------------------------------------------------------------------------

export const promotionEndpoints = {
  /** Anyone: the vouchers with their last day, by amount. */
  vouchers: endpoint({ method: "GET", path: "/home/vouchers", query: noInput, answer: publicVouchersAnswer }),
  /** Admin: every coupon and voucher with its window, limit, uses and redemptions. */
  list: endpoint({ method: "GET", path: "/admin/promotions", query: noInput, answer: promotionsAnswer }),
  /** Admin: a coupon's window and limit; 400 per field, 409 with the current values when it changed meanwhile. */
  updateCoupon: endpoint({
    method: "PUT",
    path: "/admin/coupons/:code",
    params: couponCodeParams,
    body: couponUpdateBody,
    answer: couponUpdatedAnswer,
    refusals: { 409: staleCouponAnswer },
  }),
  /** Admin: a voucher's last day; 400 per field, 409 with the current values when it changed meanwhile. */
  updateVoucher: endpoint({
    method: "PUT",
    path: "/admin/vouchers/:code",
    params: voucherCodeParams,
    body: voucherUpdateBody,
    answer: voucherUpdatedAnswer,
    refusals: { 409: staleVoucherAnswer },
  }),
};
