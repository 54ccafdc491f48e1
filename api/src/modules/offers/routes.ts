import type { FastifyInstance } from "fastify";
import { offerEndpoints as endpoints } from "#contract/offers";
import type { OrderSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser, requireSelfOrAdmin } from "../accounts/auth.js";
import type { Mailer } from "../mail/outbox.js";
import type { MailContext } from "../mail/render.js";
import { createOffer, respondToOffer, sellerPendingOffers } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "offers",
  description:
    "Price offers: a customer proposes a lower subtotal for one shop's part of an unpaid order, and the " +
    "seller accepts or rejects it. Bearer token needed (401 otherwise). Shapes: `contract/offers.ts`.\n\n" +
    "Proposing, answering, paying and expiring an order all lock the order's row first, so of two " +
    "answers at once only one applies, and a payment always charges the total the order has when it is " +
    "paid (`tests/api/offers-postgres.test.ts` checks it on a real PostgreSQL). Paying, expiring or " +
    "cancelling an order closes its pending offers (`cerrada`: nobody rejected them). While an offer waits the order can still be paid at its current total.\n\n" +
    "An offer waits for its answer (decision 0038): each has an `expiresAt`, `OFFER_ANSWER_HOURS` (24 by " +
    "default) after it was made. While it is pending its order keeps its stock even past the 30-minute " +
    "payment window: the expiry sweep skips the order. Unanswered by then, the same sweep marks it " +
    "`caducada` (never `rechazada`) and the order, if its window has passed, expires as usual.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  propose: {
    summary: "Offer a lower price for one shop's part of an order",
    description:
      "The order's customer; `{shopOrderId, price}` (the proposed sub-order subtotal, cents): 201 " +
      "`{message: 'Oferta enviada al vendedor.', offer}`. 400 when not below the current subtotal; 409 " +
      "when the order is paid, cancelled or expired, or an offer is already pending on that part; someone " +
      "else's part 404. The shop's owner is notified (`oferta`). Counts against the `offer` rate limit. The " +
      "offer's `expiresAt` is when the seller's time to answer ends (`OFFER_ANSWER_HOURS`, 24 by default); " +
      "until then the order keeps its stock even past its payment window.",
  },
  sellerOffers: {
    summary: "The pending offers on an order, for its seller",
    description:
      "`{userId}` is the seller (the caller, or any for an admin; an admin with their own id sees every " +
      "shop's): `{offers}`, only `pendiente` ones on that seller's sub-orders, each with `orderId, " +
      "orderNumber, shopName, customerName, currentSubtotal`. 404 when the order has no sub-order of that " +
      "seller. Each carries its `expiresAt`, the deadline to answer; lapsed ones are no longer listed.",
  },
  respond: {
    summary: "Accept or reject an offer",
    description:
      "Only the shop's owner; `{offerId, status: 'aceptada' | 'rechazada'}`: `{message, offer}`. 409 `Esta " +
      "oferta ya fue respondida.`. Accepting needs a payable order (409 otherwise) and sets the " +
      "sub-order's subtotal to the offer, its total and commission, and the order's subtotal, coupon " +
      "discount and total. The customer is notified either way, and the audit log gets `pedido.oferta` " +
      "(the part's subtotal before and after, the order's new total, its new payment deadline). The shop " +
      "is locked before the order. Either answer on an open (unpaid, not cancelled) order gives the " +
      "customer a fresh payment window (`ORDER_EXPIRY_MINUTES` from now). An offer past its `expiresAt` " +
      "answers 409 `Esta oferta caducó sin respuesta: ya no se puede responder.`",
  },
} satisfies Record<string, RouteWords>;

/**
 * Offers on unpaid shop orders (DESIGN.md section 3): the customer proposes, the shop's owner
 * answers (SPEC.md section 7: GET /seller/offer/{orderId}/{userId}, POST /seller/handle-seller-response/).
 */
export async function offerRoutes(
  app: FastifyInstance,
  opts: { db: Db; orders: OrderSettings; mail: MailContext; mailer: Mailer },
) {
  documentModule(app, section);
  const { db } = opts;

  route(
    app,
    endpoints.propose,
    { ...words.propose, onRequest: app.authenticate, rateLimit: "offer" },
    async (request, reply) => {
      const answer = await createOffer(
        db,
        opts.orders,
        currentUser(request).id,
        { ...request.body, shopOrderId: request.body.shopOrderId.toLowerCase() },
        opts.mail,
      );
      opts.mailer.wake();
      reply.status(201);
      return answer;
    },
  );

  route(app, endpoints.sellerOffers, { ...words.sellerOffers, onRequest: app.authenticate }, (request) => {
    const sellerId = request.params.userId.toLowerCase();
    const viewer = requireSelfOrAdmin(request, sellerId);
    return sellerPendingOffers(db, request.params.orderId.toLowerCase(), sellerId, viewer, opts.mail);
  });

  route(
    app,
    endpoints.respond,
    { ...words.respond, onRequest: app.authenticate, sellerWrite: true },
    async (request) => {
      const answer = await respondToOffer(
        db,
        opts.orders,
        currentUser(request).id,
        { ...request.body, offerId: request.body.offerId.toLowerCase() },
        opts.mail,
      );
      opts.mailer.wake();
      return answer;
    },
  );
}
