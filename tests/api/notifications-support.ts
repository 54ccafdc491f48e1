import { eq, sql } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import type { App } from "../../api/src/app";
import type { Db } from "../../api/src/db/client";
import { notifications, shops } from "../../api/src/db/schema";
import {
  creditWallet,
  placedOrderId,
  putCouponOnCart,
  putInCart,
  signedInAs,
  signedInUser,
  type Customer,
} from "./orders-support";
import { insertCatalogue, insertUser, useTestApi, type Catalogue, type FileApiOptions } from "./support";

/** Helpers the notification and socket tests share. */

export interface TwoSellers {
  /** Owns Centro Pádel (Vertex racket). */
  centro: Customer;
  /** Owns Tienda Smash (Head balls). */
  smash: Customer;
}

/** Gives Tienda Smash an owner of its own, so the catalogue's two shops have different sellers. */
export async function splitShopOwners(db: Db, catalogue: Catalogue): Promise<TwoSellers> {
  const smashOwner = await insertUser(db, { name: "Vendedor Smash", role: "seller" });
  await db.update(shops).set({ ownerId: smashOwner.id }).where(eq(shops.id, catalogue.shops.smash.id));
  return { centro: await signedInAs(catalogue.owner.id, "seller"), smash: await signedInAs(smashOwner.id, "seller") };
}

/**
 * A test API with the catalogue and its two shops owned apart, made once for the file: the set-up
 * of the sellers' suites (`catalogue` and `sellers` are read in the tests, once `beforeAll` ran).
 */
export function useTwoShops(options: FileApiOptions) {
  const suite = { api: useTestApi(options), catalogue: undefined as unknown as Catalogue, sellers: {} as TwoSellers };
  beforeAll(async () => {
    suite.catalogue = await insertCatalogue(suite.api.db);
    suite.sellers = await splitShopOwners(suite.api.db, suite.catalogue);
  });
  return suite;
}

/** `count` new customers, each with one of every product in the cart: the buyers of a concurrency test. */
export async function buyersWithInCart(db: Db, count: number, productIds: string[]): Promise<Customer[]> {
  const buyers = await Promise.all(Array.from({ length: count }, () => signedInUser(db)));
  for (const buyer of buyers) for (const productId of productIds) await putInCart(db, buyer.id, productId, 1);
  return buyers;
}

/** A new customer's order of one Vertex (Centro Pádel) and two tubes of balls (Tienda Smash), with the coupon if given. */
export async function customerWithOrder(
  app: App,
  db: Db,
  catalogue: Catalogue,
  couponCode?: string | string[],
): Promise<{ customer: Customer; orderId: string }> {
  await db.execute(
    sql`update products set stock = 50 where slug in ('pala-bullpadel-vertex-04', 'pelotas-head-padel-pro')`,
  );
  const customer = await signedInUser(db);
  await putInCart(db, customer.id, catalogue.bySlug["pala-bullpadel-vertex-04"]!.id, 1);
  await putInCart(db, customer.id, catalogue.bySlug["pelotas-head-padel-pro"]!.id, 2);
  for (const code of [couponCode ?? []].flat()) await putCouponOnCart(db, customer.id, code);
  return { customer, orderId: await placedOrderId(app, customer) };
}

/** Pays the order from a wallet credited for it. */
export async function payFromWallet(app: App, db: Db, customer: Customer, orderId: string): Promise<void> {
  await creditWallet(db, customer.id, 100_000);
  const response = await app.inject({
    method: "POST",
    url: "/payment/wallet",
    headers: customer.headers,
    payload: { orderId },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The user's stored notifications, oldest first. */
export async function storedNotifications(db: Db, userId: string) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt, notifications.id);
}

/** The ids of an order's sub-orders by shop name. */
export async function subOrderIds(app: App, customer: Customer, orderId: string): Promise<Record<string, string>> {
  const { order } = (
    await app.inject({ method: "GET", url: `/home/order/${orderId}`, headers: customer.headers })
  ).json() as {
    order: { suborders: { _id: string; shopName: string }[] };
  };
  return Object.fromEntries(order.suborders.map((suborder) => [suborder.shopName, suborder._id]));
}
