import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { saleAlreadySpent } from "#contract/wallet";
import { creditWallet, placedOrderId, putInCart, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import {
  booksOf,
  describeWalletFloor,
  ledgerSum,
  ownShop,
  paidSaleOf,
  payFromWallet,
  smashOrder,
  walletOf,
} from "./wallet-support";
import { receivedDaysAgo, savePayout, withdraw } from "./withdrawals-support";

/** No wallet below zero on PostgreSQL 15 (the suite: wallet-support.ts). */
describeWalletFloor("PostgreSQL");

/**
 * The same rules with many requests at once on a real PostgreSQL: the wallets' locks, taken in one
 * order, and the database's CHECK, not luck, keep every wallet at or above zero.
 */
describe("carteras con movimientos a la vez en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 40 });
  let catalogue: Catalogue;
  let admin: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admin = await signedInUser(api.db, "admin");
    await api.db.execute(sql`update products set stock = 10000 where slug = 'pelotas-head-padel-pro'`);
  });

  const statuses = (responses: { statusCode: number }[]) =>
    responses.reduce<Record<number, number>>(
      (count, response) => ({ ...count, [response.statusCode]: (count[response.statusCode] ?? 0) + 1 }),
      {},
    );

  it("compras con la cartera, retiros y la cancelación de una venta a la vez nunca la dejan en negativo", async () => {
    const shop = await ownShop(api.db, catalogue);
    // 190,00 US$ available (a sale delivered long ago) and 190,00 US$ of a sale not yet available.
    const old = await paidSaleOf(api.app, api.db, shop);
    await receivedDaysAgo(api.db, old.partId, 30);
    const recent = await paidSaleOf(api.app, api.db, shop);
    expect((await savePayout(api.app, shop.seller)).statusCode).toBe(200);
    expect(await walletOf(api.app, shop.seller)).toMatchObject({
      balance: 38_000,
      pendingSales: 19_000,
      available: 19_000,
    });
    const purchases: { orderId: string; total: number }[] = [];
    for (let index = 0; index < 8; index++)
      purchases.push(await smashOrder(api.app, api.db, catalogue, shop.seller, 7));
    const cost = purchases[0]!.total;
    expect(cost).toBe(5400);

    const [cancelled, ...responses] = await Promise.all([
      api.app.inject({
        method: "PUT",
        url: `/seller/order-status/update/${recent.partId}`,
        headers: shop.seller.headers,
        payload: { status: "cancelado" },
      }),
      ...purchases.map((purchase) => payFromWallet(api.app, shop.seller, purchase.orderId)),
      ...Array.from({ length: 4 }, () => withdraw(api.app, shop.seller, 5000)),
    ]);
    expect(cancelled!.statusCode, cancelled!.body).toBe(200);
    const payments = responses.slice(0, purchases.length);
    const withdrawals = responses.slice(purchases.length);
    for (const response of [...payments, ...withdrawals])
      expect([200, 201, 400], response.body).toContain(response.statusCode);
    const paid = payments.filter((response) => response.statusCode === 200).length;
    const held = withdrawals.filter((response) => response.statusCode === 201).length;
    // Only the 190,00 US$ available was ever spendable (the cancelled sale took back its own 190,00 US$),
    // and it was spent until less than one more purchase or withdrawal was left.
    expect(paid * cost + held * 5000).toBeLessThanOrEqual(19_000);
    expect(paid * cost + held * 5000).toBeGreaterThan(19_000 - 5400);
    expect(await ledgerSum(api.db, shop.seller.id)).toBe(19_000 - paid * cost - held * 5000);
    for (const refused of payments.filter((response) => response.statusCode === 400))
      expect(refused.json().message).toMatch(/^Saldo (disponible )?insuficiente/);
    const books = await booksOf(api.app, admin);
    expect(books.wallets).toEqual([]);
    expect(books.withdrawals).toEqual([]);
    expect(books.shops.filter((row) => row.difference !== 0)).toEqual([]);
  });

  it("varias cancelaciones a la vez de ventas cuyo dinero falta: ninguna deja la cartera en negativo", async () => {
    const shop = await ownShop(api.db, catalogue);
    const sales = [];
    for (let index = 0; index < 3; index++) sales.push(await paidSaleOf(api.app, api.db, shop));
    // Spent before the rule: the wallet holds 50 000 of the three sales' 57 000.
    await api.db.execute(
      sql`insert into wallet_entries (user_id, amount, reason, reference) values (${shop.seller.id}, -7000, 'Compra anterior', ${`prueba:${crypto.randomUUID()}`})`,
    );
    const responses = await Promise.all(
      sales.flatMap((sale) => [
        api.app.inject({
          method: "PUT",
          url: `/seller/order-status/update/${sale.partId}`,
          headers: shop.seller.headers,
          payload: { status: "cancelado" },
        }),
        api.app.inject({
          method: "PUT",
          url: `/admin/order-status/update/${sale.orderId}`,
          headers: admin.headers,
          payload: { status: "cancelado" },
        }),
      ]),
    );
    // Two sales can be given back (50 000 → 31 000 → 12 000); the third finds 12 000 for its 19 000.
    expect(statuses(responses)).toEqual({ 200: 2, 409: 4 });
    const refusals = responses
      .filter((response) => response.statusCode === 409)
      .map((response) => response.json().message);
    expect(refusals).toContain(saleAlreadySpent(shop.shopName, 19_000, 12_000));
    expect(await ledgerSum(api.db, shop.seller.id)).toBe(12_000);
    expect((await booksOf(api.app, admin)).wallets.map((wallet) => wallet.userId)).toContain(shop.seller.id);
  });

  it("dos vendedores que se compran el uno al otro a la vez: todo se paga, sin esperas cruzadas", async () => {
    const first = await ownShop(api.db, catalogue);
    const second = await ownShop(api.db, catalogue);
    await creditWallet(api.db, first.seller.id, 1_000_000);
    await creditWallet(api.db, second.seller.id, 1_000_000);
    const orders: { buyer: Customer; orderId: string }[] = [];
    for (let index = 0; index < 6; index++) {
      for (const [buyer, seller] of [
        [first.seller, second],
        [second.seller, first],
      ] as const) {
        await putInCart(api.db, buyer.id, seller.productId, 1);
        orders.push({ buyer, orderId: await placedOrderId(api.app, buyer) });
      }
    }

    const responses = await Promise.all(orders.map((order) => payFromWallet(api.app, order.buyer, order.orderId)));
    expect(statuses(responses)).toEqual({ 200: orders.length });
    // Each paid six rackets (20 000) and was credited six sales (19 000), still pending.
    for (const seller of [first.seller, second.seller]) {
      expect(await walletOf(api.app, seller)).toMatchObject({
        balance: 1_000_000 - 6 * 20_000 + 6 * 19_000,
        pendingSales: 6 * 19_000,
      });
    }
    const sellers = [first.seller.id, second.seller.id];
    expect((await booksOf(api.app, admin)).wallets.filter((wallet) => sellers.includes(wallet.userId))).toEqual([]);
  });
});
