import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { BooksAnswer } from "#contract/books";
import { INSUFFICIENT_BALANCE, pendingSalesCannotPay, saleAlreadySpent, type WalletAnswer } from "#contract/wallet";
import type { App } from "../../api/src/app";
import type { Db } from "../../api/src/db/client";
import { orders, shopOrders, walletEntries } from "../../api/src/db/schema";
import { subOrderIds } from "./notifications-support";
import { creditWallet, placedOrderId, putInCart, signedInAs, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, insertOwnBalls, insertShop, insertUser, useTestApi, type Catalogue } from "./support";
import { receivedDaysAgo } from "./withdrawals-support";

/**
 * No wallet below zero (issue 31): a seller's sale not yet available never pays a purchase, a
 * cancellation never takes back more than the seller's wallet holds, and the database refuses any
 * movement that would take a wallet below zero. The same suite on PGlite (wallet.test.ts) and on
 * PostgreSQL 15 (wallet-postgres.test.ts, with its races).
 */

/** A shop of its own per test, so a test reads its own seller's wallet. */
export interface OwnShop {
  seller: Customer;
  shopName: string;
  /** A 20 000-cent racket: free shipping, 1000 commission, 19 000 credited to the seller. */
  productId: string;
}

let shopCount = 0;

export async function ownShop(db: Db, catalogue: Catalogue): Promise<OwnShop> {
  shopCount += 1;
  const slug = `tienda-cartera-${shopCount}-${crypto.randomUUID().slice(0, 8)}`;
  const owner = await insertUser(db, { name: `Vendedora ${shopCount}`, role: "seller" });
  const shop = await insertShop(db, { ownerId: owner.id, name: `Tienda Cartera ${shopCount}`, slug });
  const product = await insertOwnBalls(db, catalogue, `pala-${slug}`, { shopId: shop.id, price: 20_000, stock: 1000 });
  return { seller: await signedInAs(owner.id, "seller"), shopName: shop.name, productId: product.id };
}

/** A new customer's order of one racket from `shop`, paid from the customer's wallet: the part's id. */
export async function paidSaleOf(app: App, db: Db, shop: OwnShop) {
  const customer = await signedInUser(db);
  await putInCart(db, customer.id, shop.productId, 1);
  const orderId = await placedOrderId(app, customer);
  await creditWallet(db, customer.id, 20_000);
  const paid = await app.inject({
    method: "POST",
    url: "/payment/wallet",
    headers: customer.headers,
    payload: { orderId },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const partId = (await subOrderIds(app, customer, orderId))[shop.shopName]!;
  return { customer, orderId, partId };
}

/** An order `buyer` places at Tienda Smash of `tubes` tubes of balls (700 each, plus 500 shipping under 10 000). */
export async function smashOrder(app: App, db: Db, catalogue: Catalogue, buyer: Customer, tubes: number) {
  await putInCart(db, buyer.id, catalogue.bySlug["pelotas-head-padel-pro"]!.id, tubes);
  const orderId = await placedOrderId(app, buyer);
  const [order] = await db.select({ total: orders.total }).from(orders).where(eq(orders.id, orderId));
  return { orderId, total: order!.total };
}

export function payFromWallet(app: App, buyer: Customer, orderId: string) {
  return app.inject({ method: "POST", url: "/payment/wallet", headers: buyer.headers, payload: { orderId } });
}

export async function walletOf(app: App, user: Customer): Promise<WalletAnswer> {
  const response = await app.inject({ method: "GET", url: `/wallet/${user.id}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The sum of the user's ledger, read from the database. */
export async function ledgerSum(db: Db, userId: string): Promise<number> {
  const result = await db.execute<{ balance: number }>(
    sql`select coalesce(sum(amount), 0)::integer as balance from wallet_entries where user_id = ${userId}`,
  );
  return Number(result.rows[0]!.balance);
}

export async function booksOf(app: App, admin: Customer): Promise<BooksAnswer> {
  const response = await app.inject({ method: "GET", url: "/admin/books", headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The error a failed statement threw, with PostgreSQL's SQLSTATE and constraint (Drizzle wraps the driver's). */
async function databaseRefusal(statement: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await statement;
  } catch (error) {
    let current: unknown = error;
    while (current instanceof Error) {
      const { code, constraint } = current as { code?: string; constraint?: string };
      if (code) return { code, constraint };
      current = current.cause;
    }
    throw error;
  }
  throw new Error("La base de datos aceptó el movimiento");
}

/** The suite on an API of its own on `engine`. */
export function describeWalletFloor(engine: "PGlite" | "PostgreSQL") {
  describe(`ninguna cartera por debajo de cero (${engine})`, () => {
    const api = useTestApi({ engine });
    let catalogue: Catalogue;
    let admin: Customer;

    beforeAll(async () => {
      catalogue = await insertCatalogue(api.db);
      admin = await signedInUser(api.db, "admin");
      await api.db.execute(sql`update products set stock = 1000 where slug = 'pelotas-head-padel-pro'`);
    });

    it("una venta aún no disponible no paga una compra en otra tienda, y cancelarla deja la cartera en cero", async () => {
      // The case: 190,00 US$ of a sale not yet available, a purchase of less elsewhere, then the sale cancelled.
      const shop = await ownShop(api.db, catalogue);
      const sale = await paidSaleOf(api.app, api.db, shop);
      expect(await walletOf(api.app, shop.seller)).toMatchObject({
        balance: 19_000,
        pendingSales: 19_000,
        available: 0,
      });

      const purchase = await smashOrder(api.app, api.db, catalogue, shop.seller, 10);
      expect(purchase.total).toBe(7500);
      const paying = await payFromWallet(api.app, shop.seller, purchase.orderId);
      expect(paying.statusCode).toBe(400);
      expect(paying.json()).toEqual({ message: pendingSalesCannotPay(0, 19_000) });
      expect(await ledgerSum(api.db, shop.seller.id)).toBe(19_000);

      const cancelled = await api.app.inject({
        method: "PUT",
        url: `/seller/order-status/update/${sale.partId}`,
        headers: shop.seller.headers,
        payload: { status: "cancelado" },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await walletOf(api.app, shop.seller)).toMatchObject({ balance: 0, pendingSales: 0, available: 0 });
      expect(await ledgerSum(api.db, sale.customer.id)).toBe(20_000);
      const books = await booksOf(api.app, admin);
      expect(books.wallets).toEqual([]);
      expect(books.unbalanced).toBe(0);
    });

    it("solo paga la parte disponible: otro dinero de la cartera sí, y la venta una vez disponible también", async () => {
      const shop = await ownShop(api.db, catalogue);
      const sale = await paidSaleOf(api.app, api.db, shop);
      await creditWallet(api.db, shop.seller.id, 2000);
      expect(await walletOf(api.app, shop.seller)).toMatchObject({
        balance: 21_000,
        pendingSales: 19_000,
        available: 2000,
      });

      const dear = await smashOrder(api.app, api.db, catalogue, shop.seller, 10);
      const refused = await payFromWallet(api.app, shop.seller, dear.orderId);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: pendingSalesCannotPay(2000, 19_000) });

      const cheap = await smashOrder(api.app, api.db, catalogue, shop.seller, 2);
      expect(cheap.total).toBe(1900);
      const paid = await payFromWallet(api.app, shop.seller, cheap.orderId);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(await walletOf(api.app, shop.seller)).toMatchObject({
        balance: 19_100,
        pendingSales: 19_000,
        available: 100,
      });

      // Delivered longer ago than the wait: the sale is available, and pays.
      await receivedDaysAgo(api.db, sale.partId, 30);
      expect(await walletOf(api.app, shop.seller)).toMatchObject({
        balance: 19_100,
        pendingSales: 0,
        available: 19_100,
      });
      const now = await payFromWallet(api.app, shop.seller, dear.orderId);
      expect(now.statusCode, now.body).toBe(200);
      expect(await ledgerSum(api.db, shop.seller.id)).toBe(19_100 - 7500);

      // More than the whole wallet is the plain refusal.
      const tooDear = await smashOrder(api.app, api.db, catalogue, shop.seller, 30);
      const short = await payFromWallet(api.app, shop.seller, tooDear.orderId);
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({ message: INSUFFICIENT_BALANCE });
    });

    it("una cancelación que dejaría la cartera del vendedor en negativo se rechaza, también a la administración", async () => {
      const shop = await ownShop(api.db, catalogue);
      const sale = await paidSaleOf(api.app, api.db, shop);
      // Money of the sale spent before the rule existed: the wallet holds less than the sale.
      await api.db.insert(walletEntries).values({
        userId: shop.seller.id,
        amount: -12_000,
        reason: "Compra anterior",
        reference: `prueba:${crypto.randomUUID()}`,
      });

      const bySeller = await api.app.inject({
        method: "PUT",
        url: `/seller/order-status/update/${sale.partId}`,
        headers: shop.seller.headers,
        payload: { status: "cancelado" },
      });
      expect(bySeller.statusCode).toBe(409);
      expect(bySeller.json()).toEqual({ message: saleAlreadySpent(shop.shopName, 19_000, 7000) });
      const byAdmin = await api.app.inject({
        method: "PUT",
        url: `/admin/order-status/update/${sale.orderId}`,
        headers: admin.headers,
        payload: { status: "cancelado" },
      });
      expect(byAdmin.statusCode).toBe(409);
      expect(byAdmin.json()).toEqual({ message: saleAlreadySpent(shop.shopName, 19_000, 7000) });

      expect(await ledgerSum(api.db, shop.seller.id)).toBe(7000);
      expect(await ledgerSum(api.db, sale.customer.id)).toBe(0);
      const [part] = await api.db
        .select({ delivery: shopOrders.deliveryStatus, payment: shopOrders.paymentStatus })
        .from(shopOrders)
        .where(eq(shopOrders.id, sale.partId));
      expect(part).toEqual({ delivery: "pendiente", payment: "pagado" });

      // The admin's books name the wallet that spent money a cancellation can still claim.
      const books = await booksOf(api.app, admin);
      const flagged = books.wallets.find((wallet) => wallet.userId === shop.seller.id);
      expect(flagged).toMatchObject({ ledger: 7000, stored: 7000, pendingSales: 19_000 });
      expect(flagged!.problems).toHaveLength(1);
      expect(books.unbalanced).toBeGreaterThanOrEqual(1);
    });

    it("la base de datos rechaza cualquier movimiento que deje una cartera por debajo de cero", async () => {
      const user = await signedInUser(api.db);
      const entry = (amount: number) => ({
        userId: user.id,
        amount,
        reason: "Movimiento de prueba",
        reference: `prueba:${crypto.randomUUID()}`,
      });
      expect(await databaseRefusal(api.db.insert(walletEntries).values(entry(-1)))).toEqual({
        code: "23514",
        constraint: "wallets_balance_non_negative",
      });
      await api.db.insert(walletEntries).values(entry(500));
      expect(await databaseRefusal(api.db.insert(walletEntries).values(entry(-501)))).toMatchObject({ code: "23514" });
      // Several movements at once count together, whatever their order.
      await api.db.insert(walletEntries).values([entry(-600), entry(150)]);
      expect(await ledgerSum(api.db, user.id)).toBe(50);
      await api.db.insert(walletEntries).values(entry(-50));
      expect(await ledgerSum(api.db, user.id)).toBe(0);
      const stored = await api.db.execute<{ balance: number }>(
        sql`select balance from wallets where user_id = ${user.id}`,
      );
      expect(stored.rows.map((row) => Number(row.balance))).toEqual([0]);
    });
  });
}
