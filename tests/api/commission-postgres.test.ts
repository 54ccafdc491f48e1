import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, commissionRates, orderItems, shopOrders } from "../../api/src/db/schema";
import { postgresAvailable } from "../support/postgres";
import { placeOrder, putInCart, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, insertOwnBalls, useTestApi, type Catalogue } from "./support";

/**
 * Rates changing while orders are placed, on a real PostgreSQL (issue 35, decision 0059): an order
 * reads every line's rate in one statement, so all its lines carry the rates of one moment and its
 * commission follows them; admins changing one rate at once are applied one after the other, each
 * audit entry starting where the previous one ended, and leave one row.
 */
describe.runIf(postgresAvailable())("cambios de comisión mientras se piden, en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 20 });
  let catalogue: Catalogue;
  let admins: Customer[];

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admins = await Promise.all(Array.from({ length: 6 }, () => signedInUser(api.db, "admin")));
  });

  const setStoreRate = (admin: Customer, rateBp: number) =>
    api.app.inject({ method: "PUT", url: "/admin/commission/store", headers: admin.headers, payload: { rateBp } });

  it("cada pedido lleva en todas sus líneas las tasas de antes o las de después, nunca una mezcla", async () => {
    const first = await insertOwnBalls(api.db, catalogue, "pelotas-comision-a", { stock: 100, price: 1000 });
    const second = await insertOwnBalls(api.db, catalogue, "pelotas-comision-b", { stock: 100, price: 3000 });
    expect((await setStoreRate(admins[0]!, 500)).statusCode).toBe(200);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => signedInUser(api.db)));
    for (const buyer of buyers) {
      await putInCart(api.db, buyer.id, first.id, 1);
      await putInCart(api.db, buyer.id, second.id, 1);
    }
    const [changed, ...answers] = await Promise.all([
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return setStoreRate(admins[1]!, 1200);
      })(),
      ...buyers.map((buyer) => placeOrder(api.app, buyer)),
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      answers.map((answer) => answer.statusCode),
      answers.map((answer) => answer.body).join("\n"),
    ).toEqual(buyers.map(() => 201));
    const orderIds = answers.map((answer) => answer.json().orderId as string);
    const parts = await api.db
      .select({ id: shopOrders.id, orderId: shopOrders.orderId, commission: shopOrders.commission })
      .from(shopOrders)
      .where(inArray(shopOrders.orderId, orderIds));
    const lines = await api.db
      .select({ shopOrderId: orderItems.shopOrderId, commissionBp: orderItems.commissionBp })
      .from(orderItems)
      .where(
        inArray(
          orderItems.shopOrderId,
          parts.map((part) => part.id),
        ),
      );
    expect(parts).toHaveLength(12);
    for (const part of parts) {
      const rates = lines.filter((line) => line.shopOrderId === part.id).map((line) => line.commissionBp);
      expect(rates.length).toBe(2);
      // One moment's rates for both lines, and the part's commission is theirs on 40,00.
      expect([
        [500, 500],
        [1200, 1200],
      ]).toContainEqual(rates);
      expect(part.commission).toBe(rates[0] === 500 ? 200 : 480);
    }
  });

  it("seis admins cambiando la misma tasa a la vez se aplican uno tras otro: una fila y una cadena de auditoría", async () => {
    const shopId = catalogue.shops.smash.id;
    const answers = await Promise.all(
      admins.map((admin, index) =>
        api.app.inject({
          method: "PUT",
          url: `/admin/commission/shops/${shopId}`,
          headers: admin.headers,
          payload: { rateBp: 100 * (index + 1) },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(admins.map(() => 200));
    const rows = await api.db.select().from(commissionRates).where(eq(commissionRates.shopId, shopId));
    expect(rows).toHaveLength(1);
    const entries = await api.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "comision.cambiar"), eq(auditLog.entityId, shopId)))
      .orderBy(asc(auditLog.createdAt));
    expect(entries).toHaveLength(6);
    expect(entries[0]!.before).toBeNull();
    for (let index = 1; index < entries.length; index++)
      expect(entries[index]!.before).toEqual(entries[index - 1]!.after);
    expect(entries.at(-1)!.after).toEqual({ rateBp: rows[0]!.rateBp });
  });
});
