import type { FastifyInstance, FastifyRequest } from "fastify";
import { FORBIDDEN } from "#contract/messages";
import {
  SHOP_COUPON_CREATED,
  SHOP_COUPON_ENDED,
  SHOP_COUPON_SAVED,
  shopCouponEndpoints as endpoints,
} from "#contract/shop-coupons";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import { createShopCoupon, endShopCoupon, listShopCoupons, updateShopCoupon } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "shop-coupons",
  description:
    "A shop's own coupons (issue 34). Shapes and messages: `contract/shop-coupons.ts`. A seller's coupon " +
    "takes a percentage (1-90) or an amount (cents) off the shop's part of an order only, never its " +
    "shipping, from `minSubtotal` of that part, between two store days, with `maxUses` in all and " +
    "`maxUsesPerCustomer`. The shop bears it: its part's total and its commission are on the discounted " +
    "subtotal. Codes are unique across the store (the store's coupons included). The cart's one coupon " +
    "field takes it (`POST /home/coupon/apply`): a cart holds the store's coupon and one per shop.",
};

const TERMS =
  "`{kind, value, validFrom, validUntil (YYYY-MM-DD), maxUses, maxUsesPerCustomer, minSubtotal}`; 400 with " +
  "the field's Spanish message.";

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  list: {
    summary: "The seller's shop's coupons",
    description:
      "Sellers only: `{coupons}`, newest first, each with its uses and `state` (programado, activo, " +
      "agotado, caducado, terminado).",
  },
  create: {
    summary: "Create a coupon of the seller's shop",
    description: `\`{code, ...}\` ${TERMS} A code already in the store: 400 \`Ese código ya existe en la tienda. Elige otro.\`. Audited \`cupon.crear\`.`,
  },
  update: {
    summary: "Change a coupon of the seller's shop",
    description: `${TERMS} Locks the coupon's row, as an order using it does; \`maxUses\` cannot fall below the uses made; an ended coupon answers 409. Audited \`cupon.editar\`.`,
  },
  end: {
    summary: "End a coupon of the seller's shop",
    description:
      "From now on no order uses it (an order being placed waits for the row lock, or this waits for it). " +
      "Orders placed keep their discount. Audited `cupon.terminar`.",
  },
} satisfies Record<string, RouteWords>;

async function sellersOnly(request: FastifyRequest) {
  if (currentUser(request).role !== "seller") throw new HttpError(403, FORBIDDEN);
}

/** The seller's coupons page's calls. */
export async function shopCouponRoutes(app: FastifyInstance, opts: { db: Db }) {
  documentModule(app, section);
  const { db } = opts;
  const guarded = { onRequest: [app.authenticate, sellersOnly] };

  route(app, endpoints.list, { ...words.list, ...guarded }, async (request) => ({
    coupons: await listShopCoupons(db, currentUser(request).id),
  }));

  route(app, endpoints.create, { ...words.create, ...guarded, sellerWrite: true }, async (request) => ({
    message: SHOP_COUPON_CREATED,
    coupon: await createShopCoupon(db, currentUser(request).id, request.body),
  }));

  route(app, endpoints.update, { ...words.update, ...guarded, sellerWrite: true }, async (request) => ({
    message: SHOP_COUPON_SAVED,
    coupon: await updateShopCoupon(db, currentUser(request).id, request.params.code, request.body),
  }));

  route(app, endpoints.end, { ...words.end, ...guarded, sellerWrite: true }, async (request) => ({
    message: SHOP_COUPON_ENDED,
    coupon: await endShopCoupon(db, currentUser(request).id, request.params.code),
  }));
}
