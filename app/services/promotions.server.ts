import { adminCouponEndpoints, STORE_COUPON_FIELDS, VOUCHER_CREATE_FIELDS } from "#contract/coupons-admin";
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
import { cents, couponTermsOf } from "~/forms/coupon.schema";
import { answer, answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { CREATE_INTENTS, promotionIntents, type PromotionFormAnswer } from "~/routes/dashboard/admin/coupons.forms";
import { couponCreateForm, PROMOTION_FORMS, voucherCreateForm } from "~/routes/dashboard/admin/coupons.schema";
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
    statusText: coupon.endedAt
      ? "Terminado"
      : !coupon.validNow
        ? "Fuera de fechas"
        : coupon.usedCount >= coupon.maxUses
          ? "Agotado"
          : "Vigente",
    usesText: `${coupon.usedCount} de ${coupon.maxUses} (${coupon.maxUsesPerCustomer} por cliente)`,
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
    constraints: formConstraints({
      coupon: couponUpdateForm,
      voucher: voucherUpdateForm,
      createCoupon: couponCreateForm,
      createVoucher: voucherCreateForm,
    }),
  };
}

/** The words of what a stale form had typed, repeated beside the current values. */
function typedWords(value: { validFrom: string; validUntil: string; maxUses: number } | { expiresOn: string }): string {
  return "expiresOn" in value
    ? `último día ${dayText(value.expiresOn)}`
    : `del ${dayText(value.validFrom)} al ${dayText(value.validUntil)}, límite de ${value.maxUses} usos`;
}

/**
 * The page's forms: a coupon's or a voucher's changes, sent as `PUT /admin/coupons/{code}` or
 * `/admin/vouchers/{code}` with the version they were read at; a new coupon or voucher (`POST
 * /admin/coupons`, `/admin/vouchers`); a coupon's end (`POST /admin/coupons/{code}/end`). Saved,
 * back to `back` with a flash. A refusal comes back beside the fields with what was typed; a change
 * made meanwhile, or to an ended coupon (409), as a notice with what was typed in words, the page
 * read again to show the current values.
 */
export async function promotionsAction(args: RequestArgs, account: AccountClient, back: string) {
  const form = await parseIntentForm(args.request, PROMOTION_FORMS, {
    // A new record's form names none: its answer is the create form's whatever code was typed.
    target: (formData) =>
      CREATE_INTENTS.includes(String(formData.get("intent"))) ? undefined : String(formData.get("code") ?? ""),
  });
  if (!form.ok) return form.answer;
  const saved = (answer: { message: string }) =>
    redirectWithFlash(args.context, back, { kind: "success", message: answer.message });
  const target = CREATE_INTENTS.includes(form.intent) ? undefined : form.value.code;
  try {
    switch (form.intent) {
      case promotionIntents.coupon: {
        const { code, ...body } = form.value;
        return saved(await account.call(promotionEndpoints.updateCoupon, { params: { code }, body }));
      }
      case promotionIntents.voucher: {
        const { code, ...body } = form.value;
        return saved(await account.call(promotionEndpoints.updateVoucher, { params: { code }, body }));
      }
      case promotionIntents.createCoupon:
        return saved(
          await account.call(adminCouponEndpoints.createCoupon, {
            body: { code: form.value.code, ...couponTermsOf(form.value) },
          }),
        );
      case promotionIntents.createVoucher: {
        const { code, amount, expiresOn } = form.value;
        return saved(
          await account.call(adminCouponEndpoints.createVoucher, { body: { code, amount: cents(amount), expiresOn } }),
        );
      }
      case promotionIntents.endCoupon:
        return saved(
          await account.call(adminCouponEndpoints.endCoupon, { params: { code: form.value.code }, body: null }),
        );
      case promotionIntents.endVoucher:
        return saved(
          await account.call(adminCouponEndpoints.endVoucher, { params: { code: form.value.code }, body: null }),
        );
    }
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 409 &&
      (form.intent === promotionIntents.coupon || form.intent === promotionIntents.voucher)
    ) {
      const stale: PromotionFormAnswer = {
        intent: form.intent,
        target,
        result: null,
        notice: error.message,
        typed: typedWords(form.value),
      };
      return answer(stale, 409);
    }
    return answerRefused(error, form, {
      fields:
        form.intent === promotionIntents.coupon
          ? COUPON_FORM_FIELDS
          : form.intent === promotionIntents.voucher
            ? VOUCHER_FORM_FIELDS
            : form.intent === promotionIntents.createCoupon
              ? STORE_COUPON_FIELDS
              : form.intent === promotionIntents.createVoucher
                ? VOUCHER_CREATE_FIELDS
                : [],
      target,
      pageErrors: [401, 403, 404],
    });
  }
}
