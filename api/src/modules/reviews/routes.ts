import type { FastifyInstance, FastifyRequest } from "fastify";
import { FORBIDDEN } from "#contract/messages";
import { reviewEndpoints as endpoints } from "#contract/reviews";
import { HttpError } from "../../http-error.js";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import type { Mailer } from "../mail/outbox.js";
import type { MailContext } from "../mail/render.js";
import { myReview, productReviews, replyToReview, sellerReviews, submitReview } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "reviews",
  description:
    'Product reviews (SPEC.md section 7 "Reviews"). Shapes and messages: `contract/reviews.ts`. Bearer ' +
    "calls answer 401 `No autorizado.` without a valid token.\n\n" +
    "One review per user and product (a second submission rewrites it), only by a user with a paid order " +
    "(`orders.payment_status = 'pagado'`) holding the product; `verifiedPurchase` says whether the " +
    "reviewer still has one. Text is stored and answered as written, never as HTML. Reviews are the only " +
    "source of product ratings.\n\n" +
    "A shop replies once, in public, to each review of its products (issue 34); a second reply replaces " +
    "the first. Public lists carry it as `reply: {text, date, shopName} | null`.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  submit: {
    summary: "Write or rewrite the caller's review of a product",
    description:
      "Bearer; `{productId, rating (1-5, whole), text (10-2000 characters, trimmed)}`. 201 `{message: " +
      "'Reseña publicada. ¡Gracias por tu opinión!', rating}` for a new review, 200 `{message: 'Reseña " +
      "actualizada.', rating}` when the user's review is rewritten (`rating` is the product's new " +
      "average). 403 `Solo los clientes que han comprado y pagado este producto pueden reseñarlo.`, `No " +
      "puedes reseñar un producto de tu propia tienda.`; 404 `Producto no encontrado`; 400 with " +
      "`errors[rating]`, `errors[text]`. Counts against the `review` rate limit.\n\n" +
      "One transaction locks the product row, stores the review, sets `products.rating` to the average of " +
      "its reviews (one decimal) and notifies the shop's owner (type `resena`, carrying its `product`); " +
      "its commit drops every kept listing and product answer (migration 0019's triggers), so the product " +
      "page shows it on the next request.",
  },
  list: {
    summary: "A product's reviews, paged",
    description:
      "Public; `pageNo` (default 1), `perPage` (1-50, default 5): `{reviews: [{_id, name, rating, text, " +
      "date, verifiedPurchase}], totalReview, rating_review: [{rating, sum}] (5 down to 1), pageNo, " +
      "perPage}`, newest first.",
  },
  mine: {
    summary: "Whether the caller may review a product, and their review",
    description:
      "Bearer: `{canReview, review: {rating, text} | null}`: whether the caller may review it (a paid " +
      "buyer, not its seller) and their review.",
  },
  sellerList: {
    summary: "The reviews of the seller's products",
    description:
      "Sellers only (403 `No tienes permiso para esta acción.` otherwise); `pageNo`, `perPage` (1-50, default 5), `filter` " +
      "(`todas` default, or `sin_responder`): `{reviews: [{_id, name, rating, text, date, verifiedPurchase, " +
      "reply, product: {_id, name, slug}}], total (of the filter), unanswered (of all), pageNo, perPage}`, " +
      "newest first. A suspended shop still reads them.",
  },
  reply: {
    summary: "Reply in public to a review of one of the seller's products",
    description:
      "Sellers only; `{reviewId, text (2-1000 characters, trimmed)}`. 201 `{message: 'Respuesta publicada.', " +
      "reply: {text, date, shopName}}`, 200 `{message: 'Respuesta actualizada.', reply}` when it replaces " +
      "the shop's reply. 404 `Reseña no encontrada.` for a review of another shop's product; 400 with " +
      "`{message}` for a refused field. Counts against the `review` rate limit.\n\n" +
      "One transaction locks the review row, stores the reply, writes the audit entry " +
      "`producto.responder_resena` (the reply before and after) and notifies the reviewer (type `resena`).",
  },
} satisfies Record<string, RouteWords>;

async function sellersOnly(request: FastifyRequest) {
  if (currentUser(request).role !== "seller") throw new HttpError(403, FORBIDDEN);
}

/** Product reviews (SPEC.md section 7): anyone reads them, paid buyers write one each. */
export async function reviewRoutes(app: FastifyInstance, opts: { db: Db; mail: MailContext; mailer: Mailer }) {
  documentModule(app, section);
  const { db } = opts;

  route(
    app,
    endpoints.submit,
    { ...words.submit, onRequest: app.authenticate, rateLimit: "review" },
    async (request, reply) => {
      const { created, answer } = await submitReview(db, currentUser(request).id, request.body, opts.mail);
      opts.mailer.wake();
      reply.status(created ? 201 : 200);
      return answer;
    },
  );

  route(app, endpoints.list, words.list, (request) =>
    productReviews(db, request.params.productId.toLowerCase(), request.query),
  );

  route(app, endpoints.mine, { ...words.mine, onRequest: app.authenticate }, (request) =>
    myReview(db, request.params.productId.toLowerCase(), currentUser(request).id),
  );

  route(app, endpoints.sellerList, { ...words.sellerList, onRequest: [app.authenticate, sellersOnly] }, (request) =>
    sellerReviews(db, currentUser(request).id, request.query),
  );

  route(
    app,
    endpoints.reply,
    { ...words.reply, onRequest: [app.authenticate, sellersOnly], sellerWrite: true, rateLimit: "review" },
    async (request, reply) => {
      const body = { ...request.body, reviewId: request.body.reviewId.toLowerCase() };
      const { created, answer } = await replyToReview(db, currentUser(request).id, body);
      reply.status(created ? 201 : 200);
      return answer;
    },
  );
}
