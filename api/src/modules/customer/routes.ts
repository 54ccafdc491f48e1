import type { FastifyInstance } from "fastify";
import { customerEndpoints as endpoints } from "#contract/customer";
import type { Db } from "../../db/client.js";
import { route } from "../../route.js";
import { currentUser, requireSelfOrAdmin } from "../accounts/auth.js";
import { customerDashboard, customerOrderDetail, customerOrderOffers, customerOrders } from "./service.js";

/**
 * The customer's dashboard and orders (SPEC.md section 7 "Dashboards", "Orders"): a `{userId}` or
 * `{customerId}` must be the caller unless an admin asks; someone else's order is "not found".
 */
export async function customerRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, endpoints.dashboard, { onRequest: app.authenticate }, (request) => {
    const userId = request.params.userId.toLowerCase();
    requireSelfOrAdmin(request, userId);
    return customerDashboard(db, userId);
  });

  route(app, endpoints.orders, { onRequest: app.authenticate }, (request) => {
    const customerId = request.params.customerId.toLowerCase();
    requireSelfOrAdmin(request, customerId);
    return customerOrders(db, customerId, request.params.status, request.query.page, request.query.parPage);
  });

  route(app, endpoints.order, { onRequest: app.authenticate }, async (request) => ({
    order: await customerOrderDetail(db, request.params.orderId.toLowerCase(), currentUser(request)),
  }));

  route(app, endpoints.offers, { onRequest: app.authenticate }, async (request) => ({
    offers: await customerOrderOffers(db, request.params.orderId.toLowerCase(), currentUser(request)),
  }));
}
