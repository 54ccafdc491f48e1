import { formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { shopperIntents } from "~/forms/shopper.forms";
import { SHOPPER_FORMS } from "~/forms/shopper.schema";
import { couponIntents } from "~/routes/cart.forms";
import { CART_FORMS, couponSchema } from "~/routes/cart.schema";
import type { RequestArgs } from "./auth.server";
import { applyCouponAction, removeCouponAction } from "./coupon-actions.server";
import { getCartCoupon, NO_COUPON, type Coupon } from "./coupons.server";
import { logError } from "./log.server";
import { formatPrice } from "./money";
import { refusedShopperForm, shopperFormAction } from "./shopper-actions.server";
import { getCart, getShopper } from "./shopper.server";

/** /card and /cart (SPEC.md section 2): the cart, its coupon, and the forms of both. */

/** '−20 %' or '−50,00 US$': what the coupon promises; the summary shows what it takes off now. */
function couponValueText(coupon: Coupon): string {
  return coupon.kind === "porcentaje" ? `−${coupon.value} %` : `−${formatPrice(coupon.value)}`;
}

export async function loadCartPage(args: RequestArgs) {
  const shopper = getShopper(args);
  const [cart, coupon] = await Promise.all([
    getCart(shopper),
    // A failure only hides the coupon; the cart still shows.
    getCartCoupon(shopper).catch((error: unknown) => {
      if (error instanceof Response) throw error;
      logError("GET /home/coupon falló", error);
      return NO_COUPON;
    }),
  ]);
  return {
    cart,
    coupon: {
      discount: coupon.discount,
      applied: coupon.coupon ? { code: coupon.coupon.code, valueText: couponValueText(coupon.coupon) } : null,
      // The shops' own coupons (issue 34): each shows on its shop's lines and can be removed by its code.
      shopDiscount: coupon.shopDiscount,
      shops: coupon.shopCoupons.map((shopCoupon) => ({
        code: shopCoupon.code,
        shopId: shopCoupon.shopId,
        shopName: shopCoupon.shopName,
        valueText: couponValueText(shopCoupon),
        discount: shopCoupon.discount,
        minimumText:
          shopCoupon.discount === 0 && shopCoupon.minSubtotal > 0 ? formatPrice(shopCoupon.minSubtotal) : null,
      })),
    },
    constraints: formConstraints({ coupon: couponSchema }),
  };
}

/** The lines' buttons (shopperFormAction) and the coupon field's two forms. */
export async function cartPageAction(args: RequestArgs) {
  const form = await parseIntentForm(args.request, CART_FORMS);
  if (!form.ok) return Object.hasOwn(SHOPPER_FORMS, form.intent) ? refusedShopperForm(args, form) : form.answer;
  switch (form.intent) {
    case couponIntents.apply:
      return applyCouponAction(args, form);
    case couponIntents.remove:
      return removeCouponAction(args);
    case couponIntents.removeShop:
      return removeCouponAction(args, form.value.code);
    case shopperIntents.addToCart:
    case shopperIntents.addToWishlist:
    case shopperIntents.addToCompare:
    case shopperIntents.increase:
    case shopperIntents.decrease:
    case shopperIntents.removeFromCart:
    case shopperIntents.removeFromWishlist:
    case shopperIntents.removeFromCompare:
      return shopperFormAction(args, form);
  }
}
