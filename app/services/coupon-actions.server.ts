import { COUPON_APPLIED, COUPON_REMOVED } from "#contract/coupons";
import { NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { answer, type ParsedForm } from "~/forms/form-answer.server";
import type { couponIntents } from "~/routes/cart.forms";
import type { CART_FORMS } from "~/routes/cart.schema";
import { ApiError } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { applyCoupon, removeCoupon } from "./coupons.server";
import { getShopper } from "./shopper.server";
import { redirectWithFlash } from "./session.server";
import { logError } from "./log.server";

/**
 * The cart's coupon field: apply a code or remove the coupon, then back to the same cart page with
 * a flash (plain POST, works without JavaScript). A refused code comes back next to the field with
 * the typed text kept.
 */

type CouponForm<Intent> = Extract<ParsedForm<typeof CART_FORMS>, { intent: Intent }>;

export async function applyCouponAction(args: RequestArgs, form: CouponForm<typeof couponIntents.apply>) {
  const back = new URL(args.request.url).pathname;
  try {
    const { message } = await applyCoupon(getShopper(args), form.value.code);
    return redirectWithFlash(args.context, back, { kind: "success", message: message || COUPON_APPLIED });
  } catch (error) {
    if (error instanceof Response) throw error;
    // Every refusal is the code's (unknown, expired, one coupon per cart): said next to the field.
    const refused = error instanceof ApiError && error.status < 500;
    if (!refused) logError("No se pudo aplicar el cupón", error);
    const message = refused ? error.message : NETWORK_OR_SERVER_ERROR;
    return answer(
      { intent: form.intent, result: form.reply({ fieldErrors: { code: [message] } }) },
      refused ? 400 : 502,
    );
  }
}

/** Removes the store's coupon, or with a code a shop's (issue 34). */
export async function removeCouponAction(args: RequestArgs, code?: string) {
  const back = new URL(args.request.url).pathname;
  try {
    const { message } = await removeCoupon(getShopper(args), code);
    return redirectWithFlash(args.context, back, { kind: "success", message: message || COUPON_REMOVED });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof ApiError) || error.status >= 500) logError("No se pudo quitar el cupón", error);
    return redirectWithFlash(args.context, back, {
      kind: "error",
      message: error instanceof ApiError && error.status < 500 ? error.message : NETWORK_OR_SERVER_ERROR,
    });
  }
}
