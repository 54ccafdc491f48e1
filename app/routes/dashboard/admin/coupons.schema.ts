import { z } from "zod";
import { VOUCHER_AMOUNT_RANGE } from "#contract/coupons-admin";
import { couponUpdateForm, storeDay, voucherUpdateForm } from "#contract/promotions";
import { newCode } from "#contract/shop-coupons";
import { couponFormFields, couponFormRules, DOLLARS_PATTERN } from "~/forms/coupon.schema";
import { promotionIntents } from "./coupons.forms";

/** The contract's forms, which the API checks again: the browser and the action parse with the same. */
export { couponUpdateForm, voucherUpdateForm };

/** A new store coupon: every coupon's fields (app/forms/coupon.schema.ts), without a shop's minimum. */
export const couponCreateForm = z.object(couponFormFields).superRefine(couponFormRules);
export type CouponCreateForm = z.output<typeof couponCreateForm>;

/** A new voucher: its code, its amount in dollars as typed, its last day. */
export const voucherCreateForm = z.object({
  code: newCode("Escribe el código del voucher."),
  amount: z
    .string({ required_error: VOUCHER_AMOUNT_RANGE })
    .trim()
    .regex(DOLLARS_PATTERN, "Escribe un importe en dólares, por ejemplo 25 o 12,50."),
  expiresOn: storeDay("Indica el último día en que se puede canjear el voucher."),
});
export type VoucherCreateForm = z.output<typeof voucherCreateForm>;

/** A coupon's or voucher's end button: only its code. */
const endForm = z.object({ code: z.string().trim().min(1).max(40) });

/** The page's forms by the intent their button sends (parseIntentForm); editing and ending name their record's code. */
export const PROMOTION_FORMS = {
  [promotionIntents.coupon]: couponUpdateForm,
  [promotionIntents.voucher]: voucherUpdateForm,
  [promotionIntents.createCoupon]: couponCreateForm,
  [promotionIntents.createVoucher]: voucherCreateForm,
  [promotionIntents.endCoupon]: endForm,
  [promotionIntents.endVoucher]: endForm,
};
