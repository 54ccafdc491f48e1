import { z } from "zod";
import { receiptParams } from "#contract/customer";
import { typedDollars } from "#contract/money";
import { OFFER_PRICE_MISSING, offerBody, offerPrice } from "#contract/offers";
import { ORDER_MESSAGE_INTENT } from "~/forms/order-message.forms";
import { orderMessageFormSchema } from "~/forms/order-message.schema";
import { CUSTOMER_RETURN_FORMS } from "~/forms/order-return.schema";
import { orderDetailsIntents } from "./order-details.forms";

/**
 * The offer form: the price is typed in dollars ('45,50' or '45.50') and sent to the API in cents,
 * checked by the API's own price rule; the API checks it is below the shop's current subtotal.
 */
export const offerFormSchema = offerBody.extend({ price: typedDollars(OFFER_PRICE_MISSING, offerPrice) });

/** «Lo he recibido»: which shop's part; the API checks it is the customer's own and already sent. */
export const receiptFormSchema = z.object({ shopOrderId: receiptParams.shape.shopOrderId });

export const ORDER_DETAILS_FORMS = {
  [orderDetailsIntents.proposeOffer]: offerFormSchema,
  [orderDetailsIntents.confirmReceipt]: receiptFormSchema,
  [ORDER_MESSAGE_INTENT]: orderMessageFormSchema,
  ...CUSTOMER_RETURN_FORMS,
};
