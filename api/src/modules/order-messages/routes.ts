import type { FastifyInstance, FastifyRequest } from "fastify";
import { FORBIDDEN } from "#contract/messages";
import { ORDER_MESSAGES_ADMIN_READ_ONLY, orderMessageEndpoints as endpoints } from "#contract/order-messages";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import type { Mailer } from "../mail/outbox.js";
import type { MailContext } from "../mail/render.js";
import { orderThreads, writeOrderMessage } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "order-messages",
  description:
    "Messages per order (issue 33): on each shop's part of an order, its customer and the shop's seller " +
    "write to each other in plain text (the web shows it as text, never as HTML or links); an admin " +
    "reads every thread and writes none. Bearer token needed (401 otherwise). Shapes: " +
    "`contract/order-messages.ts`. Each message notifies the other side (`pedido`, with the order), in " +
    "the message's transaction.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  list: {
    summary: "The message threads of an order",
    description:
      "`{threads}`, one per shop part the caller may read, oldest message first: the order's customer " +
      "and an admin read every part, a seller only their own shop's; each message says whether the " +
      "caller wrote it (`mine`). 404 `Pedido no encontrado.` for anyone else and for an unknown order.",
  },
  customerWrite: {
    summary: "Write to the seller of one shop's part of your order",
    description:
      "The order's customer; `{shopOrderId, body}` (trimmed, 1 to 2000 characters): 201 `{message: " +
      "'Mensaje enviado.', orderMessage}`. Someone else's part 404; an admin 403 (admins only read). The " +
      "shop's owner is notified. Counts against the `orderMessage` rate limit.",
  },
  sellerWrite: {
    summary: "Write to the customer of your shop's part of an order",
    description:
      "The owner of the part's shop; `{shopOrderId, body}` (trimmed, 1 to 2000 characters): 201 " +
      "`{message: 'Mensaje enviado.', orderMessage}`. Another shop's part 404; an admin 403 (admins " +
      "only read); a customer without a shop 403. The order's customer is notified. Counts against the " +
      "`orderMessage` rate limit.",
  },
} satisfies Record<string, RouteWords>;

/** Admins read threads and write none: refused before the body is read or the rate limit counts. */
async function notAdmin(request: FastifyRequest) {
  if (currentUser(request).role === "admin") throw new HttpError(403, ORDER_MESSAGES_ADMIN_READ_ONLY);
}

async function sellersOnly(request: FastifyRequest) {
  const { role } = currentUser(request);
  if (role === "admin") throw new HttpError(403, ORDER_MESSAGES_ADMIN_READ_ONLY);
  if (role !== "seller") throw new HttpError(403, FORBIDDEN);
}

export async function orderMessageRoutes(app: FastifyInstance, opts: { db: Db; mail: MailContext; mailer: Mailer }) {
  documentModule(app, section);
  const { db } = opts;

  route(app, endpoints.list, { ...words.list, onRequest: app.authenticate }, (request) =>
    orderThreads(db, request.params.orderId.toLowerCase(), currentUser(request)),
  );

  route(
    app,
    endpoints.customerWrite,
    { ...words.customerWrite, onRequest: [app.authenticate, notAdmin], rateLimit: "orderMessage" },
    async (request, reply) => {
      const answer = await writeOrderMessage(
        db,
        currentUser(request).id,
        "cliente",
        { ...request.body, shopOrderId: request.body.shopOrderId.toLowerCase() },
        opts.mail,
      );
      opts.mailer.wake();
      reply.status(201);
      return answer;
    },
  );

  route(
    app,
    endpoints.sellerWrite,
    {
      ...words.sellerWrite,
      onRequest: [app.authenticate, sellersOnly],
      sellerWrite: true,
      rateLimit: "orderMessage",
    },
    async (request, reply) => {
      const answer = await writeOrderMessage(
        db,
        currentUser(request).id,
        "tienda",
        { ...request.body, shopOrderId: request.body.shopOrderId.toLowerCase() },
        opts.mail,
      );
      opts.mailer.wake();
      reply.status(201);
      return answer;
    },
  );
}
