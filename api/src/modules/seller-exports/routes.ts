import type { FastifyInstance, FastifyRequest } from "fastify";
import { FORBIDDEN } from "#contract/messages";
import { sellerExportEndpoints as endpoints } from "#contract/seller-exports";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import type { MailContext } from "../mail/render.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import { exportOrders, exportProducts } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "seller-exports",
  description:
    "A seller's CSV downloads (issue 34): the rows the web writes as CSV files. Shapes and messages: " +
    "`contract/seller-exports.ts`. Sellers only (admins and customers: 403); always the caller's own " +
    "shop, found from the caller, so no other shop's rows can be asked for. A user without a shop gets " +
    "empty lists.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  products: {
    summary: "The seller's whole catalogue, for a CSV file",
    description:
      "`{products}`: every product of the caller's shop that is not archived, whatever its state " +
      "(borrador, publicado, oculto), oldest first, each with `_id, name, categorySlug, brand, price " +
      "(cents), discount, color, tag, description, state, lowStockThreshold, stock, sizes [{size, stock}], " +
      "specs`: the fields of the product form, so a file can be edited and brought back.",
  },
  orders: {
    summary: "The shop's order parts of a date range, for a CSV file",
    description:
      "`?from=YYYY-MM-DD&to=YYYY-MM-DD`: the caller's shop's order parts placed from the start of `from` " +
      "to the end of `to` in the store's time zone (Europe/Madrid), oldest first, each as the orders list " +
      "has it (`_id, orderId, number, customerName, createdAt, itemsCount, subtotal, couponCode, discount, " +
      "shipping_fee, total, commission, sellerNet, payment_status, delivery_status`, money in cents) with " +
      "its `lines [{name, size, quantity}]`. Refusals, 400 by " +
      "field: a missing day ('Elige el primer día.', 'Elige el último día.'), a day that is not a date, " +
      "`to` before `from` ('El último día no puede ser anterior al primero.'), more than 366 days " +
      "('Elige como máximo 366 días.'). Unpaid orders past their deadline are expired first, as in the " +
      "orders list.",
  },
} satisfies Record<string, RouteWords>;

async function sellersOnly(request: FastifyRequest) {
  if (currentUser(request).role !== "seller") throw new HttpError(403, FORBIDDEN);
}

/** The seller's CSV downloads (issue 34). */
export async function sellerExportRoutes(app: FastifyInstance, opts: { db: Db; mail: MailContext }) {
  documentModule(app, section);
  const { db, mail } = opts;
  const guarded = { onRequest: [app.authenticate, sellersOnly] };

  route(app, endpoints.products, { ...words.products, ...guarded }, async (request) => ({
    products: await exportProducts(db, currentUser(request).id),
  }));

  route(app, endpoints.orders, { ...words.orders, ...guarded }, async (request) => ({
    orders: await exportOrders(db, currentUser(request).id, request.query, mail),
  }));
}
