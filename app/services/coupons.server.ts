import { couponEndpoints, type Coupon, type CouponAnswer, type CouponAppliedAnswer } from "#contract/coupons";
import type { MessageAnswer } from "#contract/http";
import { walletEndpoints, type VoucherRedeemedAnswer } from "#contract/wallet";
import type { Shopper } from "./shopper.server";

/**
 * The cart's coupon and the /gift page's vouchers (DESIGN.md section 3). A coupon goes on the
 * shopper's cart, a user's or a visitor's; vouchers credit a wallet, so they need a signed-in user.
 */

export type { Coupon };

/** Where a visitor is sent to sign in first, coming back to `back` afterwards. */
export function signInPath(back: string): string {
  return `/login?redirectTo=${encodeURIComponent(back).replaceAll("%2F", "/")}`;
}

/** What a visitor without a cart has: no coupon, nothing off. */
export const NO_COUPON: CouponAnswer = { coupon: null, discount: 0, shopCoupons: [], shopDiscount: 0 };

/** The coupon on the shopper's cart and what it takes off now. */
export function getCartCoupon(shopper: Shopper): Promise<CouponAnswer> {
  return shopper.read(couponEndpoints.preview, () => ({}), NO_COUPON);
}

export function applyCoupon(shopper: Shopper, code: string): Promise<CouponAppliedAnswer> {
  return shopper.write(couponEndpoints.apply, { body: { code } });
}

/** Removes the store's coupon, or with a code that coupon (a shop's, issue 34). */
export function removeCoupon(shopper: Shopper, code?: string): Promise<MessageAnswer> {
  return code === undefined
    ? shopper.write(couponEndpoints.remove)
    : shopper.write(couponEndpoints.removeCode, { params: { code } });
}

export function redeemVoucher(shopper: Shopper, code: string): Promise<VoucherRedeemedAnswer> {
  return shopper.write(walletEndpoints.redeemVoucher, { body: { code } });
}
