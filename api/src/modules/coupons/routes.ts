import type { FastifyInstance } from "fastify";
import { COUPON_APPLIED, COUPON_REMOVED, couponEndpoints as endpoints } from "#contract/coupons";
import type { Db } from "../../db/client.js";
import { route } from "../../route.js";
import { currentShopper, registerShopperIdentity } from "../cart/shopper.js";
import { applyCoupon, cartCouponPreview, removeCoupon } from "./service.js";

/**
 * The coupon on the cart (/card, /gift). It belongs to the cart's shopper, a signed-in user or a
 * visitor (Guest header), like the cart; this plugin's requests all name one.
 */
export async function couponRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  registerShopperIdentity(app);

  route(app, endpoints.preview, (request) => cartCouponPreview(db, currentShopper(request)));

  route(app, endpoints.apply, async (request) => ({
    message: COUPON_APPLIED,
    coupon: await applyCoupon(db, currentShopper(request), request.body.code),
  }));

  route(app, endpoints.remove, async (request) => {
    await removeCoupon(db, currentShopper(request));
    return { message: COUPON_REMOVED };
  });
}
