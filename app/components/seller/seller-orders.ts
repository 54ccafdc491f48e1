import { SELLER_HOME, sellerPaths } from "./seller-paths";

/** The seller's order pages (issue 12): their addresses and the status form's intent. */
export const sellerOrderPaths = {
  list: sellerPaths.orders,
  details: (subOrderId: string) => `${SELLER_HOME}/orders/details/${encodeURIComponent(subOrderId)}`,
};

export const sellerOrderIntents = { changeStatus: "cambiar-estado" } as const;

