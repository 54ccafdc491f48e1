import { z } from "zod";
import { cardPaymentBody } from "#contract/payments";
import { paymentIntents } from "./payment.forms";

/** The test-card form, checked by the contract's schema; the order comes from the page's address, not from the form. */
export const cardSchema = cardPaymentBody.omit({ orderId: true });

export const CARD_FIELDS = ["cardNumber", "expiry", "cvc", "holder"] as const;

/** The page's forms by the intent their button sends (parseIntentForm): the wallet and PayPal send only their intent. */
export const PAYMENT_FORMS = {
  [paymentIntents.payWithWallet]: z.object({}),
  [paymentIntents.payWithCard]: cardSchema,
  [paymentIntents.payWithPayPal]: z.object({}),
};
