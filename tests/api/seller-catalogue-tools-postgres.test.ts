import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, orderItems, orders, products, shopOrders } from "../../api/src/db/schema";
import { useTwoShops } from "./notifications-support";
import { placeOrder, putInCart, signedInUser } from "./orders-support";
import { insertOwnBalls } from "./support";

/**
 * Bulk price changes while orders are placed, on a real PostgreSQL (issue 34): each order charges
 * every product at the prices of one moment (all before or all after a batch), its lines and totals
 * add up, the batches and the sales never deadlock, and each batch is audited once.
 */
describe("cambios de precio en lote con pedidos a la vez en PostgreSQL", () => {
  const suite = useTwoShops({ engine: "PostgreSQL", poolSize: 30 });
  const { api } = suite;

  it("20 pedidos de dos productos y 2 lotes de precio a la vez: cada pedido cobra precios de un mismo momento", async () => {
    const shopId = suite.catalogue.shops.smash.id;
    // Prices in the ratio 2:3, which both batches keep exactly: a line at an old price beside one at a new price would break it.
    const first = await insertOwnBalls(api.db, suite.catalogue, "pelotas-lote-concurrente-a", {
      shopId,
      price: 2_000,
      stock: 100,
    });
    const second = await insertOwnBalls(api.db, suite.catalogue, "pelotas-lote-concurrente-b", {
      shopId,
      price: 3_000,
      stock: 100,
    });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signedInUser(api.db)));
    // Half the carts hold them one way round, half the other: the order's lines then come in both orders.
    for (const [index, buyer] of buyers.entries()) {
      const pair = index % 2 === 0 ? [first, second] : [second, first];
      for (const product of pair) await putInCart(api.db, buyer.id, product.id, 1);
    }
    const percents = [-10, 20];

    const [placed, batches] = await Promise.all([
      Promise.all(buyers.map((buyer) => placeOrder(api.app, buyer))),
      Promise.all(
        percents.map((percent) =>
          api.app.inject({
            method: "POST",
            url: "/seller/products/bulk",
            headers: suite.sellers.smash.headers,
            payload: { action: { kind: "precio_porcentaje", percent }, ids: [second.id, first.id] },
          }),
        ),
      ),
    ]);
    expect(placed.map((response) => response.statusCode)).toEqual(buyers.map(() => 201));
    expect(batches.map((response) => response.statusCode)).toEqual(percents.map(() => 200));

    // 2000 before; 1800 or 2400 after one batch; 2160 after both, whichever came first.
    const firstPrices = [2_000, 1_800, 2_400, 2_160];
    const orderIds = placed.map((response) => response.json().orderId as string);
    for (const orderId of orderIds) {
      const lines = await api.db
        .select({ productId: orderItems.productId, unitPrice: orderItems.unitPrice, quantity: orderItems.quantity })
        .from(orderItems)
        .innerJoin(shopOrders, eq(shopOrders.id, orderItems.shopOrderId))
        .where(eq(shopOrders.orderId, orderId));
      expect(lines).toHaveLength(2);
      const priceOf = (id: string) => lines.find((line) => line.productId === id)!.unitPrice;
      expect(firstPrices).toContain(priceOf(first.id));
      expect(priceOf(second.id) * 2).toBe(priceOf(first.id) * 3);
      const [part] = await api.db
        .select({ subtotal: shopOrders.subtotal, fee: shopOrders.shippingFee, total: shopOrders.total })
        .from(shopOrders)
        .where(eq(shopOrders.orderId, orderId));
      const [order] = await api.db
        .select({
          subtotal: orders.subtotal,
          discount: orders.discount,
          shippingFee: orders.shippingFee,
          total: orders.total,
        })
        .from(orders)
        .where(eq(orders.id, orderId));
      const linesTotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
      expect(part!.subtotal).toBe(linesTotal);
      expect(part!.total).toBe(linesTotal + part!.fee);
      expect(order!.subtotal).toBe(linesTotal);
      expect(order!.total).toBe(order!.subtotal - order!.discount + order!.shippingFee);
    }

    const prices = await api.db
      .select({ id: products.id, price: products.price, stock: products.stock })
      .from(products)
      .where(inArray(products.id, [first.id, second.id]));
    expect(Object.fromEntries(prices.map((row) => [row.id, [row.price, row.stock]]))).toEqual({
      [first.id]: [2_160, 80],
      [second.id]: [3_240, 80],
    });
    const audited = await api.db
      .select({ reason: auditLog.reason })
      .from(auditLog)
      .where(and(eq(auditLog.action, "producto.lote"), eq(auditLog.entityId, shopId)));
    expect(audited.map((entry) => entry.reason).sort()).toEqual([
      "Cambiar el precio un porcentaje (-10 %)",
      "Cambiar el precio un porcentaje (20 %)",
    ]);
  });

  it("20 pedidos y un lote que elimina los dos productos a la vez: sin bloqueos mutuos ni errores, nada a medias", async () => {
    const shopId = suite.catalogue.shops.smash.id;
    const first = await insertOwnBalls(api.db, suite.catalogue, "pelotas-lote-borrado-a", {
      shopId,
      price: 2_000,
      stock: 100,
    });
    const second = await insertOwnBalls(api.db, suite.catalogue, "pelotas-lote-borrado-b", {
      shopId,
      price: 3_000,
      stock: 100,
    });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signedInUser(api.db)));
    for (const [index, buyer] of buyers.entries()) {
      const pair = index % 2 === 0 ? [first, second] : [second, first];
      for (const product of pair) await putInCart(api.db, buyer.id, product.id, 1);
    }
    const batch = (kind: string) =>
      api.app.inject({
        method: "POST",
        url: "/seller/products/bulk",
        headers: suite.sellers.smash.headers,
        payload: { action: { kind }, ids: [first.id, second.id] },
      });

    const [placed, removed] = await Promise.all([
      Promise.all(buyers.map((buyer) => placeOrder(api.app, buyer))),
      batch("eliminar"),
    ]);
    expect(removed.statusCode).toBe(200);
    // Before the batch: placed; after: refused (their lines went with the products).
    for (const response of placed) expect([201, 400, 409], response.body).toContain(response.statusCode);
    const ordered = placed.filter((response) => response.statusCode === 201).length;

    const rows = await api.db
      .select({ id: products.id, stock: products.stock, archivedAt: products.archivedAt })
      .from(products)
      .where(inArray(products.id, [first.id, second.id]));
    if (ordered === 0) expect(rows).toEqual([]);
    else {
      // Ordered products are kept, archived, with the units the orders took.
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.archivedAt).not.toBeNull();
        expect(row.stock).toBe(100 - ordered);
      }
    }
    expect(removed.json().archived).toBe(ordered === 0 ? 0 : 2);
  });
});
