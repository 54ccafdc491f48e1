import { z } from "zod";
import { endpoint, noInput } from "./http";
import { isoDateTime, objectExpected, uuid } from "./fields";
import { MAX_OFFER_CENTS } from "./limits";
import { INVALID_USER } from "./messages";
import { INVALID_ORDER } from "./orders";

/**
 * Offers on unpaid shop orders (DESIGN.md section 3): the customer proposes a lower subtotal for one
 * shop's part of their order, the shop's owner answers (SPEC.md section 7: GET
 * /seller/offer/{orderId}/{userId}, POST /seller/handle-seller-response/). Money is integer cents.
 */

export const offerStatus = z.enum(["pendiente", "aceptada", "rechazada", "caducada", "cerrada"]);
export type OfferStatus = z.infer<typeof offerStatus>;

// ---- Inputs -------------------------------------------------------------------------------------

export const OFFER_PRICE_MISSING = "Escribe el precio que propones.";

/** The proposed subtotal, in cents: above zero, and far below anything absurd. */
export const offerPrice = z
  .number({ required_error: OFFER_PRICE_MISSING, invalid_type_error: OFFER_PRICE_MISSING })
  .int("El precio no es válido.")
  .min(1, "El precio propuesto debe ser mayor que cero.")
  .max(MAX_OFFER_CENTS, "El precio propuesto no es válido.");

/** A customer's proposal of a lower subtotal (cents) for one shop's part of their unpaid order. */
export const offerBody = z.object(
  { shopOrderId: uuid("La tienda del pedido no es válida."), price: offerPrice },
  objectExpected("Envía la oferta."),
);
export type OfferBody = z.infer<typeof offerBody>;

export const sellerOfferParams = z.object({ orderId: uuid(INVALID_ORDER), userId: uuid(INVALID_USER) });

/** The seller's answer to a pending offer. */
export const sellerResponseBody = z.object(
  {
    offerId: uuid("La oferta no es válida."),
    status: z.enum(["aceptada", "rechazada"], { errorMap: () => ({ message: "Elige aceptar o rechazar la oferta." }) }),
  },
  objectExpected("Envía la respuesta a la oferta."),
);
export type SellerResponseBody = z.infer<typeof sellerResponseBody>;

// ---- Answers ------------------------------------------------------------------------------------

export const offer = z.object({
  _id: z.string(),
  shopOrderId: z.string(),
  /** The proposed subtotal of the shop order. */
  price: z.number().int(),
  status: offerStatus,
  createdAt: isoDateTime,
  answeredAt: isoDateTime.nullable(),
  /** Until when the seller can answer; past it the offer reads «Caducada» (decision 0038). */
  expiresAt: isoDateTime,
});
export type Offer = z.infer<typeof offer>;

export const offerCreatedAnswer = z.object({ message: z.string(), offer });
export type OfferCreatedAnswer = z.infer<typeof offerCreatedAnswer>;

/** A pending offer as its seller sees it. */
export const sellerOffer = offer.extend({
  orderId: z.string(),
  orderNumber: z.string(),
  shopName: z.string(),
  customerName: z.string(),
  /** The shop order's subtotal now, which the offer would replace. */
  currentSubtotal: z.number().int(),
});
export type SellerOffer = z.infer<typeof sellerOffer>;

export const sellerOffersAnswer = z.object({ offers: z.array(sellerOffer) });
export type SellerOffersAnswer = z.infer<typeof sellerOffersAnswer>;

export const sellerResponseAnswer = z.object({ message: z.string(), offer });
export type SellerResponseAnswer = z.infer<typeof sellerResponseAnswer>;

// ---- Calls --------------------------------------------------------------------------------------

/** Bearer calls. The customer's list of an order's offers is `customerEndpoints.offers`. */
export const offerEndpoints = {
  /** The customer proposes; the shop's owner is notified. */
  propose: endpoint({
    method: "POST",
    path: "/home/customer/offer",
    body: offerBody,
    answer: offerCreatedAnswer,
    statuses: [201],
  }),
  /** The pending offers on the order's sub-orders of the seller `userId`. */
  sellerOffers: endpoint({
    method: "GET",
    path: "/seller/offer/:orderId/:userId",
    params: sellerOfferParams,
    query: noInput,
    answer: sellerOffersAnswer,
  }),
  /** Spelt with its final slash (SPEC.md section 7); the API ignores trailing slashes. */
  respond: endpoint({
    method: "POST",
    path: "/seller/handle-seller-response/",
    body: sellerResponseBody,
    answer: sellerResponseAnswer,
  }),
};
