/** The `intent` that names each checkout form, without zod: the payment page loads its card schema on first use. */
export const checkoutIntents = {
  placeOrder: "place-order",
  payWithWallet: "pay-wallet",
  payWithCard: "pay-card",
  payWithPayPal: "pay-paypal",
} as const;
