import { eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderReturns, walletEntries } from "../../api/src/db/schema";
import { creditWallet, signedInUser, stockOf, type Customer } from "./orders-support";
import { statusCounts } from "./receipt-support";
import {
  acceptedGripReturn,
  acceptedReturn,
  ageReturn,
  deliveredOrder,
  markReceived,
  requestReturn,
  returnsShop,
} from "./returns-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import { booksOf, ledgerSum } from "./wallet-support";
import { balancesOf, savePayout, withdraw } from "./withdrawals-support";

/**
 * Returns with requests at once on a real PostgreSQL (issue 35): the order's lock, the return's row
 * lock and the wallets' locks, not luck, decide which comes first. A line is never refunded twice,
 * never asked back beyond what was bought, and a refund and a withdrawal never both take the same
 * money out of the seller's wallet.
 */
describe("devoluciones a la vez en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 30 });
  let catalogue: Catalogue;
  let admin: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admin = await signedInUser(api.db, "admin");
  });

  const expectBooksClean = async () => {
    const books = await booksOf(api.app, admin);
    expect(books.shops.filter((row) => row.difference !== 0)).toEqual([]);
    expect(books.wallets).toEqual([]);
    expect(books.withdrawals).toEqual([]);
  };

  it("diez «Recibido» a la vez de la misma devolución reembolsan una sola vez", async () => {
    const shop = await returnsShop(api.db, catalogue);
    const order = await deliveredOrder(api.app, api.db, shop);
    const customerBefore = await ledgerSum(api.db, order.customer.id);
    const id = await acceptedReturn(api.app, order.customer, shop.seller, order.partId, [
      { orderItemId: order.lines.shirtM, quantity: 1 },
    ]);

    const answers = await Promise.all(Array.from({ length: 10 }, () => markReceived(api.app, shop.seller, id)));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 9 });
    expect(await ledgerSum(api.db, order.customer.id)).toBe(customerBefore + 3000);
    expect(await stockOf(api.db, shop.shirt.id, "M")).toBe(10);
    const entries = await api.db
      .select()
      .from(walletEntries)
      .where(like(walletEntries.reference, `%${id}`));
    expect(entries).toHaveLength(2);
    await expectBooksClean();
  });

  it("la tienda y la administración marcan «Recibido» a la vez: se reembolsa una sola vez", async () => {
    for (let round = 0; round < 4; round++) {
      const { shop, order, id, customerBefore, sellerBefore } = await acceptedGripReturn(api.app, api.db, catalogue);
      // The shop's time since accepting is over: the admin may mark it in its place.
      await ageReturn(api.db, id, 73);
      const answers = await Promise.all([
        markReceived(api.app, shop.seller, id),
        markReceived(api.app, admin, id, true),
        markReceived(api.app, shop.seller, id),
        markReceived(api.app, admin, id, true),
      ]);
      expect(statusCounts(answers)).toEqual({ 200: 1, 409: 3 });
      expect(await ledgerSum(api.db, order.customer.id)).toBe(customerBefore + 2000);
      expect(await ledgerSum(api.db, shop.seller.id)).toBe(sellerBefore - 1900);
      expect(await stockOf(api.db, shop.grip.id)).toBe(10);
      const [row] = await api.db.select().from(orderReturns).where(eq(orderReturns.id, id));
      const winner = answers.find((answer) => answer.statusCode === 200)!.json().orderReturn.receivedBy;
      expect(row!.receivedByAdmin).toBe(winner === "admin");
    }
    await expectBooksClean();
  });

  it("diez solicitudes a la vez por la misma unidad: una sola pasa", async () => {
    const shop = await returnsShop(api.db, catalogue);
    const order = await deliveredOrder(api.app, api.db, shop);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        requestReturn(api.app, order.customer, order.partId, [{ orderItemId: order.lines.grip, quantity: 1 }]),
      ),
    );
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 9 });
    const rows = await api.db.select().from(orderReturns).where(eq(orderReturns.shopOrderId, order.partId));
    expect(rows).toHaveLength(1);
  });

  it("el reembolso de una devolución y el retiro del mismo dinero a la vez: nunca pasan los dos", async () => {
    const results: string[] = [];
    for (let round = 0; round < 6; round++) {
      const shop = await returnsShop(api.db, catalogue);
      // Delivered 8 days ago: the sale (8100 after commission) is available to withdraw.
      const order = await deliveredOrder(api.app, api.db, shop, { deliveredDaysAgo: 8 });
      expect((await savePayout(api.app, shop.seller)).statusCode).toBe(200);
      // Money of the seller's that is not earnings (a voucher): the wallet's floor alone would let both pass.
      await creditWallet(api.db, shop.seller.id, 5000);
      const id = await acceptedReturn(api.app, order.customer, shop.seller, order.partId, [
        { orderItemId: order.lines.grip, quantity: 1 },
      ]);
      const [refund, withdrawal] = await Promise.all([
        markReceived(api.app, shop.seller, id),
        withdraw(api.app, shop.seller, 8100),
      ]);
      const outcome = `${refund.statusCode}/${withdrawal.statusCode}`;
      results.push(outcome);
      // Exactly one wins: the refund (the withdrawal then finds 6200 available) or the withdrawal.
      expect(["200/400", "409/201"]).toContain(outcome);
      // The shop's available earnings, before any floor at zero: what it earned and is available less what it withdrew.
      const balances = await balancesOf(api.app, shop.seller);
      expect(balances.totalAmount - balances.pendingAmount - balances.amountWithdrawn).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(api.db, shop.seller.id)).toBeGreaterThanOrEqual(0);
      const available = await api.db.execute<{ n: number }>(
        sql`select balance as n from wallets where user_id = ${shop.seller.id}`,
      );
      expect(Number(available.rows[0]!.n)).toBe(await ledgerSum(api.db, shop.seller.id));
    }
    await expectBooksClean();
    expect(results.length).toBe(6);
  });
});
