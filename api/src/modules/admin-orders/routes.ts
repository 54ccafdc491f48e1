import type { FastifyInstance } from "fastify";
import { adminOrderEndpoints as endpoints } from "#contract/admin-orders";
import type { WithdrawalSettings } from "../../config.js";
import type { MailContext } from "../mail/render.js";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { adminOnly, currentUser } from "../accounts/auth.js";
import { adminOrderDetail, exportAdminOrders, listAdminOrders } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "admin-orders",
  description:
    "Every order of the store, for admins: 401 without a token, 403 `No tienes permiso para esta " +
    "acción.` for sellers and customers. Shapes: `contract/admin-orders.ts`. Status changes and " +
    "cancellation with refund are the calls of section *order-status*: an admin moves one shop's part " +
    "with `PUT /seller/order-status/update/{id}` (sub-order id) or the whole order with `PUT " +
    "/admin/order-status/update/{id}`.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  list: {
    summary: "Every order, newest first",
    description:
      "`?page` (from 1), `?parPage` (1-100, default 20) and the filters, all optional and applied together: " +
      "`searchValue` (an order number or its start, `#` allowed, or part of the customer's name or e-mail, " +
      "case-insensitive), `paymentStatus` (`sin_pagar`, `pagado`, `reembolsado`), `deliveryStatus` (a delivery " +
      "status, or `sin_enviar`: `pendiente` or `procesando`; with `paymentStatus=pagado` the paid orders not yet " +
      "sent), `shopId` (orders with a part of that shop), `from` and `to` (store days `YYYY-MM-DD`, Europe/Madrid, " +
      "whole). `{orders, totalOrder, page, parPage, shops}`; each order `{_id, number, customer: {_id, name, " +
      "email}, createdAt, price, payment_status, delivery_status, shopCount}`, `shops` every shop `{_id, name}` " +
      "for the filter. 400 per field: `Elige un estado de pago de la lista.`, `Elige un estado de entrega de la " +
      "lista.`, `Elige una tienda de la lista.`, a day that does not exist or is outside 2020-2099, `El último " +
      "día no puede ser anterior al primero.` (beside `to`).",
  },
  export: {
    summary: "Every order the filters match, for a CSV",
    description:
      "The filters of `GET /admin/orders` (no page): `{orders}`, every matching order newest first, the list's " +
      "rows; the web writes them as the «Descargar CSV» file. 400 per field as the list; 400 `La descarga admite " +
      "hasta 5000 pedidos: acota los filtros (por ejemplo, las fechas) para descargarlos.` when more match " +
      "(`ADMIN_ORDERS_CSV_MAX`, contract/admin-orders.ts).",
  },
  order: {
    summary: "One order, with commissions and next statuses",
    description:
      "`{order}`: `GET /home/order/{orderId}`'s detail (the same service, `orderDetail`) plus `customer`, " +
      "and on each sub-order its `commission`, `moneyAvailableAt` and `moneyAvailable` (when the sale's " +
      "money is available to the seller, docs/api/money.md: until then an admin may still cancel and refund " +
      "a sent part) and `nextStatuses` (what `transitionRefusal` in `api/src/modules/order-status/service.ts` " +
      "allows an admin now); 404 `Pedido no encontrado.`.",
  },
} satisfies Record<string, RouteWords>;

/** The admin's orders (issue 12): every order and one order with every shop's part. Status changes are order-status's calls. */
export async function adminOrderRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    withdrawals: WithdrawalSettings;
    mail: MailContext;
  },
) {
  documentModule(app, section);
  const { db, withdrawals } = opts;
  route(app, endpoints.list, { ...words.list, onRequest: [app.authenticate, adminOnly] }, async (request) =>
    listAdminOrders(db, request.query, opts.mail),
  );
  route(app, endpoints.export, { ...words.export, onRequest: [app.authenticate, adminOnly] }, async (request) =>
    exportAdminOrders(db, request.query, opts.mail),
  );
  route(app, endpoints.order, { ...words.order, onRequest: [app.authenticate, adminOnly] }, async (request) => ({
    order: await adminOrderDetail(db, request.params.id, currentUser(request), withdrawals, opts.mail),
  }));
}
