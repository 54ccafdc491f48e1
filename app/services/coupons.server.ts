import type { Coupon, CouponAnswer, CouponAppliedAnswer } from "../../api/src/modules/orders/contract";
import type { VoucherRedeemedAnswer } from "../../api/src/modules/wallet/contract";
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

/** The coupon on the shopper's cart and what it takes off now. */
export function getCartCoupon(shopper: Shopper): Promise<CouponAnswer> {
  return shopper.read<CouponAnswer>(() => "/home/coupon", { coupon: null, discount: 0 });
}

export function applyCoupon(shopper: Shopper, code: string): Promise<CouponAppliedAnswer> {
  return shopper.write<CouponAppliedAnswer>("/home/coupon/apply", { method: "POST", body: { code } });
}

export function removeCoupon(shopper: Shopper): Promise<{ message: string }> {
  return shopper.write<{ message: string }>("/home/coupon", { method: "DELETE" });
}

export function redeemVoucher(shopper: Shopper, code: string): Promise<VoucherRedeemedAnswer> {
  return shopper.write<VoucherRedeemedAnswer>("/wallet/voucher/redeem", { method: "POST", body: { code } });
}
