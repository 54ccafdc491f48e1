import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { STOCK_CHANGED_WHILE_EDITING } from "#contract/stock";
import { stockMovements } from "../../api/src/db/schema";
import {
  placedOrderId,
  placeOrder,
  putInCart,
  signedInAs,
  signedInUser,
  stockOf,
  type Customer,
} from "./orders-support";
import { insertCatalogue, insertProduct, useTestApi, type Catalogue } from "./support";

/**
 * Stock updates racing sales on a real PostgreSQL (issue 11): the seller's form is guarded by the
 * stock version, sales and updates lock the same rows in the same order, and the movements ledger
 * the triggers write adds up to the stock.
 */
describe("stock concurrente en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 40 });
  let catalogue: Catalogue;
  let seller: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    seller = await signedInAs(catalogue.shops.centro.ownerId, "seller");
  });

  async function newShoe(slug: string, sizes: { size: string; stock: number }[]) {
    return insertProduct(api.db, {
      shopId: catalogue.shops.centro.id,
      categoryId: catalogue.categories.zapatillas.id,
      name: `Zapatilla ${slug}`,
      slug,
      brand: "Asics",
      price: 9000,
      color: "Blanco",
      tag: "Comodidad",
      sizes,
      imageCount: 0,
    });
  }

  const versionOf = async (productId: string): Promise<number> => {
    const response = await api.app.inject({
      method: "GET",
      url: `/seller/stock/${productId}`,
      headers: seller.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json().product.stockVersion;
  };

  const updateStock = (productId: string, stockVersion: number, sizes: { size: string; stock: number }[]) =>
    api.app.inject({
      method: "POST",
      url: "/update-stock",
      headers: seller.headers,
      payload: { productId, sellerId: seller.id, stockVersion, sizes },
    });

  it("20 compras contra 5 actualizaciones de la misma talla: ninguna venta se pierde y el stock nunca baja de cero", async () => {
    const shoe = await newShoe("zapatilla-carrera", [
      { size: "42", stock: 4 },
      { size: "43", stock: 6 },
    ]);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signedInUser(api.db)));
    // Half buy one of each size (an order locks both sizes), half only a 42.
    for (const [index, buyer] of buyers.entries()) {
      await putInCart(api.db, buyer.id, shoe.id, 1, "42");
      if (index % 2 === 0) await putInCart(api.db, buyer.id, shoe.id, 1, "43");
    }

    /** A seller re-saving after each 409 with the figures it answered, as the form lets them. */
    async function saveUntilAccepted(figure: number) {
      let stockVersion = await versionOf(shoe.id);
      const refusals: number[] = [];
      for (let attempt = 0; attempt < 60; attempt++) {
        const response = await updateStock(shoe.id, stockVersion, [
          { size: "42", stock: figure },
          { size: "43", stock: figure + 1 },
        ]);
        if (response.statusCode === 200) return { accepted: true, refusals };
        refusals.push(response.statusCode);
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().message).toBe(STOCK_CHANGED_WHILE_EDITING);
        stockVersion = response.json().current.stockVersion;
      }
      return { accepted: false, refusals };
    }

    const [orders, updates] = await Promise.all([
      Promise.all(buyers.map((buyer) => placeOrder(api.app, buyer))),
      Promise.all([3, 5, 2, 6, 4].map((figure) => saveUntilAccepted(figure))),
    ]);

    // Every order is placed or refused for want of stock: none fails on a lock (500/503).
    for (const response of orders) expect([201, 409], response.body).toContain(response.statusCode);
    const placed = orders.filter((response) => response.statusCode === 201).length;
    expect(updates.some((update) => update.accepted)).toBe(true);

    const moves = await api.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, shoe.id))
      .orderBy(asc(stockMovements.createdAt), asc(stockMovements.id));
    for (const size of ["42", "43"]) {
      const ledger = moves.filter((move) => move.size === size);
      // In the order they happened, each movement starts where the previous one ended, never below zero.
      let running = 0;
      for (const move of ledger) {
        running += move.change;
        expect(move.stockAfter).toBe(running);
        expect(move.stockAfter).toBeGreaterThanOrEqual(0);
      }
      expect(running).toBe(await stockOf(api.db, shoe.id, size));
      // Final stock = what the last accepted update set minus the sales after it.
      const lastAdjustment = ledger.map((move) => move.kind).lastIndexOf("ajuste");
      const salesAfter = ledger.slice(lastAdjustment + 1);
      expect(salesAfter.every((move) => move.kind === "venta" && move.change === -1)).toBe(true);
      expect(await stockOf(api.db, shoe.id, size)).toBe(ledger[lastAdjustment]!.stockAfter - salesAfter.length);
    }
    // Every order placed is in the ledger as sales of its buyer, and nothing else sold.
    const sold = await api.db.execute<{ units: number; buyers: number }>(
      sql`select coalesce(sum(quantity), 0)::integer as units, count(distinct orders.user_id)::integer as buyers
          from order_items join shop_orders on shop_orders.id = order_items.shop_order_id join orders on orders.id = shop_orders.order_id
          where order_items.product_id = ${shoe.id}`,
    );
    const sales = moves.filter((move) => move.kind === "venta");
    expect(sales.reduce((sum, move) => sum - move.change, 0)).toBe(sold.rows[0]!.units);
    expect(new Set(sales.map((move) => move.actorId)).size).toBe(placed);
    expect(sold.rows[0]!.buyers).toBe(placed);
    expect(await stockOf(api.db, shoe.id)).toBe(
      (await stockOf(api.db, shoe.id, "42")) + (await stockOf(api.db, shoe.id, "43")),
    );
  });

  it("una actualización leída antes de una venta responde 409 con las cifras actuales", async () => {
    const shoe = await newShoe("zapatilla-vieja", [{ size: "40", stock: 3 }]);
    const stockVersion = await versionOf(shoe.id);
    const buyer = await signedInUser(api.db);
    await putInCart(api.db, buyer.id, shoe.id, 1, "40");
    await placedOrderId(api.app, buyer);

    const stale = await updateStock(shoe.id, stockVersion, [{ size: "40", stock: 10 }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: STOCK_CHANGED_WHILE_EDITING,
      current: {
        stock: 2,
        stockVersion: await versionOf(shoe.id),
        sizes: [{ size: "40", stock: 2 }],
        lowStockThreshold: 0,
      },
    });
    expect(await stockOf(api.db, shoe.id, "40")).toBe(2);
  });
});
