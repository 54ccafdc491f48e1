import type { FastifyInstance, FastifyRequest } from "fastify";
import { sellerOrderEndpoints as endpoints, SELLER_ORDERS_NOT_YOURS } from "#contract/seller-orders";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { route } from "../../route.js";
import { currentUser, FORBIDDEN } from "../accounts/auth.js";
import { sellerOrder, sellerOrders } from "./service.js";

/** Sellers and admins only: customers are refused before anything is read. */
async function sellersAndAdmins(request: FastifyRequest): Promise<void> {
  const { role } = currentUser(request);
  if (role !== "seller" && role !== "admin") throw new HttpError(403, FORBIDDEN);
}

/** A seller's orders (issue 12; README "Seller orders API"). */
export async function sellerOrderRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, endpoints.list, { onRequest: [app.authenticate, sellersAndAdmins] }, async (request) => {
    const user = currentUser(request);
    if (user.role !== "admin" && user.id !== request.params.sellerId) throw new HttpError(403, SELLER_ORDERS_NOT_YOURS);
    return sellerOrders(db, request.params.sellerId, request.query);
  });

  route(app, endpoints.detail, { onRequest: [app.authenticate, sellersAndAdmins] }, async (request) =>
    sellerOrder(db, currentUser(request), request.params.id),
  );
}
