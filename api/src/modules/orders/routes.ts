import type { FastifyInstance } from "fastify";
import type { Mailer } from "../mail/outbox.js";
import type { MailContext } from "../mail/render.js";
import { ORDER_PLACED, orderEndpoints as endpoints } from "#contract/orders";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { sweepPeriodically } from "../../periodic.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser, FORBIDDEN } from "../accounts/auth.js";
import { expireUnpaidOrders } from "./expiry.js";
import { orderDetail, placeOrder, type CheckoutSettings } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "orders",
  description:
    'Placing and reading orders (SPEC.md section 7 "Orders"). Every call needs `Authorization: Bearer ' +
    "<access token>` (401 otherwise). Money is integer cents (USD), computed by the server from the " +
    "database: prices, totals, fees and counts a client sends are ignored. Shapes: `contract/orders.ts`.\n\n" +
    "**Statuses.** Delivery `pendiente`, `procesando`, `enviado`, `entregado`, `cancelado`; payment " +
    "`sin_pagar`, `pagado`, `reembolsado`. An order has one part (sub-order, shop order) per shop; the " +
    "order's `delivery_status` is the least advanced of its parts not cancelled (`cancelado` once all " +
    "are). Status changes: section *order-status*.\n\n" +
    "**Placing** is one transaction: one order, one shop order per shop with its items (name, size, " +
    "quantity and unit price as they were), `SHIPPING_FEE_CENTS` per shop unless the products reach " +
    "`FREE_SHIPPING_THRESHOLD_CENTS`, the cart's coupons (each shop's own on its products only, never " +
    "the shipping, borne by the shop; then the store's, borne by the store, on what is left: total = " +
    "subtotal - shopDiscount - discount + shipping; section *shop-coupons*), `COMMISSION_PERCENT` of " +
    "each shop order's subtotal after its shop coupon, every coupon used locked and checked under its " +
    "lock, the stock taken " +
    "by one conditional UPDATE per line (sorted, so concurrent orders cannot deadlock), the coupon use " +
    "recorded, the ordered lines and the coupon removed from the cart. Only available lines are ordered; " +
    "sold-out ones stay in the cart. The shops are checked with their rows locked, so an order placed " +
    "while a suspension commits waits for it and leaves those lines out. Each seller is told " +
    "(notification `pedido`). Decision 0024: an order is placed only as the shopper confirmed it.\n\n" +
    "**Expiry.** An order unpaid `ORDER_EXPIRY_MINUTES` after it was placed is cancelled (`expired: " +
    "true`) and gives back its stock and its coupon use; its pending offers are closed (`cerrada`) and " +
    "the customer is told (`pedido`) and mailed «Tu pedido #… caducó» (kind `order-expired`, queued in " +
    "the expiry's transaction). The work is the SQL function `expire_unpaid_orders()` (`FOR UPDATE " +
    "SKIP LOCKED`, idempotent; first written by migrations 0008 and 0011, its current definition in " +
    "`api/src/db/functions/`), which answers the orders it expired and which the API calls before placing, reading and paying an order and every " +
    "minute, so any number of instances may run it. What all of this writes to the wallets: " +
    "docs/api/money.md.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  placeOrder: {
    summary: "Place an order from the cart",
    description:
      "`{userId, shippingInfo: {name, address, province, city, area, postCode, phone}, items?, " +
      "expectedTotal?}` (`price` and `products` are ignored; `items` may list cart line ids to order only " +
      "those, and then each must still be orderable; `expectedTotal` is the total the shopper confirmed, " +
      "in cents). 201 `{message: 'Pedido realizado.', orderId}`.\n\n" +
      "Refusals: 403 if `userId` is not the caller; 400 with `errors[shippingInfo.*]` (a postal code needs " +
      "a digit, a city a letter); 400 `Tu carrito está vacío.` (no `items` and nothing to order); 409 `No " +
      "hay stock suficiente de «<name>».` (nothing changed); 409 `Tu carrito cambió mientras revisabas el " +
      "pedido…` (a line of `items` no longer in the cart, or none of them) and `El total de tu pedido " +
      "cambió a <total>…` (`expectedTotal` is not the server's), nothing changed; 409 `«<name>» es de tu " +
      "propia tienda: quítalo del carrito para hacer el pedido.` (a seller never buys from their own " +
      "shop); 409 when the cart's coupon can no longer be used.",
  },
  order: {
    summary: "One order, for its customer or an admin",
    description:
      "`{order}`: totals, coupon, shipping info, statuses, `expiresAt`, `expired`, `payment_method`, " +
      "`amountPaid`, `refunded`, and `suborders` (shop, items, totals, statuses; `trackingNumber`, " +
      "`shippedAt`, `deliveredAt`). 404 `Pedido no encontrado.` for anyone but its customer or an admin. " +
      "Unpaid orders past their time expire first.",
  },
} satisfies Record<string, RouteWords>;

/** Expiry also runs on every order and payment call; this sweep covers the quiet times. */
const EXPIRY_SWEEP_INTERVAL_MS = 60 * 1000;

export interface OrderRoutesOptions extends CheckoutSettings {
  db: Db;
  mail: MailContext;
  mailer: Mailer;
}

/** Placing and reading orders (SPEC.md section 7 "Orders"). */
export async function orderRoutes(app: FastifyInstance, opts: OrderRoutesOptions) {
  documentModule(app, section);
  const { db } = opts;

  // Expiry is one SQL function; this sweep only makes sure it runs even when nobody orders.
  sweepPeriodically(app, EXPIRY_SWEEP_INTERVAL_MS, () => expireUnpaidOrders(db, opts.mail));

  route(app, endpoints.placeOrder, { ...words.placeOrder, onRequest: app.authenticate }, async (request, reply) => {
    const user = currentUser(request);
    // Ids in bodies never decide ownership: the order is always the caller's own.
    if (request.body.userId.toLowerCase() !== user.id) throw new HttpError(403, FORBIDDEN);
    const orderId = await placeOrder(db, opts, user.id, request.body, opts.mail);
    opts.mailer.wake();
    reply.status(201);
    return { message: ORDER_PLACED, orderId };
  });

  route(app, endpoints.order, { ...words.order, onRequest: app.authenticate }, async (request) => ({
    order: await orderDetail(db, request.params.orderId, currentUser(request), opts.mail),
  }));
}
