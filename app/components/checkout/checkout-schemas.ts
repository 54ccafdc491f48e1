import { shippingInfoSchema } from "../../../api/src/modules/orders/schemas";
import { cardPaymentBody } from "../../../api/src/modules/payments/schemas";

/**
 * The checkout's forms, checked by the API's own schemas (the same Spanish messages in the browser,
 * in the web's action and in the API). Each form's `intent` names it.
 */
export const checkoutIntents = {
  placeOrder: "place-order",
  payWithWallet: "pay-wallet",
  payWithCard: "pay-card",
  payWithPayPal: "pay-paypal",
} as const;

/** Nombre completo, Dirección, Provincia, Ciudad, Zona/Área, Código postal, Teléfono. */
export const shippingSchema = shippingInfoSchema;

export const SHIPPING_FIELDS = ["name", "address", "province", "city", "area", "postCode", "phone"] as const;

/** The test-card form; the order comes from the page's address, not from the form. */
export const cardSchema = cardPaymentBody.omit({ orderId: true });

export const CARD_FIELDS = ["cardNumber", "expiry", "cvc", "holder"] as const;
