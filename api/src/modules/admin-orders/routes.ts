import type { FastifyInstance } from "fastify";
import { adminOrderEndpoints as endpoints } from "#contract/admin-orders";
import type { Db } from "../../db/client.js";
import { route } from "../../route.js";
import { adminOnly, currentUser } from "../accounts/auth.js";
import { adminOrderDetail, listAdminOrders } from "./service.js";

/** The admin's orders (issue 12): every order and one order with every shop's part. Status changes are order-status's calls. */
export async function adminOrderRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, endpoints.list, { onRequest: [app.authenticate, adminOnly] }, async (request) =>
    listAdminOrders(db, request.query),
  );
  route(app, endpoints.order, { onRequest: [app.authenticate, adminOnly] }, async (request) => ({
    order: await adminOrderDetail(db, request.params.id, currentUser(request)),
  }));
}
