import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { OrderSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { currentUser, requireSelfOrAdmin } from "../accounts/auth.js";
import {
  offerBody,
  sellerOfferParams,
  sellerResponseBody,
  type OfferCreatedAnswer,
  type SellerOffersAnswer,
  type SellerResponseAnswer,
} from "./customer-schemas.js";
import { createOffer, respondToOffer, sellerPendingOffers } from "./offers.js";

/**
 * Offers on unpaid shop orders (DESIGN.md section 3): the customer proposes, the shop's owner
 * answers (SPEC.md section 7: GET /seller/offer/{orderId}/{userId}, POST /seller/handle-seller-response/).
 */
export async function offerRoutes(app: FastifyInstance, opts: { db: Db; orders: OrderSettings }) {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    "/home/customer/offer",
    { onRequest: app.authenticate, schema: { body: offerBody } },
    async (request, reply): Promise<OfferCreatedAnswer> => {
      const answer = await createOffer(db, currentUser(request).id, { ...request.body, shopOrderId: request.body.shopOrderId.toLowerCase() });
      reply.status(201);
      return answer;
    },
  );

  routes.get(
    "/seller/offer/:orderId/:userId",
    { onRequest: app.authenticate, schema: { params: sellerOfferParams } },
    (request): Promise<SellerOffersAnswer> => {
      const sellerId = request.params.userId.toLowerCase();
      const viewer = requireSelfOrAdmin(request, sellerId);
      return sellerPendingOffers(db, request.params.orderId.toLowerCase(), sellerId, viewer);
    },
  );

  routes.post(
    "/seller/handle-seller-response/",
    { onRequest: app.authenticate, schema: { body: sellerResponseBody } },
    (request): Promise<SellerResponseAnswer> =>
      respondToOffer(db, opts.orders, currentUser(request).id, { ...request.body, offerId: request.body.offerId.toLowerCase() }),
  );
}
