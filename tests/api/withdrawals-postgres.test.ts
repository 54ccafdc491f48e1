import { eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { WITHDRAWAL_ALREADY_DECIDED, type Withdrawal } from "#contract/withdrawals";
import { walletEntries, withdrawals } from "../../api/src/db/schema";
import { splitShopOwners, type TwoSellers } from "./notifications-support";
import { signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import { balancesOf, confirm, receivedDaysAgo, paidSale, reject, savePayout, withdraw } from "./withdrawals-support";

/**
 * Withdrawals on a real PostgreSQL with many requests at once: the wallet's lock and the request's
 * row lock, not luck, decide which request holds the money and which decision pays it.
 */
describe("retiros concurrentes en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 40 });
  let catalogue: Catalogue;
  let sellers: TwoSellers;
  let admin: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = await splitShopOwners(api.db, catalogue);
    admin = await signedInUser(api.db, "admin");
    const sale = await paidSale(api.app, api.db, catalogue);
    await receivedDaysAgo(api.db, sale.centroPart, 30);
    expect((await savePayout(api.app, sellers.centro)).statusCode).toBe(200);
  });

  const statuses = (responses: { statusCode: number }[]) =>
    responses.reduce<Record<number, number>>(
      (count, response) => ({ ...count, [response.statusCode]: (count[response.statusCode] ?? 0) + 1 }),
      {},
    );
  const walletOf = async (userId: string) =>
    (
      await api.db.execute<{ balance: number }>(
        sql`select coalesce(sum(amount), 0)::integer as balance from wallet_entries where user_id = ${userId}`,
      )
    ).rows[0]!.balance;

  it("20 retiros a la vez de todo lo disponible dan uno solo", async () => {
    const { availableAmount } = await balancesOf(api.app, sellers.centro);
    expect(availableAmount).toBeGreaterThan(2000);
    const wallet = await walletOf(sellers.centro.id);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(api.app, sellers.centro, availableAmount)),
    );
    expect(statuses(responses)).toEqual({ 201: 1, 400: 19 });
    const held = await api.db.select().from(withdrawals).where(eq(withdrawals.userId, sellers.centro.id));
    expect(held).toHaveLength(1);
    expect(await walletOf(sellers.centro.id)).toBe(wallet - availableAmount);
    expect(await balancesOf(api.app, sellers.centro)).toMatchObject({
      availableAmount: 0,
      requestedAmount: availableAmount,
    });

    // Given back, so the next tests have money to ask for.
    expect((await reject(api.app, admin, held[0]!.id)).statusCode).toBe(200);
  });

  async function request(amount: number): Promise<Withdrawal> {
    const response = await withdraw(api.app, sellers.centro, amount);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().withdrawal;
  }

  it("una solicitud confirmada dos veces a la vez se paga una sola vez", async () => {
    const pending = await request(1500);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => confirm(api.app, admin, pending._id, `REF-${index}`)),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 409: 9 });
    for (const refused of responses.filter((response) => response.statusCode === 409))
      expect(refused.json().message).toBe(WITHDRAWAL_ALREADY_DECIDED);
    const winner = responses.find((response) => response.statusCode === 200)!.json().withdrawal as Withdrawal;
    const [row] = await api.db.select().from(withdrawals).where(eq(withdrawals.id, pending._id));
    expect(row).toMatchObject({ status: "confirmado", reference: winner.reference });
    const entries = await api.db
      .select()
      .from(walletEntries)
      .where(like(walletEntries.reference, `%:${pending._id}`));
    expect(entries.map((entry) => entry.amount)).toEqual([-1500]);
  });

  it("confirmar y rechazar a la vez deja una sola decisión y el libro coherente", async () => {
    for (let round = 0; round < 5; round++) {
      const pending = await request(1000);
      const before = await balancesOf(api.app, sellers.centro);
      const responses = await Promise.all([
        confirm(api.app, admin, pending._id),
        reject(api.app, admin, pending._id),
        confirm(api.app, admin, pending._id),
        reject(api.app, admin, pending._id),
      ]);
      expect(statuses(responses)).toEqual({ 200: 1, 409: 3 });
      const [row] = await api.db.select().from(withdrawals).where(eq(withdrawals.id, pending._id));
      const returned = await api.db
        .select()
        .from(walletEntries)
        .where(eq(walletEntries.reference, `retiro-rechazado:${pending._id}`));
      const after = await balancesOf(api.app, sellers.centro);
      if (row!.status === "confirmado") {
        expect(returned).toHaveLength(0);
        expect(after).toMatchObject({
          availableAmount: before.availableAmount,
          withdrowAmount: before.withdrowAmount + 1000,
          requestedAmount: before.requestedAmount - 1000,
        });
      } else {
        expect(row!.status).toBe("rechazado");
        expect(returned.map((entry) => entry.amount)).toEqual([1000]);
        expect(after).toMatchObject({
          availableAmount: before.availableAmount + 1000,
          withdrowAmount: before.withdrowAmount,
          requestedAmount: before.requestedAmount - 1000,
        });
      }
    }
  });
});
