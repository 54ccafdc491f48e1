import { z } from "zod";
import { uuid } from "#contract/fields";
import { DELIVERY_STATUSES } from "#contract/order-labels";
import { trackingNumberInput, trackingNumberRule } from "#contract/orders";
import { sellerOrderIntents } from "./seller-orders";

/** The status form: the next status and, to ship, the carrier's tracking number (the API's own rule). */
export const sellerOrderStatusSchema = z
  .object({
    intent: z.literal(sellerOrderIntents.changeStatus),
    status: z.enum(DELIVERY_STATUSES, { errorMap: () => ({ message: "Elige el nuevo estado del pedido." }) }),
    trackingNumber: trackingNumberInput,
  })
  .superRefine(trackingNumberRule);

/** One pending offer's buttons: accept or reject it. */
export const sellerOfferAnswerSchema = z.object({
  intent: z.enum([sellerOrderIntents.acceptOffer, sellerOrderIntents.rejectOffer], {
    errorMap: () => ({ message: "Elige aceptar o rechazar la oferta." }),
  }),
  offerId: uuid("La oferta no es válida."),
});
