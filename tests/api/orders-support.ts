import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { App } from "../../api/src/app";
import type { Db } from "../../api/src/db/client";
import {
  cartCoupons,
  coupons,
  cartItems,
  orders,
  productSizes,
  products,
  shopOrders,
  walletEntries,
} from "../../api/src/db/schema";
import { signAccessToken, type Role } from "../../api/src/modules/accounts/tokens";
import { insertUser, TEST_JWT_SECRET } from "./support";

/** Helpers the order, coupon, wallet and payment tests share. */

export const SHIPPING_INFO = {
  name: "Lucía Pérez",
  address: "Calle Mayor 12, 3.º B",
  province: "Madrid",
  city: "Madrid",
  area: "Centro",
  postCode: "28013",
  phone: "+34 612 345 678",
};

export interface Customer {
  id: string;
  token: string;
  headers: { authorization: string };
}

/** An existing user with an access token, as after signing in. */
export async function signedInAs(userId: string, role: Role): Promise<Customer> {
  const token = await signAccessToken({ id: userId, role }, { secret: TEST_JWT_SECRET, ttlSeconds: 900 });
  return { id: userId, token, headers: { authorization: `Bearer ${token}` } };
}

/** A new user with an access token. */
export async function signedInUser(db: Db, role: Role = "customer"): Promise<Customer> {
  const user = await insertUser(db, { role });
  return signedInAs(user.id, role);
}

/** Puts a line in the user's cart table directly, as the cart module would (size '' for none). */
export async function putInCart(
  db: Db,
  userId: string,
  productId: string,
  quantity: number,
  size = "",
): Promise<string> {
  const [line] = await db
    .insert(cartItems)
    .values({ userId, productId, size, quantity })
    .returning({ id: cartItems.id });
  return line!.id;
}

export async function placeOrder(app: App, customer: Customer, body: Record<string, unknown> = {}) {
  return app.inject({
    method: "POST",
    url: "/home/order/palce-order",
    headers: customer.headers,
    payload: { userId: customer.id, shippingInfo: SHIPPING_INFO, ...body },
  });
}

/** Places an order that must succeed and answers its id. */
export async function placedOrderId(app: App, customer: Customer, body: Record<string, unknown> = {}): Promise<string> {
  const response = await placeOrder(app, customer, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().orderId as string;
}

export async function getOrder(app: App, customer: Customer, orderId: string) {
  return app.inject({ method: "GET", url: `/home/order/${orderId}`, headers: customer.headers });
}

export async function stockOf(db: Db, productId: string, size?: string): Promise<number> {
  if (size === undefined) {
    const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
    return row!.stock;
  }
  const [row] = await db
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(sql`${productSizes.productId} = ${productId} and ${productSizes.size} = ${size}`);
  return row!.stock;
}

export async function cartLineCount(db: Db, userId: string): Promise<number> {
  return (await db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, userId))).length;
}

export async function applyCoupon(app: App, customer: Customer, code: string) {
  return app.inject({ method: "POST", url: "/home/coupon/apply", headers: customer.headers, payload: { code } });
}

/** Puts a coupon straight on a cart, skipping the apply call's checks (for concurrency tests). */
export async function putCouponOnCart(db: Db, userId: string, couponCode: string) {
  // A shop's coupon takes its shop's place on the cart (issue 34), the store's the store's.
  const [coupon] = await db.select({ shopId: coupons.shopId }).from(coupons).where(eq(coupons.code, couponCode));
  await db.insert(cartCoupons).values({ userId, couponCode, shopId: coupon?.shopId ?? null });
}

/** Money into a wallet, as a ledger entry of its own. */
export async function creditWallet(db: Db, userId: string, amount: number) {
  await db
    .insert(walletEntries)
    .values({ userId, amount, reason: "Saldo de prueba", reference: `prueba:${crypto.randomUUID()}` });
}

/** Moves an order's expiry into the past, as if its time had run out. */
export async function makeOverdue(db: Db, orderId: string) {
  await db.execute(sql`update orders set expires_at = now() - interval '1 minute' where id = ${orderId}`);
}

/**
 * An order of one unit of `productId` by `customer`, with the customer's offer on its shop's part at
 * 10.00 US$ below its subtotal, still unanswered: the part, the offer and the order's total then.
 */
export async function orderWithOffer(app: App, db: Db, customer: Customer, productId: string) {
  await putInCart(db, customer.id, productId, 1);
  const orderId = await placedOrderId(app, customer);
  const [part] = await db
    .select({ id: shopOrders.id, subtotal: shopOrders.subtotal })
    .from(shopOrders)
    .where(eq(shopOrders.orderId, orderId));
  const proposed = await app.inject({
    method: "POST",
    url: "/home/customer/offer",
    headers: customer.headers,
    payload: { shopOrderId: part!.id, price: part!.subtotal - 1000 },
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  const [order] = await db.select({ total: orders.total }).from(orders).where(eq(orders.id, orderId));
  return { orderId, part: part!, offerId: proposed.json().offer._id as string, totalBefore: order!.total };
}
