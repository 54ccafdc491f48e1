import { SHOP_STATUSES, type ShopStatus } from "#contract/shop-labels";

/**
 * The admin's shop forms (issue 10) as their pages name them, without zod: a request's decisions
 * (/dashboard/admin/shop-requests/{userId}) and a shop's suspension or reactivation
 * (/dashboard/admin/shops). Their schemas are in admin-shop.schema.ts.
 */

/** The value of each form's `intent`. */
export const adminShopIntents = {
  approve: "aprobar",
  reject: "rechazar",
  requestChanges: "pedir-cambios",
  suspend: "suspender",
  reactivate: "reactivar",
} as const;

/** The radio value of the free-text reason. */
export const OTHER_REASON = "otro";

/** Each form's schema, loaded when the form is first used (useSchemaForm). */
export const adminShopSchemas = {
  approve: () => import("./admin-shop.schema").then((module) => module.approveFormSchema),
  reject: () => import("./admin-shop.schema").then((module) => module.rejectFormSchema),
  requestChanges: () => import("./admin-shop.schema").then((module) => module.requestChangesFormSchema),
  suspend: () => import("./admin-shop.schema").then((module) => module.suspendShopSchema),
  reactivate: () => import("./admin-shop.schema").then((module) => module.shopIdField),
};

/** The shops list's status filter: a status, or every shop. */
export type ShopStatusFilter = ShopStatus | "todas";
export const SHOP_STATUS_FILTERS: readonly ShopStatusFilter[] = ["todas", ...SHOP_STATUSES];
