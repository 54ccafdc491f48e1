import type { FastifyInstance, FastifyRequest } from "fastify";
import { orderStatusEndpoints as endpoints } from "#contract/orders";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { route } from "../../route.js";
import { currentUser, FORBIDDEN } from "../accounts/auth.js";
import type { Role } from "../accounts/tokens.js";
import { updateOrderStatus, updateSubOrderStatus } from "./service.js";

/** An onRequest hook after app.authenticate: other roles are refused before the body is even read. */
const onlyRoles = (roles: Role[]) => async (request: FastifyRequest) => {
  if (!roles.includes(currentUser(request).role)) throw new HttpError(403, FORBIDDEN);
};

/** Delivery status changes by sellers and admins (SPEC.md section 7 "Orders"); the customer is notified. */
export async function orderStatusRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  // The id is a sub-order (shop order) of the seller's own shop.
  route(app, endpoints.seller, { onRequest: [app.authenticate, onlyRoles(["seller", "admin"])] }, (request) =>
    updateSubOrderStatus(db, request.params.id, request.body, currentUser(request)),
  );

  // The id is a customer order: every sub-order behind the new status moves with it.
  route(app, endpoints.admin, { onRequest: [app.authenticate, onlyRoles(["admin"])] }, (request) =>
    updateOrderStatus(db, request.params.id, request.body, currentUser(request)),
  );
}
