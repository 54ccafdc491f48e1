import type { FastifyInstance } from "fastify";
import { customerEndpoints as endpoints } from "#contract/customer";
import type { WithdrawalSettings } from "../../config.js";
import type { MailContext } from "../mail/render.js";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser, requireSelfOrAdmin } from "../accounts/auth.js";
import { confirmReceipt } from "../order-status/service.js";
import { customerDashboard, customerOrderDetail, customerOrderOffers, customerOrders } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "customer",
  description:
    "The customer's dashboard: their orders, the offers on them and their «Lo he recibido». Bearer token " +
    "needed (401 otherwise); " +
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
  confirmReceipt: {
    summary: "Confirm receipt of one shop's part («Lo he recibido»)",
    description:
      "The order's customer only (404 `Pedido no encontrado.` for anyone else, admins included); " +
      "`shopOrderId` is a sub-order (`suborders[]._id`), no body. A part `enviado`, or `entregado` by its " +
      "seller, becomes `entregado` with `receivedAt`; from then its sale is available to the seller after " +
      "`SALE_AVAILABLE_AFTER_DAYS` days instead of `SALE_AVAILABLE_AFTER_SHIPMENT_DAYS` after shipping, " +
      "whichever comes first (docs/api/money.md). `{message: 'Gracias: has confirmado que recibiste el " +
      "pedido.', orderStatus, suborders: [{_id, delivery_status}]}`; the seller is told when the money " +
      "will be available, and the audit log records `pedido.recibido`. 409 `Ya confirmaste que recibiste " +
      "este pedido.` once confirmed, `Este pedido aún no se ha enviado: …` before it is sent, `El pedido " +
      "está cancelado: no hay nada que recibir.` when cancelled. Locks the order's row as every status " +
      "change does, so an admin's cancellation at the same time either comes first or sees it.",
  },
} satisfies Record<string, RouteWords>;

/**
 * The customer's dashboard and orders (SPEC.md section 7 "Dashboards", "Orders"): a `{userId}` or
 * `{customerId}` must be the caller unless an admin asks; someone else's order is "not found".
 */
export async function customerRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    withdrawals: WithdrawalSettings;
    mail: MailContext;
  },
) {
  documentModule(app, section);
  const { db, withdrawals } = opts;

  route(app, endpoints.dashboard, { ...words.dashboard, onRequest: app.authenticate }, (request) => {
    const userId = request.params.userId.toLowerCase();
    requireSelfOrAdmin(request, userId);
    return customerDashboard(db, userId, opts.mail);
  });

  route(app, endpoints.orders, { ...words.orders, onRequest: app.authenticate }, (request) => {
    const customerId = request.params.customerId.toLowerCase();
    requireSelfOrAdmin(request, customerId);
    return customerOrders(db, customerId, request.params.status, request.query.page, request.query.parPage, opts.mail);
  });

  route(app, endpoints.order, { ...words.order, onRequest: app.authenticate }, async (request) => ({
    order: await customerOrderDetail(db, request.params.orderId.toLowerCase(), currentUser(request), opts.mail),
  }));

  route(app, endpoints.offers, { ...words.offers, onRequest: app.authenticate }, async (request) => ({
    offers: await customerOrderOffers(db, request.params.orderId.toLowerCase(), currentUser(request)),
  }));

  route(app, endpoints.confirmReceipt, { ...words.confirmReceipt, onRequest: app.authenticate }, (request) =>
    confirmReceipt(db, request.params.shopOrderId.toLowerCase(), currentUser(request), withdrawals),
  );
}
