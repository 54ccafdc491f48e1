import { shopShippingEndpoints } from "#contract/shop-shipping";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { SHIPPING_INTENT } from "~/routes/dashboard/seller/shipping.forms";
import { SHIPPING_FORMS, shippingFormSchema } from "~/routes/dashboard/seller/shipping.schema";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { pageErrorOf } from "./admin.server";
import type { RequestArgs } from "./auth.server";
import type { SellerArea } from "./seller.server";
import { typedPrice } from "./seller-products.server";
import { redirectWithFlash } from "./session.server";

/** /dashboard/seller/shipping: `GET /seller/shipping`, the shop's rule as the form shows it again. */
export async function loadShipping(area: SellerArea) {
  const shipping = await area.account.call(shopShippingEndpoints.get, {}).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    shipping,
    typed: {
      mode: shipping.mode,
      shippingFee: shipping.shippingFee === null ? "" : typedPrice(shipping.shippingFee),
      freeShippingFrom: shipping.freeShippingFrom === null ? "" : typedPrice(shipping.freeShippingFrom),
    },
    locked: area.refusal,
    constraint: formConstraints({ shipping: shippingFormSchema }).shipping,
  };
}

/** The form (`PUT /seller/shipping`), then back here with a flash; a refusal beside its field. */
export async function shippingAction(args: RequestArgs, area: SellerArea) {
  const form = await parseIntentForm(args.request, SHIPPING_FORMS);
  if (!form.ok) return form.answer;
  try {
    switch (form.intent) {
      case SHIPPING_INTENT: {
        const { mode, shippingFee, freeShippingFrom } = form.value;
        const { message } = await area.account.call(shopShippingEndpoints.save, {
          body: { mode, shippingFee: shippingFee ?? null, freeShippingFrom: freeShippingFrom ?? null },
        });
        return redirectWithFlash(args.context, sellerPaths.shipping, { kind: "success", message });
      }
    }
  } catch (error) {
    return answerRefused(error, form, { fields: ["mode", "shippingFee", "freeShippingFrom"] });
  }
}
