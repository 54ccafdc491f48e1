import type { FastifyInstance } from "fastify";
import { offerEndpoints as endpoints } from "#contract/offers";
import type { OrderSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { route } from "../../route.js";
import { currentUser, requireSelfOrAdmin } from "../accounts/auth.js";
import { createOffer, respondToOffer, sellerPendingOffers } from "./service.js";

/**
 * Offers on unpaid shop orders (DESIGN.md section 3): the customer proposes, the shop's owner
 * answers (SPEC.md section 7: GET /seller/offer/{orderId}/{userId}, POST /seller/handle-seller-response/).
 */
export async function offerRoutes(app: FastifyInstance, opts: { db: Db; orders: OrderSettings }) {
  const { db } = opts;

  route(app, endpoints.propose, { onRequest: app.authenticate, rateLimit: "offer" }, async (request, reply) => {
    const answer = await createOffer(db, currentUser(request).id, {
      ...request.body,
      shopOrderId: request.body.shopOrderId.toLowerCase(),
    });
    reply.status(201);
    return answer;
  });

  route(app, endpoints.sellerOffers, { onRequest: app.authenticate }, (request) => {
    const sellerId = request.params.userId.toLowerCase();
    const viewer = requireSelfOrAdmin(request, sellerId);
    return sellerPendingOffers(db, request.params.orderId.toLowerCase(), sellerId, viewer);
  });

  route(app, endpoints.respond, { onRequest: app.authenticate }, (request) =>
    respondToOffer(db, opts.orders, currentUser(request).id, {
      ...request.body,
      offerId: request.body.offerId.toLowerCase(),
    }),
  );
}
