import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, orders, shopOrders, shops } from "../../api/src/db/schema";
import { buyersWithInCart, useTwoShops } from "./notifications-support";
import { placeOrder } from "./orders-support";
import { insertOwnBalls } from "./support";

/**
 * A shop changing its shipping while orders are placed, on a real PostgreSQL: each order charges the
 * rule before or after a change, whole, and its total adds up; every change is audited once.
 */
describe("envío propio con pedidos a la vez en PostgreSQL", () => {
  const suite = useTwoShops({ engine: "PostgreSQL", poolSize: 30 });
  const { api } = suite;

  it("20 pedidos y 5 cambios de tarifa a la vez: cada parte cobra una tarifa que existió y los totales cuadran", async () => {
    const product = await insertOwnBalls(api.db, suite.catalogue, "pelotas-envio-concurrente", {
      shopId: suite.catalogue.shops.smash.id,
      price: 2_000,
      stock: 100,
    });
    const buyers = await buyersWithInCart(api.db, 20, [product.id]);
    const fees = [100, 200, 300, 400, 600];

    const [placed, changes] = await Promise.all([
      Promise.all(buyers.map((buyer) => placeOrder(api.app, buyer))),
      Promise.all(
        fees.map((shippingFee) =>
          api.app.inject({
            method: "PUT",
            url: "/seller/shipping",
            headers: suite.sellers.smash.headers,
            payload: { mode: "propia", shippingFee },
          }),
        ),
      ),
    ]);
    expect(placed.map((response) => response.statusCode)).toEqual(buyers.map(() => 201));
    expect(changes.map((response) => response.statusCode)).toEqual(fees.map(() => 200));

    const orderIds = placed.map((response) => response.json().orderId as string);
    const rows = await api.db
      .select({
        fee: shopOrders.shippingFee,
        partTotal: shopOrders.total,
        orderFee: orders.shippingFee,
        total: orders.total,
      })
      .from(shopOrders)
      .innerJoin(orders, eq(orders.id, shopOrders.orderId))
      .where(inArray(shopOrders.orderId, orderIds));
    expect(rows).toHaveLength(20);
    for (const row of rows) {
      // The store's 500 (before any change) or one of the fees set.
      expect([500, ...fees]).toContain(row.fee);
      expect(row.orderFee).toBe(row.fee);
      expect(row.partTotal).toBe(2_000 + row.fee);
      expect(row.total).toBe(2_000 + row.fee);
    }
    const audited = await api.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "tienda.envio"), eq(auditLog.entityId, suite.catalogue.shops.smash.id)));
    expect(audited.map((entry) => (entry.after as { shippingFee: number }).shippingFee).sort((a, b) => a - b)).toEqual(
      fees,
    );
    const [shop] = await api.db
      .select({ shippingFee: shops.shippingFee })
      .from(shops)
      .where(eq(shops.id, suite.catalogue.shops.smash.id));
    expect(fees).toContain(shop!.shippingFee);
  });
});
