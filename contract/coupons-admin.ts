import { z } from "zod";
import { objectExpected } from "./fields";
import { endpoint, noBody } from "./http";
import { formatUsd } from "./money-format";
import { adminCoupon, adminVoucher, couponCodeParams, storeDay, voucherCodeParams } from "./promotions";
import {
  AMOUNT_MAX,
  couponTermsExpected,
  couponTermsFields,
  couponTermsRules,
  SHOP_COUPON_ALREADY_ENDED,
  SHOP_COUPON_CODE_TAKEN,
  SHOP_COUPON_CREATED,
  SHOP_COUPON_ENDED,
  newCode,
  shopCouponCode,
} from "./shop-coupons";

/**
 * The store's coupons and vouchers created and ended by an admin (issue 35), beside their changes of
 * days and limits (contract/promotions.ts). A coupon takes the rules of a shop's (contract/shop-coupons.ts)
 * but its minimum: the store's apply to the whole cart. Codes are unique whatever their case (they are
 * kept upper-case), a coupon's across the store's and the shops' coupons, a voucher's across the
 * vouchers. Ending a coupon stops it at once; orders already placed keep what it took off.
 */

export const STORE_COUPON_CREATED = SHOP_COUPON_CREATED;
export const STORE_COUPON_ENDED = SHOP_COUPON_ENDED;
export const COUPON_CODE_TAKEN = SHOP_COUPON_CODE_TAKEN;
export const COUPON_ALREADY_ENDED = SHOP_COUPON_ALREADY_ENDED;
export const VOUCHER_CREATED = "Voucher creado.";
export const VOUCHER_ENDED = "Voucher terminado: ya no se puede canjear.";
/** 409: its last moment has passed already (ended, or expired). */
export const VOUCHER_ALREADY_ENDED = "Este voucher ya no se puede canjear: está terminado o caducado.";
export const VOUCHER_CODE_TAKEN = "Ya existe un voucher con ese código. Elige otro.";
const VOUCHER_CODE_MISSING = "Escribe el código del voucher.";
export const VOUCHER_AMOUNT_RANGE = `El importe va de ${formatUsd(1)} a ${formatUsd(AMOUNT_MAX)}.`;

/** `POST /admin/coupons`: a store coupon's code and terms. */
export const storeCouponCreateBody = z.intersection(
  z.object({ code: shopCouponCode }, couponTermsExpected),
  z.object(couponTermsFields, couponTermsExpected).superRefine(couponTermsRules),
);
export type StoreCouponCreateBody = z.infer<typeof storeCouponCreateBody>;
export const STORE_COUPON_FIELDS = [
  "code",
  "kind",
  "value",
  "validFrom",
  "validUntil",
  "maxUses",
  "maxUsesPerCustomer",
] as const;

/** `POST /admin/vouchers`: a voucher's code, amount (cents credited to the wallet) and last day. */
export const voucherCreateBody = z.object(
  {
    code: newCode(VOUCHER_CODE_MISSING),
    amount: z
      .number({ required_error: VOUCHER_AMOUNT_RANGE, invalid_type_error: VOUCHER_AMOUNT_RANGE })
      .int(VOUCHER_AMOUNT_RANGE)
      .min(1, VOUCHER_AMOUNT_RANGE)
      .max(AMOUNT_MAX, VOUCHER_AMOUNT_RANGE),
    expiresOn: storeDay("Indica el último día en que se puede canjear el voucher."),
  },
  objectExpected("Envía los datos del voucher."),
);
export type VoucherCreateBody = z.infer<typeof voucherCreateBody>;
export const VOUCHER_CREATE_FIELDS = ["code", "amount", "expiresOn"] as const;

export const storeCouponSavedAnswer = z.object({ message: z.string(), coupon: adminCoupon });
export const voucherCreatedAnswer = z.object({ message: z.string(), voucher: adminVoucher });

export const adminCouponEndpoints = {
  /** Admin: a new store coupon; 400 per field (a code taken beside `code`). */
  createCoupon: endpoint({
    method: "POST",
    path: "/admin/coupons",
    body: storeCouponCreateBody,
    answer: storeCouponSavedAnswer,
  }),
  /** Admin: ends a store coupon at once; 404, 409 when already ended. */
  endCoupon: endpoint({
    method: "POST",
    path: "/admin/coupons/:code/end",
    params: couponCodeParams,
    body: noBody,
    answer: storeCouponSavedAnswer,
  }),
  /** Admin: ends a voucher at once: nobody can redeem it from then on; 404, 409 when it is over already. */
  endVoucher: endpoint({
    method: "POST",
    path: "/admin/vouchers/:code/end",
    params: voucherCodeParams,
    body: noBody,
    answer: voucherCreatedAnswer,
  }),
  /** Admin: a new voucher; 400 per field (a code taken beside `code`). */
  createVoucher: endpoint({
    method: "POST",
    path: "/admin/vouchers",
    body: voucherCreateBody,
    answer: voucherCreatedAnswer,
  }),
};
