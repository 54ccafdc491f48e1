/** The seller's shipping page's words (issue 34), without zod. */

/** `tienda`: the store's rule; `propia`: the shop's own fee. */
export const SHIPPING_MODES = ["tienda", "propia"] as const;
export type ShippingMode = (typeof SHIPPING_MODES)[number];
