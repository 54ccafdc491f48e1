/** The customer's order page's form (an offer on one shop's part), as the page names it without zod. */
export const orderDetailsIntents = { proposeOffer: "propose-offer" } as const;

export const orderDetailsSchemas = {
  offer: () => import("./order-details.schema").then((module) => module.offerFormSchema),
};
