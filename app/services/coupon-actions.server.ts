import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { COUPON_APPLIED, COUPON_REMOVED } from "#contract/coupons";
import { NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { couponIntents } from "~/components/cart/coupon-intents";
import { couponSchema } from "~/components/cart/coupon-schema";
import { ApiError } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { applyCoupon, removeCoupon } from "./coupons.server";
import { getShopper } from "./shopper.server";
import { redirectWithFlash } from "./session.server";
import { logError } from "./log.server";
import { readForm } from "./form.server";

/** True when the form posted to /card or /cart is the coupon field's (the line buttons go to shopperAction). */
export async function isCouponIntent(request: Request): Promise<boolean> {
  const intent = (await readForm(request.clone())).get("intent");
  return intent === couponIntents.apply || intent === couponIntents.remove;
}

/**
 * The cart's coupon field: apply a code or remove the coupon, then back to the same cart page with
 * a flash (plain POST, works without JavaScript). A refused code comes back next to the field with
 * the typed text kept.
 */
export async function couponAction(args: RequestArgs) {
  const shopper = getShopper(args);
  const formData = await readForm(args.request);
  const back = new URL(args.request.url).pathname;

  if (formData.get("intent") === couponIntents.remove) {
    try {
      const { message } = await removeCoupon(shopper);
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

  const submission = parseWithZod(formData, { schema: couponSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const { message } = await applyCoupon(shopper, submission.value.code);
    return redirectWithFlash(args.context, back, { kind: "success", message: message || COUPON_APPLIED });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status < 500) {
      return data({ result: submission.reply({ fieldErrors: { code: [error.message] } }) }, { status: 400 });
    }
    logError("No se pudo aplicar el cupón", error);
    return data({ result: submission.reply({ fieldErrors: { code: [NETWORK_OR_SERVER_ERROR] } }) }, { status: 502 });
  }
}
