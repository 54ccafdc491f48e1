/**
 * The customer's order page's forms (an offer on one unpaid shop's part, «Lo he recibido» on a sent
 * one), as the page names them without zod.
 */
export const orderDetailsIntents = { proposeOffer: "propose-offer", confirmReceipt: "confirm-receipt" } as const;

export const orderDetailsSchemas = {
  offer: () => import("./order-details.schema").then((module) => module.offerFormSchema),
  receipt: () => import("./order-details.schema").then((module) => module.receiptFormSchema),
};
