import { formatUsd } from "#contract/money-format";
import {
  COUPON_FORM_FIELDS,
  couponUpdateForm,
  promotionEndpoints,
  VOUCHER_FORM_FIELDS,
  voucherUpdateForm,
  type AdminCoupon,
  type AdminVoucher,
  type PublicVoucher,
} from "#contract/promotions";
import { answer, answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { promotionIntents, type PromotionFormAnswer } from "~/routes/dashboard/admin/coupons.forms";
import { PROMOTION_FORMS } from "~/routes/dashboard/admin/coupons.schema";
import { pageErrorOf } from "./admin.server";
import { ApiError, type ApiClient } from "./api.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import { redirectWithFlash } from "./session.server";

/** The /gift page's coupons and vouchers as an admin keeps them (issue 12), and the vouchers' last days for shoppers. */

/** 'DD/MM/AAAA' of a calendar day (YYYY-MM-DD), without any time zone moving it. */
export function dayText(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

export function couponValueText(coupon: Pick<AdminCoupon, "kind" | "value">): string {
  return coupon.kind === "porcentaje" ? `${coupon.value} %` : formatUsd(coupon.value);
}

function couponView(coupon: AdminCoupon) {
  return {
    ...coupon,
    valueText: couponValueText(coupon),
    windowText: `del ${dayText(coupon.validFrom)} al ${dayText(coupon.validUntil)}`,
    statusText: !coupon.validNow ? "Fuera de fechas" : coupon.usedCount >= coupon.maxUses ? "Agotado" : "Vigente",
  };
}

function voucherView(voucher: AdminVoucher) {
  return {
    ...voucher,
    amountText: formatUsd(voucher.amount),
    expiresText: dayText(voucher.expiresOn),
    statusText: voucher.expired ? "Caducado" : "Vigente",
  };
}

export type CouponView = ReturnType<typeof couponView>;
export type VoucherView = ReturnType<typeof voucherView>;

/** `GET /admin/promotions`: every coupon and voucher, with the words the page shows. */
export async function getPromotions(account: AccountClient) {
  const answer = await account.call(promotionEndpoints.list).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return { coupons: answer.coupons.map(couponView), vouchers: answer.vouchers.map(voucherView) };
}

/** `GET /home/vouchers`: the vouchers' last days, as the /gift page shows them. */
export async function getPublicVouchers(api: ApiClient): Promise<PublicVoucher[]> {
  return (await api.call(promotionEndpoints.vouchers)).vouchers;
}

/** The coupons page: every coupon and voucher, and the constraints of their forms. */
export async function loadPromotionsPage(account: AccountClient) {
  return {
    ...(await getPromotions(account)),
    // Once for all the cards: every coupon's form asks the same of its fields, and every voucher's.
    constraints: formConstraints({ coupon: couponUpdateForm, voucher: voucherUpdateForm }),
  };
}

/**
 * A coupon's form or a voucher's: checked with its schema, sent as `PUT /admin/coupons/{code}` or
 * `/admin/vouchers/{code}` with the version it was read at; saved, back to `back` with a flash. A
 * refusal comes back beside the fields with what was typed; a change made meanwhile (409) as a
 * notice with what was typed in words, the page read again to show the current values.
 */
export async function promotionsAction(args: RequestArgs, account: AccountClient, back: string) {
  const form = await parseIntentForm(args.request, PROMOTION_FORMS, {
    target: (formData) => String(formData.get("code") ?? ""),
  });
  if (!form.ok) return form.answer;
  const { code } = form.value;
  try {
    switch (form.intent) {
      case promotionIntents.coupon: {
        const { code: _code, ...body } = form.value;
        const saved = await account.call(promotionEndpoints.updateCoupon, { params: { code }, body });
        return redirectWithFlash(args.context, back, { kind: "success", message: saved.message });
      }
      case promotionIntents.voucher: {
        const { code: _code, ...body } = form.value;
        const saved = await account.call(promotionEndpoints.updateVoucher, { params: { code }, body });
        return redirectWithFlash(args.context, back, { kind: "success", message: saved.message });
      }
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const typed =
        form.intent === promotionIntents.coupon
          ? `del ${dayText(form.value.validFrom)} al ${dayText(form.value.validUntil)}, límite de ${form.value.maxUses} usos`
          : `último día ${dayText(form.value.expiresOn)}`;
      const stale: PromotionFormAnswer = {
        intent: form.intent,
        target: code,
        result: null,
        notice: error.message,
        typed,
      };
      return answer(stale, 409);
    }
    return answerRefused(error, form, {
      fields: form.intent === promotionIntents.coupon ? COUPON_FORM_FIELDS : VOUCHER_FORM_FIELDS,
      target: code,
      pageErrors: [401, 403, 404],
    });
  }
}
