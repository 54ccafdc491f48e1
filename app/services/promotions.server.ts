import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
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
import { dayText, promotionIntents, type PromotionFormAnswer } from "~/components/admin/promotion-forms";
import { refusalOf } from "./account.server";
import { forbidden, pageErrorOf } from "./admin.server";
import { ApiError, type ApiClient } from "./api.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import { readForm } from "./form.server";
import { redirectWithFlash } from "./session.server";

/** The /gift page's coupons and vouchers as an admin keeps them (issue 12), and the vouchers' last days for shoppers. */

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

/**
 * A coupon's form or a voucher's: checked with its schema, sent as `PUT /admin/coupons/{code}` or
 * `/admin/vouchers/{code}` with the version it was read at; saved, back to `back` with a flash. A
 * refusal comes back beside the fields with what was typed; a change made meanwhile (409) as a
 * notice, the page read again to show the current values.
 */
export async function promotionFormAction(args: RequestArgs, account: AccountClient, back: string) {
  const formData = await readForm(args.request);
  const intent = String(formData.get("intent") ?? "");
  const target = String(formData.get("code") ?? "");
  const answer = (status: number, result: PromotionFormAnswer["result"], stale: PromotionFormAnswer["stale"] = null) =>
    data<PromotionFormAnswer>({ intent, target, result, stale }, { status });

  if (intent === promotionIntents.coupon) {
    const submission = parseWithZod(formData, { schema: couponUpdateForm });
    if (submission.status !== "success") return answer(400, submission.reply());
    const { code, ...body } = submission.value;
    try {
      const saved = await account.call(promotionEndpoints.updateCoupon, { params: { code }, body });
      return redirectWithFlash(args.context, back, { kind: "success", message: saved.message });
    } catch (error) {
      const typed = `del ${dayText(body.validFrom)} al ${dayText(body.validUntil)}, límite de ${body.maxUses} usos`;
      return refused(error, { answer, fields: COUPON_FORM_FIELDS, typed, reply: (errors) => submission.reply(errors) });
    }
  }

  if (intent === promotionIntents.voucher) {
    const submission = parseWithZod(formData, { schema: voucherUpdateForm });
    if (submission.status !== "success") return answer(400, submission.reply());
    const { code, ...body } = submission.value;
    try {
      const saved = await account.call(promotionEndpoints.updateVoucher, { params: { code }, body });
      return redirectWithFlash(args.context, back, { kind: "success", message: saved.message });
    } catch (error) {
      return refused(error, {
        answer,
        fields: VOUCHER_FORM_FIELDS,
        typed: `último día ${dayText(body.expiresOn)}`,
        reply: (errors) => submission.reply(errors),
      });
    }
  }

  throw new Response(null, { status: 400, statusText: "Acción no válida" });
}

function refused(
  error: unknown,
  options: {
    answer: (
      status: number,
      result: PromotionFormAnswer["result"],
      stale?: PromotionFormAnswer["stale"],
    ) => ReturnType<typeof data<PromotionFormAnswer>>;
    fields: readonly string[];
    typed: string;
    reply: (errors: { formErrors: string[]; fieldErrors: Record<string, string[]> }) => PromotionFormAnswer["result"];
  },
) {
  if (error instanceof Response) throw error;
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw forbidden();
  if (error instanceof ApiError && error.status === 404)
    throw new Response(null, { status: 404, statusText: "No encontrado" });
  if (error instanceof ApiError && error.status === 409)
    return options.answer(409, null, { message: error.message, typed: options.typed });
  const { status, formErrors, fieldErrors } = refusalOf(error, options.fields);
  return options.answer(status, options.reply({ formErrors, fieldErrors }));
}
