import { SHOP_STATUSES, type ShopStatus } from "#contract/shop-labels";

/**
 * The values the admin's shop forms send, apart from their schemas (admin-schemas.ts) so a page can
 * name them without loading zod: each mutation's `intent`, the radio of a reason written by hand,
 * and the shops list's status filter.
 */
export const adminIntents = {
  approve: "aprobar",
  reject: "rechazar",
  requestChanges: "pedir-cambios",
  suspend: "suspender",
  reactivate: "reactivar",
} as const;

/** The radio value of the free-text reason. */
export const OTHER_REASON = "otro";

export type ShopStatusFilter = ShopStatus | "todas";
export const SHOP_STATUS_FILTERS: readonly ShopStatusFilter[] = ["todas", ...SHOP_STATUSES];
