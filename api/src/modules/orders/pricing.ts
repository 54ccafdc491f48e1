import type { CartSettings, OrderSettings } from "../../config.js";

/** The flat fee each shop of an order charges, none once the whole order reaches the threshold (DESIGN.md section 3). */
export function shippingFeePerShop(orderSubtotal: number, cart: CartSettings): number {
  return orderSubtotal >= cart.freeShippingThresholdCents ? 0 : cart.shippingFeeCents;
}

/** The platform's share of a shop order's subtotal, shown to its seller. */
export function commissionOf(shopSubtotal: number, orders: OrderSettings): number {
  return Math.round((shopSubtotal * orders.commissionPercent) / 100);
}
