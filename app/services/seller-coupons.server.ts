import { shopCouponEndpoints, type ShopCoupon } from "#contract/shop-coupons";
import { cents, couponTermsOf } from "~/forms/coupon.schema";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { shopCouponIntents } from "~/routes/dashboard/seller/coupons.forms";
import { SHOP_COUPON_FORMS, shopCouponFormSchema, type ShopCouponForm } from "~/routes/dashboard/seller/coupons.schema";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { pageErrorOf } from "./admin.server";
import type { RequestArgs } from "./auth.server";
import type { SellerArea } from "./seller.server";
import { typedPrice } from "./seller-products.server";
import { redirectWithFlash } from "./session.server";

const FIELDS = ["code", "kind", "value", "validFrom", "validUntil", "maxUses", "maxUsesPerCustomer", "minSubtotal"];

/** The form's values of a stored coupon, as the seller typed them. */
function typedCoupon(coupon: ShopCoupon) {
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.kind === "porcentaje" ? String(coupon.value) : typedPrice(coupon.value),
    validFrom: coupon.validFrom,
    validUntil: coupon.validUntil,
    maxUses: String(coupon.maxUses),
    maxUsesPerCustomer: String(coupon.maxUsesPerCustomer),
    minSubtotal: coupon.minSubtotal > 0 ? typedPrice(coupon.minSubtotal) : "",
  };
}

/** The API's terms of a coupon from the form: every coupon's, and the minimum in cents. */
function termsOf(form: ShopCouponForm) {
  return { ...couponTermsOf(form), minSubtotal: form.minSubtotal ? cents(form.minSubtotal) : 0 };
}

/**
 * /dashboard/seller/coupons: `GET /seller/coupons`; with `?editar=CODE` the form edits that coupon
 * (a link, so it works without JavaScript), otherwise it creates one.
 */
export async function loadShopCoupons(args: RequestArgs, area: SellerArea) {
  const { coupons } = await area.account.call(shopCouponEndpoints.list, {}).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  const editing = new URL(args.request.url).searchParams.get("editar");
  const edited = coupons.find((coupon) => coupon.code === editing && coupon.endedAt === null) ?? null;
  return {
    coupons,
    edited: edited ? typedCoupon(edited) : null,
    locked: area.refusal,
    constraint: formConstraints({ coupon: shopCouponFormSchema }).coupon,
  };
}

/** The page's three forms, then back to the list with a flash; a refusal beside its field. */
export async function shopCouponsAction(args: RequestArgs, area: SellerArea) {
  const form = await parseIntentForm(args.request, SHOP_COUPON_FORMS);
  if (!form.ok) return form.answer;
  try {
    switch (form.intent) {
      case shopCouponIntents.create: {
        const { message } = await area.account.call(shopCouponEndpoints.create, {
          body: { code: form.value.code, ...termsOf(form.value) },
        });
        return redirectWithFlash(args.context, sellerPaths.coupons, { kind: "success", message });
      }
      case shopCouponIntents.edit: {
        const { message } = await area.account.call(shopCouponEndpoints.update, {
          params: { code: form.value.code },
          body: termsOf(form.value),
        });
        return redirectWithFlash(args.context, sellerPaths.coupons, { kind: "success", message });
      }
      case shopCouponIntents.end: {
        const { message } = await area.account.call(shopCouponEndpoints.end, {
          params: { code: form.value.code },
          body: null,
        });
        return redirectWithFlash(args.context, sellerPaths.coupons, { kind: "success", message });
      }
    }
  } catch (error) {
    return answerRefused(error, form, { fields: FIELDS });
  }
}
