import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { currentUser, FORBIDDEN } from "../accounts/auth.js";
import type { MessageAnswer } from "../accounts/schemas.js";
import { applyCoupon, removeCoupon } from "./coupons.js";
import {
  couponBody,
  orderParams,
  placeOrderBody,
  type CouponAnswer,
  type CouponAppliedAnswer,
  type OrderAnswer,
  type PlaceOrderAnswer,
} from "./schemas.js";
import { cartCouponPreview, expireUnpaidOrders, ORDER_PLACED, orderDetail, placeOrder, type CheckoutSettings } from "./service.js";
import { sweepPeriodically } from "../../periodic.js";
import { currentShopper, registerShopperIdentity } from "../cart/shopper.js";

const COUPON_APPLIED = "Cupón aplicado.";
const COUPON_REMOVED = "Cupón quitado del carrito.";

/** Expiry also runs on every order and payment call; this sweep covers the quiet times. */
const EXPIRY_SWEEP_INTERVAL_MS = 60 * 1000;

const noQuery = z.object({});

export interface OrderRoutesOptions extends CheckoutSettings {
  db: Db;
}

/** Placing and reading orders, and the coupon on the cart (SPEC.md section 7 "Orders", /gift). */
export async function orderRoutes(app: FastifyInstance, opts: OrderRoutesOptions) {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Expiry is one SQL function; this sweep only makes sure it runs even when nobody orders.
  sweepPeriodically(app, EXPIRY_SWEEP_INTERVAL_MS, () => expireUnpaidOrders(db));

  routes.post(
    "/home/order/palce-order",
    { onRequest: app.authenticate, schema: { body: placeOrderBody } },
    async (request, reply): Promise<PlaceOrderAnswer> => {
      const user = currentUser(request);
      // Ids in bodies never decide ownership: the order is always the caller's own.
      if (request.body.userId.toLowerCase() !== user.id) throw new HttpError(403, FORBIDDEN);
      const orderId = await placeOrder(db, opts, user.id, request.body);
      reply.status(201);
      return { message: ORDER_PLACED, orderId };
    },
  );

  routes.get(
    "/home/order/:orderId",
    { onRequest: app.authenticate, schema: { params: orderParams } },
    async (request): Promise<OrderAnswer> => ({ order: await orderDetail(db, request.params.orderId, currentUser(request)) }),
  );

  // The cart's coupon belongs to its shopper: a signed-in user or a visitor (Guest header), like the cart.
  await app.register(async (couponScope) => {
    registerShopperIdentity(couponScope);
    const couponRoutes = couponScope.withTypeProvider<ZodTypeProvider>();

    couponRoutes.get("/home/coupon", { schema: { querystring: noQuery } }, (request): Promise<CouponAnswer> =>
      cartCouponPreview(db, currentShopper(request)),
    );

    couponRoutes.post(
      "/home/coupon/apply",
      { schema: { body: couponBody } },
      async (request): Promise<CouponAppliedAnswer> => ({
        message: COUPON_APPLIED,
        coupon: await applyCoupon(db, currentShopper(request), request.body.code),
      }),
    );

    couponRoutes.delete("/home/coupon", async (request): Promise<MessageAnswer> => {
      await removeCoupon(db, currentShopper(request));
      return { message: COUPON_REMOVED };
    });
  });
}
