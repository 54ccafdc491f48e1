import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { STOCK_VERSION_STALE } from "#contract/seller-products";
import { auditLog, productSizes, productSlugHistory, products } from "../../api/src/db/schema";
import { placeOrder, putInCart, signedInAs, signedInUser, type Customer } from "./orders-support";
import { multipart, PNG, type Part } from "./shop-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";

/**
 * Seller product writes on a real PostgreSQL with requests at once: the product's row lock (and its
 * sizes', taken first) makes concurrent edits of one product come out whole, one after the other.
 */
describe("edición concurrente de productos en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 20 });
  let catalogue: Catalogue;
  let seller: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    seller = await signedInAs(catalogue.owner.id, "seller");
  });

  type Fields = Record<string, string>;
  const fields = (overrides: Fields = {}): Fields => ({
    categoryId: catalogue.categories.ropa.id,
    brand: "Nox",
    price: "35",
    discount: "0",
    color: "Negro",
    tag: "Comodidad",
    description: "Camiseta técnica de secado rápido para jugar.",
    ...overrides,
  });
  const send = (url: string, values: Fields, files: Part[] = []) => {
    const body = multipart([...Object.entries(values).map(([name, value]) => ({ name, value })), ...files]);
    return api.app.inject({
      method: "POST",
      url,
      headers: { ...seller.headers, ...body.headers },
      payload: body.payload,
    });
  };

  async function createdShirt() {
    const response = await send(
      "/product-add",
      fields({
        name: `Camiseta ${randomUUID().slice(0, 8)}`,
        "sizes[0].size": "S",
        "sizes[0].stock": "5",
        "sizes[1].size": "M",
        "sizes[1].stock": "5",
      }),
      [{ name: "images", filename: "a.png", content: PNG }],
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json().product as { _id: string; name: string; slug: string; stockVersion: number };
  }

  it("dos ediciones del stock leídas en la misma versión: una se guarda y la otra recibe 409; el total es el de la ganadora", async () => {
    for (let round = 0; round < 5; round++) {
      const shirt = await createdShirt();
      const edit = (stock: string) =>
        send(
          "/product-update",
          fields({
            productId: shirt._id,
            name: shirt.name,
            stockVersion: String(shirt.stockVersion),
            "sizes[0].size": "S",
            "sizes[0].stock": stock,
            "sizes[1].size": "M",
            "sizes[1].stock": stock,
          }),
        );
      const responses = await Promise.all([edit("1"), edit("9")]);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const loser = responses.find((response) => response.statusCode === 409)!;
      expect(loser.json()).toEqual({ message: STOCK_VERSION_STALE });
      const winner = responses.find((response) => response.statusCode === 200)!.json().product as {
        stock: number;
        sizes: { stock: number }[];
      };
      const [row] = await api.db.select({ stock: products.stock }).from(products).where(eq(products.id, shirt._id));
      const sizes = await api.db
        .select({ stock: productSizes.stock })
        .from(productSizes)
        .where(eq(productSizes.productId, shirt._id));
      expect(row!.stock).toBe(winner.stock);
      expect(sizes.reduce((sum, size) => sum + size.stock, 0)).toBe(winner.stock);
      expect([2, 18]).toContain(winner.stock);
      const edits = await api.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, shirt._id));
      expect(edits.filter((entry) => entry.action === "producto.editar")).toHaveLength(1);
    }
  });

  it("dos renombres a la vez se guardan uno tras otro: el slug sigue al nombre final y el historial guarda los anteriores", async () => {
    const shirt = await createdShirt();
    const rename = (name: string) =>
      send("/product-update", fields({ productId: shirt._id, name, "sizes[0].size": "S", "sizes[1].size": "M" }));
    const suffix = randomUUID().slice(0, 6);
    const responses = await Promise.all([rename(`Camiseta Alfa ${suffix}`), rename(`Camiseta Beta ${suffix}`)]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const [row] = await api.db
      .select({ name: products.name, slug: products.slug })
      .from(products)
      .where(eq(products.id, shirt._id));
    expect(row!.slug).toBe(row!.name.toLowerCase().replaceAll(" ", "-"));
    const history = (
      await api.db
        .select({ slug: productSlugHistory.slug })
        .from(productSlugHistory)
        .where(eq(productSlugHistory.productId, shirt._id))
    ).map((entry) => entry.slug);
    const other = row!.slug === `camiseta-alfa-${suffix}` ? `camiseta-beta-${suffix}` : `camiseta-alfa-${suffix}`;
    expect(history.sort()).toEqual([shirt.slug, other].sort());
    // Both old addresses lead to the product.
    for (const slug of history) {
      const page = await api.app.inject({ method: "GET", url: `/home/get-product/${slug}` });
      expect(page.json().redirectSlug).toBe(row!.slug);
    }
  });

  it("una venta y una edición de stock a la vez no se pisan: la venta termina primero o la edición ve la versión nueva (409)", async () => {
    for (let round = 0; round < 5; round++) {
      const shirt = await createdShirt();
      const buyer = await signedInUser(api.db);
      await putInCart(api.db, buyer.id, shirt._id, 2, "S");
      const [sale, edit] = await Promise.all([
        placeOrder(api.app, buyer),
        send(
          "/product-update",
          fields({
            productId: shirt._id,
            name: shirt.name,
            stockVersion: String(shirt.stockVersion),
            "sizes[0].size": "S",
            "sizes[0].stock": "20",
            "sizes[1].size": "M",
            "sizes[1].stock": "5",
          }),
        ),
      ]);
      expect(sale.statusCode, sale.body).toBe(201);
      expect([200, 409]).toContain(edit.statusCode);
      const [size] = await api.db
        .select({ stock: productSizes.stock })
        .from(productSizes)
        .where(eq(productSizes.productId, shirt._id))
        .orderBy(productSizes.position);
      // The edit won before the sale (20 - 2), or the sale made the edit stale (5 - 2): never a lost sale.
      expect(size!.stock).toBe(edit.statusCode === 200 ? 18 : 3);
      const [row] = await api.db.select({ stock: products.stock }).from(products).where(eq(products.id, shirt._id));
      expect(row!.stock).toBe(size!.stock + 5);
    }
  });

  it("renombrar mientras se vende: ambas cosas se hacen, sin interbloqueos", async () => {
    for (let round = 0; round < 5; round++) {
      const shirt = await createdShirt();
      const buyer = await signedInUser(api.db);
      await putInCart(api.db, buyer.id, shirt._id, 1, "M");
      const [sale, rename] = await Promise.all([
        placeOrder(api.app, buyer),
        send(
          "/product-update",
          fields({ productId: shirt._id, name: `${shirt.name} Pro`, "sizes[0].size": "S", "sizes[1].size": "M" }),
        ),
      ]);
      expect(sale.statusCode, sale.body).toBe(201);
      expect(rename.statusCode, rename.body).toBe(200);
      const [row] = await api.db
        .select({ slug: products.slug, stock: products.stock })
        .from(products)
        .where(eq(products.id, shirt._id));
      expect(row).toEqual({ slug: `${shirt.slug}-pro`, stock: 9 });
    }
  });

  it("borrar mientras se vende: o la venta va antes y el producto se archiva, o el producto ya no está; nunca un error", async () => {
    for (let round = 0; round < 6; round++) {
      const shirt = await createdShirt();
      const buyer = await signedInUser(api.db);
      await putInCart(api.db, buyer.id, shirt._id, 1, "S");
      const [sale, removal] = await Promise.all([
        placeOrder(api.app, buyer),
        api.app.inject({ method: "DELETE", url: `/delete-product/${shirt._id}`, headers: seller.headers }),
      ]);
      expect(removal.statusCode, removal.body).toBe(200);
      const [row] = await api.db
        .select({ archivedAt: products.archivedAt })
        .from(products)
        .where(eq(products.id, shirt._id));
      if (sale.statusCode === 201) {
        expect(removal.json().archived).toBe(true);
        expect(row!.archivedAt).not.toBeNull();
      } else {
        expect([400, 409]).toContain(sale.statusCode);
        expect(removal.json().archived).toBe(false);
        expect(row).toBeUndefined();
      }
    }
  });
});
