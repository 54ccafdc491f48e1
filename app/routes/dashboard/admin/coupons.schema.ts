import { couponUpdateForm, voucherUpdateForm } from "#contract/promotions";
import { promotionIntents } from "./coupons.forms";

/** The contract's forms, which the API checks again: the browser and the action parse with the same. */
export { couponUpdateForm, voucherUpdateForm };

/** The page's forms by the intent their button sends (parseIntentForm); one per coupon and per voucher. */
export const PROMOTION_FORMS = {
  [promotionIntents.coupon]: couponUpdateForm,
  [promotionIntents.voucher]: voucherUpdateForm,
};
