import type { FastifyInstance } from "fastify";
import { customerEndpoints as endpoints } from "#contract/customer";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser, requireSelfOrAdmin } from "../accounts/auth.js";
import { customerDashboard, customerOrderDetail, customerOrderOffers, customerOrders } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "customer",
  description:
    "The customer's dashboard: their orders and the offers on them. Bearer token needed (401 otherwise); " +
    "a `{userId}` or `{customerId}` must be the caller's own id unless an admin asks (403); someone " +
    "else's order answers 404. Money is integer cents (USD). Shapes: `contract/customer.ts`.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  dashboard: {
    summary: "The customer's dashboard figures",
    description:
      "`{totalOrder, pendingOrder, cancelledOrder, recentOrders}`: pending and cancelled count the " +
      "delivery status `pendiente` and `cancelado`; the five newest orders.",
  },
  orders: {
    summary: "The customer's orders, by status",
    description:
      "`status`: `all`, `sin_pagar` (unpaid and still payable) or a delivery status; `?page` (from 1), " +
      "`?parPage` (1-50, default 10). `{orders, totalOrder, page, parPage}`, newest first; each order " +
      "`{_id, number, createdAt, expiresAt, expired, price, delivery_status, payment_status, payable, " +
      "shopCount, itemCount}`.",
  },
  order: {
    summary: "One order with its offers",
    description:
      "The customer or an admin: `{order}`, as `GET /home/order/{orderId}` plus `payable`, and on each " +
      "sub-order its `offers` (newest first) and `canOffer`. 404 for anyone else.",
  },
  offers: {
    summary: "The offers on one order",
    description:
      "The customer or an admin: `{offers: [{_id, shopOrderId, price, status, createdAt, answeredAt}]}`, " +
      "newest first.",
  },
} satisfies Record<string, RouteWords>;

/**
 * The customer's dashboard and orders (SPEC.md section 7 "Dashboards", "Orders"): a `{userId}` or
 * `{customerId}` must be the caller unless an admin asks; someone else's order is "not found".
 */
export async function customerRoutes(app: FastifyInstance, opts: { db: Db }) {
  documentModule(app, section);
  const { db } = opts;

  route(app, endpoints.dashboard, { ...words.dashboard, onRequest: app.authenticate }, (request) => {
    const userId = request.params.userId.toLowerCase();
    requireSelfOrAdmin(request, userId);
    return customerDashboard(db, userId);
  });

  route(app, endpoints.orders, { ...words.orders, onRequest: app.authenticate }, (request) => {
    const customerId = request.params.customerId.toLowerCase();
    requireSelfOrAdmin(request, customerId);
    return customerOrders(db, customerId, request.params.status, request.query.page, request.query.parPage);
  });

  route(app, endpoints.order, { ...words.order, onRequest: app.authenticate }, async (request) => ({
    order: await customerOrderDetail(db, request.params.orderId.toLowerCase(), currentUser(request)),
  }));

  route(app, endpoints.offers, { ...words.offers, onRequest: app.authenticate }, async (request) => ({
    offers: await customerOrderOffers(db, request.params.orderId.toLowerCase(), currentUser(request)),
  }));
}
