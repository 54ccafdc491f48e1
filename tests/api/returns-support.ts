import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { App } from "../../api/src/app";
import type { Db } from "../../api/src/db/client";
import { coupons, orderItems } from "../../api/src/db/schema";
import { subOrderIds } from "./notifications-support";
import {
  creditWallet,
  placedOrderId,
  putCouponOnCart,
  putInCart,
  signedInAs,
  signedInUser,
  type Customer,
} from "./orders-support";
import { insertProduct, insertShop, insertUser, type Catalogue } from "./support";
import { ledgerSum } from "./wallet-support";
import { receivedDaysAgo } from "./withdrawals-support";

/** Helpers the returns tests (PGlite, PostgreSQL, PayPal) share. */

let shopCount = 0;

/** A shop of a test's own with a shirt in sizes M and L (3000 each) and a grip (2000, no sizes). */
export async function returnsShop(db: Db, catalogue: Catalogue) {
  shopCount += 1;
  const slug = `tienda-devoluciones-${shopCount}-${crypto.randomUUID().slice(0, 8)}`;
  const owner = await insertUser(db, { name: `Vendedora devoluciones ${shopCount}`, role: "seller" });
  const shop = await insertShop(db, { ownerId: owner.id, name: `Tienda Devoluciones ${shopCount}`, slug });
  const common = {
    shopId: shop.id,
    categoryId: catalogue.categories.pelotas.id,
    brand: "Head",
    color: "Negro",
    tag: "Competición",
    imageCount: 0,
  };
  const shirt = await insertProduct(db, {
    ...common,
    name: `Camiseta ${slug}`,
    slug: `camiseta-${slug}`,
    price: 3000,
    sizes: [
      { size: "M", stock: 10 },
      { size: "L", stock: 10 },
    ],
  });
  const grip = await insertProduct(db, {
    ...common,
    name: `Grip ${slug}`,
    slug: `grip-${slug}`,
    price: 2000,
    stock: 10,
  });
  return { seller: await signedInAs(owner.id, "seller"), shop, shirt, grip };
}
export type ReturnsShop = Awaited<ReturnType<typeof returnsShop>>;

/** A coupon straight into the table: the store's (`shopId` null) or a shop's, `percent` % off. */
export async function insertPercentCoupon(db: Db, code: string, percent: number, shopId: string | null) {
  await db.insert(coupons).values({
    code,
    kind: "porcentaje",
    value: percent,
    maxUses: 1000,
    maxUsesPerCustomer: 1000,
    validFrom: new Date("2024-01-01T00:00:00Z"),
    validUntil: new Date("2032-01-01T00:00:00Z"),
    shopId,
  });
}

/**
 * A new customer's order at `shop` of a shirt M, a shirt L and a grip (8000, under free shipping:
 * 500 of shipping), with the given coupons on the cart, paid (wallet or test card) and delivered
 * `deliveredDaysAgo` days ago with the customer's confirmation. Answers the part and its lines.
 */
export async function deliveredOrder(
  app: App,
  db: Db,
  shop: ReturnsShop,
  {
    coupons: codes = [],
    pay = "cartera",
    deliveredDaysAgo = 2,
  }: {
    coupons?: string[];
    /** The wallet, the test card, or a payment of the test's own (PayPal's). */
    pay?: "cartera" | "tarjeta" | ((customer: Customer, orderId: string) => Promise<void>);
    deliveredDaysAgo?: number;
  } = {},
) {
  const customer = await signedInUser(db);
  await putInCart(db, customer.id, shop.shirt.id, 1, "M");
  await putInCart(db, customer.id, shop.shirt.id, 1, "L");
  await putInCart(db, customer.id, shop.grip.id, 1);
  for (const code of codes) await putCouponOnCart(db, customer.id, code);
  const orderId = await placedOrderId(app, customer);
  await creditWallet(db, customer.id, 20_000);
  if (typeof pay === "function") await pay(customer, orderId);
  else {
    const paid = await app.inject({
      method: "POST",
      url: pay === "cartera" ? "/payment/wallet" : "/payment/card",
      headers: customer.headers,
      payload:
        pay === "cartera"
          ? { orderId }
          : { orderId, cardNumber: "4242424242424242", expiry: "12/30", cvc: "123", holder: "Lucía Pérez" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  const partId = (await subOrderIds(app, customer, orderId))[shop.shop.name]!;
  await receivedDaysAgo(db, partId, deliveredDaysAgo);
  const items = await db.select().from(orderItems).where(eq(orderItems.shopOrderId, partId));
  const line = (productId: string, size = "") =>
    items.find((item) => item.productId === productId && item.size === size)!.id;
  return {
    customer,
    orderId,
    partId,
    lines: { shirtM: line(shop.shirt.id, "M"), shirtL: line(shop.shirt.id, "L"), grip: line(shop.grip.id) },
  };
}

export function requestReturn(
  app: App,
  customer: Customer,
  shopOrderId: string,
  lines: { orderItemId: string; quantity: number }[],
  reason = "La talla no me queda bien.",
) {
  return app.inject({
    method: "POST",
    url: "/home/customer/returns",
    headers: customer.headers,
    payload: { shopOrderId, lines, reason },
  });
}

/** The seller's answer, or an admin's with `asAdmin`. */
export function answerReturn(
  app: App,
  user: Customer,
  returnId: string,
  body: Record<string, unknown>,
  asAdmin = false,
) {
  return app.inject({
    method: "PUT",
    url: `/${asAdmin ? "admin" : "seller"}/returns/${returnId}/answer`,
    headers: user.headers,
    payload: body,
  });
}

export const ACCEPT = { decision: "aceptar", instructions: "Envíalo por Correos a Calle Mayor 1, Madrid, en 7 días." };

/** The seller's «Recibido», or an admin's in the shop's place with `asAdmin`. */
export function markReceived(app: App, user: Customer, returnId: string, asAdmin = false) {
  return app.inject({
    method: "PUT",
    url: `/${asAdmin ? "admin" : "seller"}/returns/${returnId}/received`,
    headers: user.headers,
  });
}

/**
 * A new order of its own shop delivered, and a return of its grip accepted by the seller: what the
 * customer's and the seller's ledgers held before.
 */
export async function acceptedGripReturn(app: App, db: Db, catalogue: Catalogue) {
  const shop = await returnsShop(db, catalogue);
  const order = await deliveredOrder(app, db, shop);
  const customerBefore = await ledgerSum(db, order.customer.id);
  const sellerBefore = await ledgerSum(db, shop.seller.id);
  const id = await acceptedReturn(app, order.customer, shop.seller, order.partId, [
    { orderItemId: order.lines.grip, quantity: 1 },
  ]);
  return { shop, order, id, customerBefore, sellerBefore };
}

/** Moves a return's request and answer `hours` back: the shop's time to act has passed. */
export async function ageReturn(db: Db, returnId: string, hours: number) {
  await db.execute(sql`update order_returns set created_at = created_at - make_interval(hours => ${hours}),
    answered_at = answered_at - make_interval(hours => ${hours}) where id = ${returnId}`);
}

/** Asks for, and has the seller accept, a return: its id. */
export async function acceptedReturn(
  app: App,
  customer: Customer,
  seller: Customer,
  shopOrderId: string,
  lines: { orderItemId: string; quantity: number }[],
): Promise<string> {
  const asked = await requestReturn(app, customer, shopOrderId, lines);
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().orderReturn._id as string;
  const accepted = await answerReturn(app, seller, id, ACCEPT);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return id;
}
