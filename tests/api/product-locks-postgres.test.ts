import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { slugify } from "#contract/catalog";
import { auditLog, products, productSizes, stockMovements } from "../../api/src/db/schema";
import { placeOrder, putInCart, signedInAs, signedInUser, type Customer } from "./orders-support";
import { importCsv, newBallsRow } from "./product-import-support";
import { multipart } from "./shop-support";
import { insertCatalogue, insertOwnBalls, useTestApi, type Catalogue } from "./support";

/**
 * Every write of a product and its sizes locks them in one order (stock/locks.ts: the product, then
 * its sizes), on a real PostgreSQL: a renaming edit, a plain edit, an import and an order of the same
 * product at once, round after round, all go through (no deadlock, no 500), one after the other,
 * and leave the product whole: its slug follows its last name, its stock the last figures set less
 * the sale that came after them, each movement following from the one before.
 */
describe("un producto escrito por todos a la vez en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 30 });
  let catalogue: Catalogue;
  let seller: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    seller = await signedInAs(catalogue.owner.id, "seller");
  });

  /** The product form as the seller sends it: its sizes kept, their stock as it is (no version). */
  const edit = (productId: string, name: string, price: string) => {
    const body = multipart(
      Object.entries({
        productId,
        name,
        categoryId: catalogue.categories.pelotas.id,
        brand: "Head",
        price,
        discount: "0",
        color: "Amarillo",
        tag: "Competición",
        description: "Tubo de tres pelotas de presión para competición.",
        "sizes[0].size": "M",
        "sizes[1].size": "L",
      }).map(([field, value]) => ({ name: field, value })),
    );
    return api.app.inject({
      method: "POST",
      url: "/product-update",
      headers: { ...seller.headers, ...body.headers },
      payload: body.payload,
    });
  };

  it("renombrar, editar, importar y vender el mismo producto a la vez, 12 veces: sin interbloqueos ni errores", async () => {
    for (let round = 0; round < 12; round++) {
      const original = `Pelotas todos a la vez ${round}`;
      const renamed = `${original} Carrera`;
      const product = await insertOwnBalls(api.db, catalogue, slugify(original), {
        name: original,
        stock: 0,
        imageCount: 1,
      });
      await api.db.insert(productSizes).values([
        { productId: product.id, size: "M", stock: 50, position: 0 },
        { productId: product.id, size: "L", stock: 50, position: 1 },
      ]);
      const buyer = await signedInUser(api.db);
      await putInCart(api.db, buyer.id, product.id, 1, "M");
      const csv = importCsv([
        newBallsRow(original, { id: product.id, state: "publicado", sizes: "M: 40 | L: 40", stock: "" }),
      ]);
      // Each round in another order of start, so each writer meets the others at every step.
      const writes = [
        () => edit(product.id, renamed, "8"),
        () => edit(product.id, original, "9"),
        () =>
          api.app.inject({
            method: "POST",
            url: "/seller/products/import/apply",
            headers: seller.headers,
            payload: { csv },
          }),
        () => placeOrder(api.app, buyer),
      ];
      const order = writes.map((_, index) => (index + round) % writes.length);
      const answers = await Promise.all(order.map((index) => writes[index]!()));
      const byWrite = order.map((_, index) => answers[order.indexOf(index)]!);
      const [renaming, plain, imported, sale] = byWrite;
      expect(renaming!.statusCode, renaming!.body).toBe(200);
      expect(plain!.statusCode, plain!.body).toBe(200);
      expect(imported!.statusCode, imported!.body).toBe(200);
      expect(imported!.json()).toMatchObject({ updated: 1, created: 0 });
      expect(sale!.statusCode, sale!.body).toBe(201);

      // The slug follows the last name written (no other product has either).
      const [row] = await api.db
        .select({ name: products.name, slug: products.slug, stock: products.stock })
        .from(products)
        .where(eq(products.id, product.id));
      expect([original, renamed]).toContain(row!.name);
      expect(row!.slug).toBe(slugify(row!.name));

      // M ends at the import's 40, less the sale if it came after the import; L is never sold.
      for (const size of ["M", "L"]) {
        const movements = await api.db
          .select({ kind: stockMovements.kind, change: stockMovements.change, stockAfter: stockMovements.stockAfter })
          .from(stockMovements)
          .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.size, size)))
          .orderBy(asc(stockMovements.createdAt), asc(stockMovements.id));
        for (let index = 1; index < movements.length; index++)
          expect(movements[index]!.stockAfter).toBe(movements[index - 1]!.stockAfter + movements[index]!.change);
        const lastImport = movements.map((movement) => movement.kind).lastIndexOf("ajuste");
        expect(movements[lastImport]!.stockAfter).toBe(40);
        const after = movements.slice(lastImport + 1);
        expect(after.every((movement) => movement.kind === "venta" && movement.change === -1)).toBe(true);
        expect(movements.filter((movement) => movement.kind === "venta")).toHaveLength(size === "M" ? 1 : 0);
        const [current] = await api.db
          .select({ stock: productSizes.stock })
          .from(productSizes)
          .where(and(eq(productSizes.productId, product.id), eq(productSizes.size, size)));
        expect(current!.stock).toBe(40 - after.length);
      }
      const [sum] = await api.db
        .select({ stock: sql<number>`sum(${productSizes.stock})::int` })
        .from(productSizes)
        .where(eq(productSizes.productId, product.id));
      expect(row!.stock).toBe(sum!.stock);

      // Each write audited once.
      const audits = await api.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, product.id));
      expect(audits.filter((entry) => entry.action === "producto.editar")).toHaveLength(2);
    }
  });
});
