import type { FastifyInstance, FastifyRequest } from "fastify";
import { FORBIDDEN } from "#contract/messages";
import { SHIPPING_SAVED, shopShippingEndpoints as endpoints } from "#contract/shop-shipping";
import type { CartSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import { saveShopShipping, shopShipping } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "shipping",
  description:
    "A shop's own shipping (issue 34). Shapes and messages: `contract/shop-shipping.ts`. Each shop's part " +
    "of an order pays its shop's flat fee, free once the part's subtotal reaches the shop's threshold (if " +
    "it set one); a shop without its own follows the store's rule (`SHIPPING_FEE_CENTS` per shop, free " +
    "from `FREE_SHIPPING_THRESHOLD_CENTS` of the whole order). The cart (`card_products[].shipping_fee`), " +
    "the order and its receipts use the same function (`orders/pricing.ts`, `shopPartShippingFee`).",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  get: {
    summary: "The seller's shop's shipping",
    description:
      "Sellers only (403 otherwise): `{mode: 'tienda' | 'propia', shippingFee, freeShippingFrom, store: " +
      "{shippingFee, freeShippingThreshold}}`, amounts in cents; `tienda` has both null.",
  },
  save: {
    summary: "Change the seller's shop's shipping",
    description:
      "Sellers only; `{mode, shippingFee (0-100000 cents, needed with 'propia'), freeShippingFrom (cents or " +
      "null)}`: `{message: 'Envío guardado.', shipping}`. 400 `Escribe la tarifa de envío de tu tienda.`. " +
      "Locks the shop's row (orders being placed read the shipping under a share lock of it, so each " +
      "charges the rule before or after the change) and writes the audit entry `tienda.envio`. Orders " +
      "already placed keep what they charged.",
  },
} satisfies Record<string, RouteWords>;

async function sellersOnly(request: FastifyRequest) {
  if (currentUser(request).role !== "seller") throw new HttpError(403, FORBIDDEN);
}

/** The seller's shipping page's calls. */
export async function shippingRoutes(app: FastifyInstance, opts: { db: Db; cart: CartSettings }) {
  documentModule(app, section);
  const { db, cart } = opts;

  route(app, endpoints.get, { ...words.get, onRequest: [app.authenticate, sellersOnly] }, (request) =>
    shopShipping(db, currentUser(request).id, cart),
  );

  route(
    app,
    endpoints.save,
    { ...words.save, onRequest: [app.authenticate, sellersOnly], sellerWrite: true },
    async (request) => ({
      message: SHIPPING_SAVED,
      shipping: await saveShopShipping(db, currentUser(request).id, request.body, cart),
    }),
  );
}
