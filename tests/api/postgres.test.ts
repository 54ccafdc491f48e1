import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../api/src/db/client";
import { categories, productSizes, products, shops, users } from "../../api/src/db/schema";
import { createTestDatabase, type TestDatabase } from "../support/postgres";

/** DATABASE_URL switches the API to a real PostgreSQL: the same migrations and rules must hold there. */
describe("PostgreSQL real", () => {
  let postgres: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    postgres = await createTestDatabase();
    database = await openDatabase({ databaseUrl: postgres.url, dataDir: ":memory:" });
    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
  });

  it("aplica las migraciones y la búsqueda sin acentos", async () => {
    const result = await database.db.execute<{ plain: string }>(sql`select f_unaccent('Núcleo de pádel') as plain`);
    expect(result.rows[0]!.plain).toBe("Nucleo de padel");
  });

  it("mantiene el stock total igual a la suma de tallas y nunca negativo", async () => {
    const db = database.db;
    const [owner] = await db.insert(users).values({ name: "Dueña", email: "duena@example.com" }).returning();
    const [shop] = await db
      .insert(shops)
      .values({
        ownerId: owner!.id,
        name: "Tienda",
        slug: "tienda",
        rif: "J-12345678-9",
        location: "Caracas",
        phone: "+58 212 555 0000",
        status: "aprobada",
      })
      .returning();
    const [category] = await db.insert(categories).values({ name: "Zapatillas", slug: "zapatillas" }).returning();
    const [shoe] = await db
      .insert(products)
      .values({
        shopId: shop!.id,
        categoryId: category!.id,
        name: "Zapatilla Prueba",
        slug: "zapatilla-prueba",
        brand: "Asics",
        description: "Prueba.",
        price: 9900,
        color: "Azul",
        tag: "Novedad",
      })
      .returning();
    await db.insert(productSizes).values([
      { productId: shoe!.id, size: "40", stock: 3 },
      { productId: shoe!.id, size: "41", stock: 2 },
    ]);
    const stockOf = async () =>
      (
        await db
          .select({ stock: products.stock })
          .from(products)
          .where(sql`${products.id} = ${shoe!.id}`)
      )[0]!.stock;
    expect(await stockOf()).toBe(5);
    await db
      .update(productSizes)
      .set({ stock: 0 })
      .where(sql`${productSizes.size} = '40'`);
    expect(await stockOf()).toBe(2);
    await expect(
      db
        .update(productSizes)
        .set({ stock: -1 })
        .where(sql`${productSizes.size} = '41'`),
    ).rejects.toThrow();
    expect(await stockOf()).toBe(2);
  });
});
