import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, products, productSizes, stockMovements } from "../../api/src/db/schema";
import { useTwoShops } from "./notifications-support";
import { placeOrder, putInCart, signedInUser } from "./orders-support";
import { importCsv, newBallsRow } from "./product-import-support";
import { insertOwnBalls } from "./support";

/**
 * Catalogue imports that set stock while orders take it, on a real PostgreSQL (issue 34, decision
 * 0054): the imports and the sales never deadlock and nothing is lost. An import sets the stock (as
 * the stock screen does without a version), so each size ends at what the last import set less the
 * sales that came after it, and the movements ledger tells that story exactly. One import renames a
 * product (its slug changes: the products are locked FOR UPDATE first), the other does not.
 */
describe("importaciones de CSV y pedidos a la vez en PostgreSQL", () => {
  const suite = useTwoShops({ engine: "PostgreSQL", poolSize: 30 });
  const { api } = suite;

  it("20 pedidos y 2 importaciones que fijan el stock a la vez: sin bloqueos mutuos y con el stock cuadrado", async () => {
    const shopId = suite.catalogue.shops.smash.id;
    const sized = await insertOwnBalls(api.db, suite.catalogue, "importar-concurrente-tallas", { shopId, stock: 0 });
    await api.db.insert(productSizes).values([
      { productId: sized.id, size: "M", stock: 50, position: 0 },
      { productId: sized.id, size: "L", stock: 50, position: 1 },
    ]);
    const single = await insertOwnBalls(api.db, suite.catalogue, "importar-concurrente-unico", { shopId, stock: 50 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signedInUser(api.db)));
    for (const [index, buyer] of buyers.entries()) {
      // Half the carts hold them one way round, half the other.
      const pair: [string, string | undefined][] = [
        [sized.id, "M"],
        [single.id, undefined],
      ];
      for (const [productId, size] of index % 2 === 0 ? pair : pair.reverse())
        await putInCart(api.db, buyer.id, productId, 1, size);
    }
    const imports = [
      importCsv([
        newBallsRow("Concurrente Renombrada", {
          id: sized.id,
          state: "publicado",
          sizes: "M: 100 | L: 100",
          stock: "",
        }),
        newBallsRow("Concurrente Único", { id: single.id, state: "publicado", stock: "100" }),
        newBallsRow("Concurrente Nueva Uno"),
      ]),
      importCsv([
        newBallsRow("Pelotas importar-concurrente-tallas", {
          id: sized.id,
          state: "publicado",
          sizes: "M: 80 | L: 80",
          stock: "160",
        }),
        newBallsRow("Pelotas importar-concurrente-unico", { id: single.id, state: "publicado", stock: "80" }),
        newBallsRow("Concurrente Nueva Dos"),
      ]),
    ];

    const [placed, applied] = await Promise.all([
      Promise.all(buyers.map((buyer) => placeOrder(api.app, buyer))),
      Promise.all(
        imports.map((csv) =>
          api.app.inject({
            method: "POST",
            url: "/seller/products/import/apply",
            headers: suite.sellers.smash.headers,
            payload: { csv },
          }),
        ),
      ),
    ]);
    expect(placed.map((response) => response.statusCode)).toEqual(buyers.map(() => 201));
    expect(applied.map((response) => [response.statusCode, response.json().updated])).toEqual([
      [200, 2],
      [200, 2],
    ]);

    // Each stock ends at the last import's figure less the sales after it: the ledger in order.
    for (const [productId, size] of [
      [sized.id, "M"],
      [sized.id, "L"],
      [single.id, ""],
    ] as const) {
      const movements = await api.db
        .select({ kind: stockMovements.kind, change: stockMovements.change, stockAfter: stockMovements.stockAfter })
        .from(stockMovements)
        .where(and(eq(stockMovements.productId, productId), eq(stockMovements.size, size)))
        .orderBy(asc(stockMovements.createdAt), asc(stockMovements.id));
      const lastImport = movements.map((movement) => movement.kind).lastIndexOf("ajuste");
      const imported = movements[lastImport]!.stockAfter;
      expect([100, 80]).toContain(imported);
      const after = movements.slice(lastImport + 1);
      expect(after.every((movement) => movement.kind === "venta" && movement.change === -1)).toBe(true);
      const current =
        size === ""
          ? (await api.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!.stock
          : (
              await api.db
                .select({ stock: productSizes.stock })
                .from(productSizes)
                .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)))
            )[0]!.stock;
      expect(current).toBe(imported - after.length);
      // Every movement follows from the one before it.
      for (let index = 1; index < movements.length; index++)
        expect(movements[index]!.stockAfter).toBe(movements[index - 1]!.stockAfter + movements[index]!.change);
      // Every sale of the size is in the ledger (L is never sold).
      const sales = movements.filter((movement) => movement.kind === "venta").length;
      expect(sales).toBe(size === "L" ? 0 : 20);
    }
    // The total of the sized product is its sizes' sum; each import audited once; both new products there.
    const [total] = await api.db
      .select({
        stock: products.stock,
        sum: sql<number>`(select sum(stock)::int from product_sizes where product_id = ${sized.id})`,
      })
      .from(products)
      .where(eq(products.id, sized.id));
    expect(total!.stock).toBe(total!.sum);
    const audits = await api.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, "producto.importar"), eq(auditLog.entityId, shopId)));
    expect(audits).toHaveLength(2);
    const created = await api.db
      .select({ name: products.name })
      .from(products)
      .where(sql`${products.name} like 'Concurrente Nueva%'`);
    expect(created.map((row) => row.name).sort()).toEqual(["Concurrente Nueva Dos", "Concurrente Nueva Uno"]);
  });
});
