import { BASIS_POINTS_PER_PERCENT } from "#contract/commission-labels";
import type { CartSettings, OrderSettings } from "../../config.js";

/** The flat fee each shop of an order charges, none once the whole order reaches the threshold (DESIGN.md section 3). */
export function shippingFeePerShop(orderSubtotal: number, cart: CartSettings): number {
  return orderSubtotal >= cart.freeShippingThresholdCents ? 0 : cart.shippingFeeCents;
}

/** A shop's own shipping (shops.shipping_fee, shops.free_shipping_from); both null follow the store's rule. */
export interface ShopShipping {
  shippingFee: number | null;
  freeShippingFrom: number | null;
}

/**
 * What one shop's part of an order pays for shipping (issue 34): the shop's own fee, free once the
 * part's subtotal reaches its threshold (if it set one); a shop without its own follows the store's
 * rule on the whole order's subtotal (shippingFeePerShop). Cart, order and seed all ask here.
 */
export function shopPartShippingFee(
  shop: ShopShipping,
  partSubtotal: number,
  orderSubtotal: number,
  cart: CartSettings,
): number {
  if (shop.shippingFee === null) return shippingFeePerShop(orderSubtotal, cart);
  return shop.freeShippingFrom !== null && partSubtotal >= shop.freeShippingFrom ? 0 : shop.shippingFee;
}

/** The store's rate while no admin has set one (commission_rates): the COMMISSION_PERCENT setting, in basis points. */
export function defaultCommissionBp(orders: OrderSettings): number {
  return orders.commissionPercent * BASIS_POINTS_PER_PERCENT;
}

/** Splits `amount` over lines by their weights, the remainder on the last line, so the parts add up. */
export function splitByWeight(weights: readonly number[], amount: number): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (sum === 0) return weights.map((_weight, index) => (index === weights.length - 1 ? amount : 0));
  const shares = weights.map((weight) => Math.floor((weight * amount) / sum));
  const rest = amount - shares.reduce((total, share) => total + share, 0);
  if (shares.length > 0) shares[shares.length - 1]! += rest;
  return shares;
}

/** An order line as its commission reads it: what it cost before any discount, and its rate. */
export interface CommissionedLine {
  lineTotal: number;
  commissionBp: number;
}

/**
 * The platform's share of a shop's part, shown to its seller: each line's share of what the part
 * sells for (its subtotal after its shop coupon, or an accepted offer) at the line's own rate, rounded
 * once. With one rate for every line it is that rate of the whole, as before rates per line.
 */
export function partCommission(lines: readonly CommissionedLine[], saleAmount: number): number {
  const shares = splitByWeight(
    lines.map((line) => line.lineTotal),
    saleAmount,
  );
  const weighted = shares.reduce((sum, share, index) => sum + share * lines[index]!.commissionBp, 0);
  return Math.round(weighted / (100 * BASIS_POINTS_PER_PERCENT));
}

/** A coupon as pricing reads it: a percentage or an amount in cents. */
export interface PricedCoupon {
  kind: "porcentaje" | "importe";
  value: number;
}

/** The coupon's discount on a subtotal: never more than the subtotal, so a total is never negative. */
export function couponDiscount(coupon: PricedCoupon, subtotal: number): number {
  const discount = coupon.kind === "porcentaje" ? Math.round((subtotal * coupon.value) / 100) : coupon.value;
  return Math.max(Math.min(discount, subtotal), 0);
}

/** A shop's coupon (issue 34): it applies to its shop's part only, from its minimum subtotal on. */
export interface PricedShopCoupon extends PricedCoupon {
  minSubtotal: number;
}

/**
 * What a shop coupon takes off its shop's part: nothing below its minimum, never more than the part's
 * subtotal, never the shipping (the fee is the shop's cost of sending, not its goods; decision 0046).
 */
export function shopCouponDiscount(coupon: PricedShopCoupon, partSubtotal: number): number {
  return partSubtotal < coupon.minSubtotal ? 0 : couponDiscount(coupon, partSubtotal);
}

/**
 * The discounts of a cart or order: each shop coupon on its shop's part, then the store's coupon on
 * what the products cost after them (the two never discount the same cents twice). Cart, preview and
 * placeOrder all ask here, so what the cart shows is what the order charges.
 */
export function orderDiscounts(
  parts: { shopId: string; subtotal: number }[],
  storeCoupon: PricedCoupon | null,
  shopCoupons: ReadonlyMap<string, PricedShopCoupon>,
): { byShop: Map<string, number>; shopDiscount: number; discount: number } {
  const byShop = new Map<string, number>();
  for (const part of parts) {
    const coupon = shopCoupons.get(part.shopId);
    byShop.set(part.shopId, coupon ? shopCouponDiscount(coupon, part.subtotal) : 0);
  }
  const subtotal = parts.reduce((sum, part) => sum + part.subtotal, 0);
  const shopDiscount = [...byShop.values()].reduce((sum, amount) => sum + amount, 0);
  const discount = storeCoupon ? couponDiscount(storeCoupon, subtotal - shopDiscount) : 0;
  return { byShop, shopDiscount, discount };
}
