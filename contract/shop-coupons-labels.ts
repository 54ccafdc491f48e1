/** The seller's coupons page's words (issue 34), without zod. */

/** Where a shop coupon stands: `programado` before its first day, `activo`, `agotado`, `caducado`, `terminado` (its seller ended it). */
export const SHOP_COUPON_STATES = ["programado", "activo", "agotado", "caducado", "terminado"] as const;
export type ShopCouponState = (typeof SHOP_COUPON_STATES)[number];

export const SHOP_COUPON_STATE_LABELS: Record<ShopCouponState, string> = {
  programado: "Programado",
  activo: "Activo",
  agotado: "Agotado",
  caducado: "Caducado",
  terminado: "Terminado",
};

export const COUPON_KIND_LABELS = { porcentaje: "Porcentaje", importe: "Importe fijo" } as const;
