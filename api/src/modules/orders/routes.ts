import type { FastifyInstance } from "fastify";
import { ORDER_PLACED, orderEndpoints as endpoints } from "#contract/orders";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { sweepPeriodically } from "../../periodic.js";
import { route } from "../../route.js";
import { currentUser, FORBIDDEN } from "../accounts/auth.js";
import { expireUnpaidOrders } from "./expiry.js";
import { orderDetail, placeOrder, type CheckoutSettings } from "./service.js";

/** Expiry also runs on every order and payment call; this sweep covers the quiet times. */
const EXPIRY_SWEEP_INTERVAL_MS = 60 * 1000;

export interface OrderRoutesOptions extends CheckoutSettings {
  db: Db;
}

/** Placing and reading orders (SPEC.md section 7 "Orders"). */
export async function orderRoutes(app: FastifyInstance, opts: OrderRoutesOptions) {
  const { db } = opts;

  // Expiry is one SQL function; this sweep only makes sure it runs even when nobody orders.
  sweepPeriodically(app, EXPIRY_SWEEP_INTERVAL_MS, () => expireUnpaidOrders(db));

  route(app, endpoints.placeOrder, { onRequest: app.authenticate }, async (request, reply) => {
    const user = currentUser(request);
    // Ids in bodies never decide ownership: the order is always the caller's own.
    if (request.body.userId.toLowerCase() !== user.id) throw new HttpError(403, FORBIDDEN);
    const orderId = await placeOrder(db, opts, user.id, request.body);
    reply.status(201);
    return { message: ORDER_PLACED, orderId };
  });

  route(app, endpoints.order, { onRequest: app.authenticate }, async (request) => ({
    order: await orderDetail(db, request.params.orderId, currentUser(request)),
  }));
}
