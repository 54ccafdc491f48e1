import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shopOnVacation } from "#contract/shop-profile-labels";
import { auditLog, orders } from "../../api/src/db/schema";
import { buyersWithInCart, useTwoShops } from "./notifications-support";
import { placeOrder, putInCart, signedInUser } from "./orders-support";
import { insertOwnBalls } from "./support";

/** YYYY-MM-DD `days` after today in store time. */
function storeDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Vacation turned on while orders are placed, on a real PostgreSQL: placeOrder reads the shop under
 * a share lock and the vacation takes it FOR UPDATE, so no order is written after the change commits.
 */
describe("vacaciones con pedidos a la vez en PostgreSQL", () => {
  const suite = useTwoShops({ engine: "PostgreSQL", poolSize: 30 });
  const { api } = suite;

  it("20 pedidos y las vacaciones a la vez: ningún pedido se escribe después de activarlas", async () => {
    const product = await insertOwnBalls(api.db, suite.catalogue, "pelotas-vacaciones-concurrentes", {
      shopId: suite.catalogue.shops.smash.id,
      price: 2_000,
      stock: 100,
    });
    const buyers = await buyersWithInCart(api.db, 20, [product.id]);
    const until = storeDay(7);

    const [placed, started] = await Promise.all([
      Promise.all(buyers.map((buyer) => placeOrder(api.app, buyer))),
      // Let a few orders start first, so the change lands among them.
      new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
        api.app.inject({
          method: "PUT",
          url: "/seller/vacation",
          headers: suite.sellers.smash.headers,
          payload: { on: true, until },
        }),
      ),
    ]);
    expect(started.statusCode, started.body).toBe(200);
    for (const response of placed) {
      expect([201, 409], response.body).toContain(response.statusCode);
      if (response.statusCode === 409) expect(response.json().message).toBe(shopOnVacation("Tienda Smash", until));
    }

    // Every order written committed before the vacation's audit entry (written in its transaction).
    const [change] = await api.db
      .select({ at: auditLog.createdAt })
      .from(auditLog)
      .where(eq(auditLog.action, "tienda.vacaciones"));
    const orderIds = placed.filter((r) => r.statusCode === 201).map((r) => r.json().orderId as string);
    if (orderIds.length > 0) {
      const written = await api.db
        .select({ createdAt: orders.createdAt })
        .from(orders)
        .where(inArray(orders.id, orderIds));
      expect(written).toHaveLength(orderIds.length);
      for (const order of written) expect(order.createdAt.getTime()).toBeLessThanOrEqual(change!.at.getTime());
    }

    // After the change, every attempt is refused, whole.
    const lateBuyers = await Promise.all(Array.from({ length: 5 }, () => signedInUser(api.db)));
    for (const buyer of lateBuyers) await putInCart(api.db, buyer.id, product.id, 1);
    const late = await Promise.all(lateBuyers.map((buyer) => placeOrder(api.app, buyer)));
    expect(late.map((response) => response.statusCode)).toEqual(lateBuyers.map(() => 409));
    const lateOrders = await api.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.userId,
          lateBuyers.map((buyer) => buyer.id),
        ),
      );
    expect(lateOrders).toEqual([]);
  });
});
