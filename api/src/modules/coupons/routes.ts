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
    "2024-2031, once per user, at most 1000, 500 and 200 orders. An admin creates store coupons, ends them and " +
    "changes their days and limits " +
    "(section *promotions*).",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  preview: {
    summary: "The cart's coupon and what it takes off now",
    description:
      "`{coupon, discount, shopCoupons, shopDiscount}`: `coupon` is the store's `{code, kind, value}` (kind " +
      "`porcentaje` or `importe`) or null; `shopCoupons` the shops' (one per shop: `{code, kind, value, shopId, " +
      "shopName, minSubtotal, discount}`); each shop's takes off its shop's available products only, from its " +
      "minimum on, never the shipping; the store's `discount` is taken on what is left after them.",
  },
  apply: {
    summary: "Apply a coupon to the cart",
    description:
      "`{code}`: the server decides whether the code is the store's or a shop's (issue 34). `{message: " +
      "'Cupón aplicado.', coupon, shopName}` (`shopName` null for the store's); 404 `Cupón no encontrado.`; " +
      "400 `Este cupón no está vigente.`; 409 `Ya usaste este cupón.`, `Este cupón se ha agotado.`, `Ya tienes " +
      "un cupón en tu carrito. Quítalo para usar otro.`, and for a shop's: `Este cupón es de «…» y no tienes " +
      "productos de esa tienda en el carrito.`, `Este cupón es para compras desde … en productos de «…».`, " +
      "`Ya tienes un cupón de «…» en tu carrito. Quítalo para usar otro.`.",
  },
  remove: {
    summary: "Remove the cart's store coupon",
    description: "`{message}`.",
  },
  removeCode: {
    summary: "Remove one coupon of the cart by its code",
    description: "The store's or a shop's: `{message}`; a code not on the cart changes nothing.",
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
    ...(await applyCoupon(db, currentShopper(request), request.body.code)),
  }));

  route(app, endpoints.remove, words.remove, async (request) => {
    await removeCoupon(db, currentShopper(request));
    return { message: COUPON_REMOVED };
  });

  route(app, endpoints.removeCode, words.removeCode, async (request) => {
    await removeCoupon(db, currentShopper(request), request.params.code);
    return { message: COUPON_REMOVED };
  });
}
