import { shippingInfoInput } from "#contract/orders";
import { cardPaymentBody } from "#contract/payments";

// The checkout's forms, checked by the contract's schemas the API validates with (the same Spanish
// messages in the browser, in the web's action and in the API). Each form's `intent` names it
// (checkout-intents.ts).

/** Nombre completo, Dirección, Provincia, Ciudad, Zona/Área, Código postal, Teléfono. */
export const shippingSchema = shippingInfoInput;

export const SHIPPING_FIELDS = ["name", "address", "province", "city", "area", "postCode", "phone"] as const;

/** The test-card form; the order comes from the page's address, not from the form. */
export const cardSchema = cardPaymentBody.omit({ orderId: true });

export const CARD_FIELDS = ["cardNumber", "expiry", "cvc", "holder"] as const;
