import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { FORBIDDEN } from "#contract/messages";
import { productModerationEndpoints as endpoints } from "#contract/product-moderation";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { adminOnly, currentUser } from "../accounts/auth.js";
import { hideProduct, requestReview, showProduct } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "product-moderation",
  description:
    "Products an admin hides (issue 35, decision 0053). Shapes and messages: `contract/product-moderation.ts`. " +
    "The admin's list is `GET /products-get` read by an admin (every shop's products; `shopId`, " +
    "`categoryId`, `state`, `moderation=oculto_admin|revision`), each row with its `moderation` " +
    "(`{reason, hiddenAt, reviewRequestedAt}` or null). A hidden product's state is `oculto` and its " +
    "seller cannot publish it (409 on `state` in `POST /product-update`, 409 naming it in a bulk " +
    "publish) until an admin does. Every write locks the product's row FOR NO KEY UPDATE, is audited " +
    "(`producto.ocultar_admin`, `producto.mostrar_admin`, `producto.pedir_revision`) and notifies the " +
    "other side (type `sistema`, with the product).",
};

const words = {
  hide: {
    summary: "Hide a product from the store, with a reason",
    description:
      "Admin. `{reason}` (1-500 characters), told to the seller in a notification. The product leaves the " +
      "store at once. 409 when an admin hid it already and its seller has not asked for a review since; " +
      "after a review was asked, it stays hidden with the new reason. 404 for a product that does not " +
      "exist or was deleted.",
  },
  show: {
    summary: "Publish again a product an admin hid",
    description:
      "Admin. The product is published and its seller told. 409 `Este producto no está oculto por la " +
      "administración …` for one no admin hid.",
  },
  requestReview: {
    summary: "Ask for a review of a product an admin hid",
    description:
      "The product's seller, once fixed. Once per hiding (409 when asked already); every admin is told. " +
      "409 for a product no admin hid; 404 for another shop's product. A suspended shop changes nothing.",
  },
} satisfies Record<string, RouteWords>;

async function sellersOnly(request: FastifyRequest, _reply: FastifyReply) {
  if (currentUser(request).role !== "seller") throw new HttpError(403, FORBIDDEN);
}

export async function productModerationRoutes(app: FastifyInstance, opts: { db: Db }) {
  documentModule(app, section);
  const { db } = opts;
  const admin = { onRequest: [app.authenticate, adminOnly] };

  route(app, endpoints.hide, { ...words.hide, ...admin }, async (request) => ({
    message: await hideProduct(db, currentUser(request), request.params.id, request.body.reason),
  }));

  route(app, endpoints.show, { ...words.show, ...admin }, async (request) => ({
    message: await showProduct(db, currentUser(request), request.params.id),
  }));

  route(
    app,
    endpoints.requestReview,
    { ...words.requestReview, onRequest: [app.authenticate, sellersOnly], sellerWrite: true },
    async (request) => ({ message: await requestReview(db, currentUser(request), request.params.id) }),
  );
}
