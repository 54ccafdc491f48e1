import type { FastifyInstance } from "fastify";
import {
  backInStockMessage,
  STOCK_CHANGED_WHILE_EDITING,
  stockEndpoints as endpoints,
  type StaleStockAnswer,
} from "#contract/stock";
import type { Db } from "../../db/client.js";
import { route } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import type { Mailer, MailMessage } from "../accounts/mail.js";
import {
  cancelAlert,
  myAlerts,
  productStock,
  stockControl,
  subscribe,
  updateStock,
  type BackInStock,
} from "./service.js";

export interface StockRoutesOptions {
  db: Db;
  mailer: Mailer;
  publicWebUrl: string;
}

/** The shopper's e-mail when the size they waited for is back, with the product's page. */
export function backInStockMail(person: BackInStock, publicWebUrl: string): MailMessage {
  const link = `${publicWebUrl.replace(/\/+$/, "")}/product/details/${encodeURIComponent(person.slug)}`;
  const what =
    person.size === ""
      ? `«${person.productName}» vuelve a tener unidades`
      : `la talla ${person.size} de «${person.productName}» vuelve a tener unidades`;
  return {
    to: person.email,
    subject: backInStockMessage(person.productName, person.size),
    text: [
      `Hola, ${person.name}:`,
      "",
      `Te avisamos, como nos pediste: ${what}.`,
      "Las unidades se venden por orden de compra, así que no te demores.",
      "",
      link,
      "",
      "Mercado Pádel",
    ].join("\n"),
    link,
  };
}

/** Stock control for sellers and back-in-stock alerts for shoppers (issue 11; README "Stock API"). */
export async function stockRoutes(app: FastifyInstance, opts: StockRoutesOptions) {
  const { db, mailer } = opts;

  route(app, endpoints.updateStock, { onRequest: app.authenticate }, async (request, reply) => {
    const result = await updateStock(db, currentUser(request), request.body);
    if (result.kind === "stale") {
      const answer: StaleStockAnswer = { message: STOCK_CHANGED_WHILE_EDITING, current: result.current };
      return reply.code(409).send(answer);
    }
    // After the commit: a rolled-back change tells no one.
    for (const person of result.backInStock) mailer.sendLater(async () => backInStockMail(person, opts.publicWebUrl));
    return { message: result.message, product: result.product };
  });

  route(app, endpoints.control, { onRequest: app.authenticate }, async (request) =>
    stockControl(db, currentUser(request), request.query),
  );

  route(app, endpoints.product, { onRequest: app.authenticate }, async (request) =>
    productStock(db, currentUser(request), request.params.productId, request.query),
  );

  route(app, endpoints.subscribe, { onRequest: app.authenticate }, async (request, reply) => {
    const { productId, size } = request.body;
    const result = await subscribe(db, currentUser(request).id, productId, size);
    reply.code(result.created ? 201 : 200);
    return { message: result.message, productId, size: result.size };
  });

  route(app, endpoints.cancel, { onRequest: app.authenticate }, async (request) => {
    const { productId, size } = request.body;
    const result = await cancelAlert(db, currentUser(request).id, productId, size);
    return { message: result.message, productId, size: result.size };
  });

  route(app, endpoints.mine, { onRequest: app.authenticate }, async (request) => ({
    productId: request.params.productId,
    sizes: await myAlerts(db, currentUser(request).id, request.params.productId),
  }));
}
