import { parseWithZod } from "@conform-to/zod";
import { couponIntents, couponSchema } from "~/components/cart/coupon-schema";
import { ApiError } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { applyCoupon, removeCoupon } from "./coupons.server";
import { getShopper } from "./shopper.server";

/** True when the form posted to /card or /cart is the coupon field's (the line buttons go to shopperAction). */
export async function isCouponIntent(request: Request): Promise<boolean> {
  const intent = (await request.clone().formData()).get("intent");
  return intent === couponIntents.apply || intent === couponIntents.remove;
}

/**
 * The cart's coupon field: apply a code or remove the coupon, then back to the same cart page with
 * a flash (plain POST, works without JavaScript). A refused code comes back next to the field with
 * the typed text kept.
 */
export async function couponAction(args: RequestArgs) {
  const shopper = await getShopper(args);
  const formData = await args.request.formData();
  const back = new URL(args.request.url).pathname;

  if (formData.get("intent") === couponIntents.remove) {
    try {
      const { message } = await removeCoupon(shopper);
      return shopper.redirect(back, { kind: "success", message: message || "Cupón quitado del carrito." });
    } catch (error) {
      if (error instanceof Response) throw error;
      if (!(error instanceof ApiError) || error.status >= 500) console.error("No se pudo quitar el cupón:", error);
      return shopper.redirect(back, { kind: "error", message: error instanceof ApiError && error.status < 500 ? error.message : "Error de red o servidor" });
    }
  }

  const submission = parseWithZod(formData, { schema: couponSchema });
  if (submission.status !== "success") return shopper.data({ result: submission.reply() }, 400);
  try {
    const { message } = await applyCoupon(shopper, submission.value.code);
    return shopper.redirect(back, { kind: "success", message: message || "Cupón aplicado." });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status < 500) {
      return shopper.data({ result: submission.reply({ fieldErrors: { code: [error.message] } }) }, 400);
    }
    console.error("No se pudo aplicar el cupón:", error);
    return shopper.data({ result: submission.reply({ fieldErrors: { code: ["Error de red o servidor"] } }) }, 502);
  }
}
