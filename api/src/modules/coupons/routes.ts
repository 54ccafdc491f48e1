import type { FastifyInstance } from "fastify";
import { COUPON_APPLIED, COUPON_REMOVED, couponEndpoints as endpoints } from "#contract/coupons";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentShopper, registerShopperIdentity } from "../cart/shopper.js";
import { applyCoupon, cartCouponPreview, removeCoupon } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "coupons",
  description:
    'The cart\'s coupon (SPEC.md section 7 "Coupons"): like the cart, for `Bearer` or `Guest <uuid>`; a ' +
    "visitor's coupon joins the user's cart at sign-in (`merge-guest-lists`) unless the user already has " +
    "one or has used it. One coupon per cart. Shapes: `contract/coupons.ts`.\n\n" +
    "Seeded coupons (migration 0008): AHORRA20 (20 %), REGALO50 (5000), VALE100 (10000); valid " +
    "2024-2031, once per user, at most 1000, 500 and 200 orders. An admin changes their days and limits " +
    "(section *promotions*).",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  preview: {
    summary: "The cart's coupon and what it takes off now",
    description:
      "`{coupon, discount}`: `coupon` is `{code, kind, value}` (kind `porcentaje` or `importe`) or null; " +
      "`discount` is what it takes off the cart's available products now.",
  },
  apply: {
    summary: "Apply a coupon to the cart",
    description:
      "`{code}`: `{message: 'Cupón aplicado.', coupon}`; 404 `Cupón no encontrado.`; 400 `Este cupón no " +
      "está vigente.`; 409 `Ya usaste este cupón.`, `Este cupón se ha agotado.`, `Ya tienes un cupón en tu " +
      "carrito. Quítalo para usar otro.`.",
  },
  remove: {
    summary: "Remove the cart's coupon",
    description: "`{message}`.",
  },
} satisfies Record<string, RouteWords>;

/**
 * The coupon on the cart (/card, /gift). It belongs to the cart's shopper, a signed-in user or a
 * visitor (Guest header), like the cart; this plugin's requests all name one.
 */
export async function couponRoutes(app: FastifyInstance, opts: { db: Db }) {
  documentModule(app, section);
  const { db } = opts;
  registerShopperIdentity(app);

  route(app, endpoints.preview, words.preview, (request) => cartCouponPreview(db, currentShopper(request)));

  route(app, endpoints.apply, words.apply, async (request) => ({
    message: COUPON_APPLIED,
    coupon: await applyCoupon(db, currentShopper(request), request.body.code),
  }));

  route(app, endpoints.remove, words.remove, async (request) => {
    await removeCoupon(db, currentShopper(request));
    return { message: COUPON_REMOVED };
  });
}
