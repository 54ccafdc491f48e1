import { SELLER_HOME, sellerPaths } from "~/routes/dashboard/seller/paths";

/**
 * The seller's order pages (issue 12): their addresses and their forms' intents, without zod, so a
 * page that lists or links orders does not load it (the schemas are in seller-order-schemas.ts).
 */
export const sellerOrderPaths = {
  list: sellerPaths.orders,
  details: (subOrderId: string) => `${SELLER_HOME}/orders/details/${encodeURIComponent(subOrderId)}`,
};

export const sellerOrderIntents = {
  changeStatus: "cambiar-estado",
  acceptOffer: "aceptar-oferta",
  rejectOffer: "rechazar-oferta",
} as const;
