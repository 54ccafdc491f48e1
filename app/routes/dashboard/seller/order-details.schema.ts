import { z } from "zod";
import { uuid } from "#contract/fields";
import { DELIVERY_STATUSES } from "#contract/order-labels";
import { trackingNumberInput, trackingNumberRule } from "#contract/orders";
import { sellerOrderIntents } from "./order-details.forms";
import { ORDER_MESSAGE_INTENT } from "~/forms/order-message.forms";
import { orderMessageFormSchema } from "~/forms/order-message.schema";
import { SELLER_RETURN_FORMS } from "~/forms/order-return.schema";

/** The status form: the next status and, to ship, the carrier's tracking number (the API's own rule). */
export const sellerOrderStatusSchema = z
  .object({
    status: z.enum(DELIVERY_STATUSES, { errorMap: () => ({ message: "Elige el nuevo estado del pedido." }) }),
    trackingNumber: trackingNumberInput,
  })
  .superRefine(trackingNumberRule);

/** One pending offer's form: its buttons accept or reject it. */
export const sellerOfferAnswerSchema = z.object({ offerId: uuid("La oferta no es válida.") });

/** The page's forms by the intent their button sends (parseIntentForm). */
export const SELLER_ORDER_FORMS = {
  [sellerOrderIntents.changeStatus]: sellerOrderStatusSchema,
  [sellerOrderIntents.acceptOffer]: sellerOfferAnswerSchema,
  [sellerOrderIntents.rejectOffer]: sellerOfferAnswerSchema,
  [ORDER_MESSAGE_INTENT]: orderMessageFormSchema,
  ...SELLER_RETURN_FORMS,
};
