import type { FastifyInstance } from "fastify";
import { STOCK_CHANGED_WHILE_EDITING, stockEndpoints as endpoints, type StaleStockAnswer } from "#contract/stock";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import type { Mailer } from "../mail/outbox.js";
import type { MailContext } from "../mail/render.js";
import { cancelAlert, myAlerts, productStock, stockControl, subscribe, updateStock } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "stock",
  description:
    "Stock control for sellers and back-in-stock alerts for shoppers (issue 11). Shapes and messages: " +
    "`contract/stock.ts`. Every call needs `Authorization: Bearer`.\n\n" +
    "**Version rule.** `products.stock_version` goes up with every change of any of the product's stock " +
    "(a sale, an expiry, a cancellation, a seller, a size added or removed; moving units between sizes " +
    "too). The form sends the version it was read at; `update-stock` locks the product (`FOR NO KEY " +
    "UPDATE`) and then its sizes, the one order every writer of products takes (decision 0061), and a " +
    "version that moved on answers 409 `El stock cambió mientras editabas. " +
    "Revisa las cifras actuales y vuelve a guardar.` with `current: {stock, stockVersion, sizes, " +
    "lowStockThreshold}` and changes nothing. So a seller never overwrites a sale they did not see, and " +
    "a sale waits for a save (or the other way round) instead of being lost: " +
    "`tests/api/stock-postgres.test.ts` races 20 purchases against 5 saves.\n\n" +
    "**Movements.** Triggers (migration 0014) write a row in `stock_movements` for every change of a " +
    "size (size '' for a product without sizes), whatever made it, dated `clock_timestamp()` so the " +
    "ledger's order is the order of the row's lock; its changes add up to the stock. The kind and the " +
    "actor come from `setStockContext(tx, kind, actorId)` (`api/src/modules/stock/service.ts`): `venta` " +
    "(the buyer, `placeOrder`), `ajuste` (the seller, `update-stock`, with an audit entry " +
    "`stock.ajustar` on `producto`), `devolucion` (whoever cancelled, seller or admin), `caducidad` (an " +
    "unpaid order's expiry, no actor); a change made without it is an `ajuste` by no one.\n\n" +
    "**Alerts.** A size (or the single stock) at or below `lowStockThreshold` (0: off) notifies the " +
    "shop's owner once (type `stock`, written by the trigger, so sales, expiries and saves all count); " +
    "rising above it arms it again. When `update-stock` takes a size from 0 to more, every shopper " +
    "waiting for it gets one notification (type `stock`, pushed live on commit) and an e-mail with the " +
    "product's page (kind `back-in-stock`), both written in the same transaction; their alert is closed (`notified_at`), and " +
    "they may ask again. Stock notifications carry `product: {_id, slug, own}` (`own`: the notice's user " +
    "sells it): on `/dashboard/system-notifications` the seller's opens " +
    "`/dashboard/seller/control/{_id}`, the shopper's the product page.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  updateStock: {
    summary: "Save a product's stock or low-stock threshold",
    description:
      "The seller owning the product's shop (`sellerId` is the caller, 403 otherwise; customers and admins " +
      "403; another shop's product 404 `Producto no encontrado.`) while the shop is `aprobada` (403 `Tu " +
      "tienda no está aprobada: …` otherwise). `{productId, sellerId, stockVersion?, newStock?, sizes?, " +
      "lowStockThreshold?}` (the threshold alone changes only it; without `stockVersion`, as SPEC.md section 7 " +
      "sends it, the figures apply to the stock as it is and the movements and the audit entry say " +
      "`withoutVersion`): a product with sizes sends each of its " +
      "sizes once (`newStock`, when sent, must be their sum: SPEC.md section 5; an unknown, repeated or " +
      "missing size is 400; adding sizes is the product form's job), one without sends `newStock`; 0 to " +
      "100,000 each. `{message, product}`; 409 with `current` for a stale `stockVersion` (the version rule " +
      "above).",
  },
  control: {
    summary: "The shop's stock at a glance",
    description:
      "A seller with a shop. `?page&parPage&searchValue&lowOnly=1`: the shop's products by name with " +
      "`stock`, `stockVersion`, `lowStockThreshold`, `low` marks per size and `waiting` (shoppers waiting, " +
      "per size): the demand; and `totalLow`.",
  },
  product: {
    summary: "One product's stock and movements",
    description:
      "The owning seller. `?page&parPage`: the same as the stock control for one product, and its " +
      "movements newest first (`kind`, `change`, `stockAfter`, `actorName`, `withoutVersion`, `createdAt`).",
  },
  subscribe: {
    summary: "Ask to be told when a size is back",
    description:
      "Any signed-in user (a guest 401). `{productId, size}` ('' or absent for a product without sizes): " +
      "201 `Te avisaremos cuando vuelva la talla 42.` (200 when already waiting); 409 when the size has " +
      "units, 400 for a missing or unknown size, 404 for a product not in the store.",
  },
  cancel: {
    summary: "Stop waiting for a size",
    description: "Any signed-in user: stops waiting; 404 when there was no waiting alert.",
  },
  mine: {
    summary: "The sizes the caller waits for",
    description: "Any signed-in user: `{productId, sizes}`.",
  },
} satisfies Record<string, RouteWords>;

export interface StockRoutesOptions {
  db: Db;
  mailer: Mailer;
  mail: MailContext;
}

/** Stock control for sellers and back-in-stock alerts for shoppers (issue 11). */
export async function stockRoutes(app: FastifyInstance, opts: StockRoutesOptions) {
  documentModule(app, section);
  const { db, mailer } = opts;

  const sellerWrite = { onRequest: app.authenticate, sellerWrite: true as const };
  route(app, endpoints.updateStock, { ...words.updateStock, ...sellerWrite }, async (request, reply) => {
    const result = await updateStock(db, currentUser(request), request.body, opts.mail);
    if (result.kind === "stale") {
      const answer: StaleStockAnswer = { message: STOCK_CHANGED_WHILE_EDITING, current: result.current };
      return reply.code(409).send(answer);
    }
    // Committed: the shoppers' mails queued with it go now.
    mailer.wake();
    return { message: result.message, product: result.product };
  });

  route(app, endpoints.control, { ...words.control, onRequest: app.authenticate }, async (request) =>
    stockControl(db, currentUser(request), request.query),
  );

  route(app, endpoints.product, { ...words.product, onRequest: app.authenticate }, async (request) =>
    productStock(db, currentUser(request), request.params.productId, request.query),
  );

  route(app, endpoints.subscribe, { ...words.subscribe, onRequest: app.authenticate }, async (request, reply) => {
    const { productId, size } = request.body;
    const result = await subscribe(db, currentUser(request).id, productId, size);
    reply.code(result.created ? 201 : 200);
    return { message: result.message, productId, size: result.size };
  });

  route(app, endpoints.cancel, { ...words.cancel, onRequest: app.authenticate }, async (request) => {
    const { productId, size } = request.body;
    const result = await cancelAlert(db, currentUser(request).id, productId, size);
    return { message: result.message, productId, size: result.size };
  });

  route(app, endpoints.mine, { ...words.mine, onRequest: app.authenticate }, async (request) => ({
    productId: request.params.productId,
    sizes: await myAlerts(db, currentUser(request).id, request.params.productId),
  }));
}
