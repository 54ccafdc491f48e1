/** /payment's forms, without zod: the intent of each way to pay and the card form's schema loader. */

export const paymentIntents = {
  payWithWallet: "pay-wallet",
  payWithCard: "pay-card",
  payWithPayPal: "pay-paypal",
} as const;

/** The card form's schema, loaded when the form is first used (useSchemaForm). */
export const paymentSchemas = {
  card: () => import("./payment.schema").then((module) => module.cardSchema),
};
