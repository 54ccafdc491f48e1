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

/** The platform's share of a shop order's subtotal, shown to its seller. */
export function commissionOf(shopSubtotal: number, orders: OrderSettings): number {
  return Math.round((shopSubtotal * orders.commissionPercent) / 100);
}
