import type { FastifyInstance, FastifyRequest } from "fastify";
import { sellerOrderEndpoints as endpoints, SELLER_ORDERS_NOT_YOURS } from "#contract/seller-orders";
import type { WithdrawalSettings } from "../../config.js";
import type { MailContext } from "../mail/render.js";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser, FORBIDDEN } from "../accounts/auth.js";
import { sellerOrder, sellerOrders } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "seller-orders",
  description:
    "A seller's orders: the parts (sub-orders) of their shop (issue 12). Shapes and messages: " +
    "`contract/seller-orders.ts`. Both calls need `Authorization: Bearer`; customers get 403. Moving a " +
    "part along is `PUT /seller/order-status/update/{id}` (section *order-status*); its offers are " +
    "section *offers*.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  list: {
    summary: "The shop's orders",
    description:
      "`?page&parPage&searchValue&status`: the sub-orders of the caller's shop (`sellerId` must be the " +
      "caller, 403 otherwise; an admin reads any seller's), newest first. `searchValue` matches the start " +
      "of the order number (with or without `#`) or part of the customer's name; `status` is a delivery " +
      "status. `{orders, totalOrder, page, parPage}`, each order `{_id (sub-order), orderId, number, " +
      "customerName, createdAt, itemsCount, subtotal, shipping_fee, total, commission, sellerNet, " +
      "payment_status, delivery_status}`; `sellerNet` is `total - commission`, what the sale credits the " +
      "shop.",
  },
  detail: {
    summary: "One order of the shop",
    description:
      "One sub-order of the caller's shop (another shop's, or none, is 404 'Pedido no encontrado.'; an " +
      "admin reads any), with `shopName`, `shippingInfo`, `products` (`name, size, quantity, unitPrice, " +
      "lineTotal`; `saleTotal`, the line's share of the sub-order's subtotal, below `lineTotal` once an " +
      "accepted offer lowered it; and the line's share of the commission and its net; shares add up to the " +
      "sub-order's), `receivedAt` (the customer's «Lo he recibido»), `moneyAvailableAt` and " +
      "`moneyAvailable` (when the sale's money is available to the seller: docs/api/money.md; null while " +
      "not shipped or not paid) and `nextStatuses`, the statuses `PUT /seller/order-status/update/{id}` " +
      "would accept now from the caller (the rules of `api/src/modules/order-status/service.ts`: forward " +
      "only, `entregado` only after `enviado`, nothing past 'pendiente' before it is paid, cancelled by " +
      "the seller only before it is sent, by an admin until its money is available).",
  },
} satisfies Record<string, RouteWords>;

/** Sellers and admins only: customers are refused before anything is read. */
async function sellersAndAdmins(request: FastifyRequest): Promise<void> {
  const { role } = currentUser(request);
  if (role !== "seller" && role !== "admin") throw new HttpError(403, FORBIDDEN);
}

/** A seller's orders (issue 12). */
export async function sellerOrderRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    withdrawals: WithdrawalSettings;
    mail: MailContext;
  },
) {
  documentModule(app, section);
  const { db, withdrawals } = opts;

  route(app, endpoints.list, { ...words.list, onRequest: [app.authenticate, sellersAndAdmins] }, async (request) => {
    const user = currentUser(request);
    if (user.role !== "admin" && user.id !== request.params.sellerId) throw new HttpError(403, SELLER_ORDERS_NOT_YOURS);
    return sellerOrders(db, request.params.sellerId, request.query, opts.mail);
  });

  route(app, endpoints.detail, { ...words.detail, onRequest: [app.authenticate, sellersAndAdmins] }, async (request) =>
    sellerOrder(db, currentUser(request), request.params.id, withdrawals, opts.mail),
  );
}
