import type { SubmissionResult } from "@conform-to/react";

/**
 * The coupons page's forms (/dashboard/admin/coupons): one per coupon and one per voucher, each
 * carrying its intent and the code it is about. Their schemas are the contract's
 * (`couponUpdateForm`, `voucherUpdateForm`), checked by Conform in the browser and by the action.
 */
export const promotionIntents = { coupon: "editar-cupon", voucher: "editar-voucher" } as const;

/** What the action answers when it does not redirect. */
export interface PromotionFormAnswer {
  intent: string;
  /** The code of the coupon or voucher whose form was sent. */
  target: string;
  result: SubmissionResult<string[]> | null;
  /**
   * Another admin changed the record after this form was read (409): the page is read again, so its
   * form shows the current values; this keeps the message and what this admin had typed.
   */
  stale: { message: string; typed: string } | null;
}

/** 'DD/MM/AAAA' of a calendar day (YYYY-MM-DD), without any time zone moving it. */
export function dayText(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}
