import { count, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HomeCategoriesAnswer, QueryProductsAnswer } from "#contract/catalog";
import type { CategoryWriteAnswer } from "#contract/categories";
import { auditLog, categories, products } from "../../api/src/db/schema";
import { postgresAvailable } from "../support/postgres";
import { placedOrderId, putInCart, signedInAs, signedInUser, type Customer } from "./orders-support";
import { fieldParts, multipart, type Part } from "./shop-support";
import {
  createTestApi,
  insertCatalogue,
  insertCategory,
  insertOwnBalls,
  insertProduct,
  useTestApi,
  type Catalogue,
  type FileApi,
  type TestApi,
} from "./support";

/**
 * Categories on a real PostgreSQL (issue 11): many admins writing at once meet the names' lock (one
 * category of several alike, one audit entry), and two API instances on one database, each caching
 * the catalogue for 30 s, both show a change on the next request (LISTEN/NOTIFY), a sale's stock included.
 */
describe.runIf(postgresAvailable())("categorías en PostgreSQL", () => {
  // Room in the image queue for every admin's upload at once: the names' lock is what is tested here.
  const api = useTestApi({
    engine: "PostgreSQL",
    poolSize: 30,
    config: { catalogueCacheSeconds: 30, imageQueue: { concurrency: 2, waiting: 10 } },
  });
  /** A second API instance on the same database. */
  let other: TestApi;
  let catalogue: Catalogue;
  let admins: Customer[];
  let photo: Buffer;

  beforeAll(async () => {
    other = await createTestApi({ databaseUrl: api.databaseUrl, poolSize: 5, config: { catalogueCacheSeconds: 30 } });
    catalogue = await insertCatalogue(api.db);
    admins = await Promise.all(Array.from({ length: 8 }, () => signedInUser(api.db, "admin")));
    photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#1f63b0" } })
      .png()
      .toBuffer();
  });

  afterAll(async () => {
    await other?.close();
  });

  const send = (target: FileApi, method: "POST" | "PUT", url: string, admin: Customer, parts: Part[]) => {
    const body = multipart(parts);
    return target.app.inject({ method, url, headers: { ...admin.headers, ...body.headers }, payload: body.payload });
  };
  const image: Part = { name: "image", filename: "categoria.png", content: Buffer.alloc(0), type: "image/png" };
  const withImage = (): Part => ({ ...image, content: photo });
  const statuses = (responses: { statusCode: number }[]) =>
    responses.reduce<Record<number, number>>(
      (tally, response) => ({ ...tally, [response.statusCode]: (tally[response.statusCode] ?? 0) + 1 }),
      {},
    );
  const homeSlugs = async (target: FileApi) =>
    ((await target.app.inject({ url: "/home/get-categorys" })).json() as HomeCategoriesAnswer).categorys.map(
      (category) => category.slug,
    );
  const listing = async (target: FileApi, slug: string) =>
    ((await target.app.inject({ url: `/home/query-products?category=${slug}` })).json() as QueryProductsAnswer)
      .totalProduct;

  const adminCall = (admin: Customer, method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    api.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

  /** Until `check` holds on the other instance (its notification arrives within milliseconds), at most two seconds. */
  async function eventually(check: () => Promise<boolean>): Promise<boolean> {
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  it("ocho admins que crean a la vez categorías de nombre igual (mayúsculas y acentos aparte) dan una sola, con una entrada de auditoría", async () => {
    const names = ["Cordajes", "CORDAJES", "Cordajés", "cordajes", "  Cordajes ", "CÓRDAJES", "Cordajes", "cordajés"];
    const responses = await Promise.all(
      admins.map((admin, index) =>
        send(api, "POST", "/category-add", admin, [...fieldParts({ name: names[index]! }), withImage()]),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: 1, 409: 7 });
    for (const refused of responses.filter((response) => response.statusCode === 409))
      expect(refused.json().errors[0].field).toBe("name");
    const rows = await api.db.select().from(categories).where(eq(categories.slug, "cordajes"));
    expect(rows).toHaveLength(1);
    const [entries] = await api.db.select({ total: count() }).from(auditLog).where(eq(auditLog.entityId, rows[0]!.id));
    expect(entries!.total).toBe(1);
  });

  it("dos categorías renombradas a la vez con el mismo nombre: una lo consigue y la otra se rechaza junto al nombre", async () => {
    const [first, second] = await Promise.all([
      send(
        api,
        "PUT",
        `/category-update/${catalogue.categories.pelotas.id}`,
        admins[0]!,
        fieldParts({ name: "Bolas de Pádel" }),
      ),
      send(
        api,
        "PUT",
        `/category-update/${catalogue.categories.ropa.id}`,
        admins[1]!,
        fieldParts({ name: "Bolas de Padel" }),
      ),
    ]);
    expect(statuses([first, second])).toEqual({ 200: 1, 409: 1 });
    expect((first.statusCode === 409 ? first : second).json().errors[0].field).toBe("name");
    expect(await api.db.select().from(categories).where(eq(categories.slug, "bolas-de-padel"))).toHaveLength(1);
  });

  it("otra instancia de la API, con su copia en caché, muestra el alta y el cambio de nombre en la siguiente petición", async () => {
    // Both instances have read (and cached) the categories before the writes.
    expect(await homeSlugs(other)).not.toContain("overgrips");
    expect(await listing(other, "zapatillas")).toBe(3);

    const added = await send(api, "POST", "/category-add", admins[2]!, [
      ...fieldParts({ name: "Overgrips" }),
      withImage(),
    ]);
    expect(added.statusCode).toBe(201);
    // Shoppers are offered a category once it holds a product: the admin moves some there.
    const overgrips = (added.json() as CategoryWriteAnswer).category._id;
    const moved = await adminCall(
      admins[2]!,
      "POST",
      `/admin/categories/${catalogue.categories.ropa.id}/move-products`,
      {
        toCategoryId: overgrips,
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await eventually(async () => (await homeSlugs(other)).includes("overgrips"))).toBe(true);

    const renamed = await send(
      api,
      "PUT",
      `/category-update/${catalogue.categories.zapatillas.id}`,
      admins[2]!,
      fieldParts({ name: "Calzado" }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(await eventually(async () => (await homeSlugs(other)).includes("calzado"))).toBe(true);
    expect(await listing(other, "calzado")).toBe(3);
    expect(await listing(other, "zapatillas")).toBe(3);
  });

  it("una venta hecha en una instancia llega a la página del listado que la otra guardaba", async () => {
    const balls = await insertOwnBalls(api.db, catalogue, "pelotas-venta-entre-instancias", { stock: 5 });
    const stockShown = async (target: FileApi) => {
      const answer = (
        await target.app.inject({ url: "/home/query-products?category=pelotas&sortByDate=newest" })
      ).json() as QueryProductsAnswer;
      return answer.products.find((product) => product._id === balls.id)?.stock;
    };
    expect(await stockShown(other)).toBe(5);
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, balls.id, 3);
    await placedOrderId(api.app, customer);
    expect(await eventually(async () => (await stockShown(other)) === 2)).toBe(true);
    expect(await eventually(async () => (await stockShown(api)) === 2)).toBe(true);
  });
  it("borrar una categoría mientras un vendedor le añade un producto: o se borra y el producto se rechaza con 409, o el producto entra y no se borra", async () => {
    const seller = await signedInAs(catalogue.owner.id, "seller");
    for (let round = 0; round < 5; round++) {
      const empty = await insertCategory(api.db, {
        name: `Vacía ${round}`,
        slug: `vacia-${round}`,
        position: 50 + round,
      });
      const body = multipart([
        ...fieldParts({
          name: `Muñequeras ${round}`,
          categoryId: empty.id,
          brand: "Head",
          price: "4,50",
          discount: "0",
          color: "Negro",
          tag: "Novedad",
          description: "Par de muñequeras de rizo para jugar al pádel.",
          lowStockThreshold: "0",
          stock: "3",
        }),
        { name: "images", filename: "foto.png", content: photo, type: "image/png" },
      ]);
      const [added, deleted] = await Promise.all([
        api.app.inject({
          method: "POST",
          url: "/product-add",
          headers: { ...seller.headers, ...body.headers },
          payload: body.payload,
        }),
        adminCall(admins[round % admins.length]!, "DELETE", `/admin/categories/${empty.id}`),
      ]);
      const outcome = [added.statusCode, deleted.statusCode];
      const [row] = await api.db.select({ id: categories.id }).from(categories).where(eq(categories.id, empty.id));
      if (deleted.statusCode === 200) {
        // Refused before its write (the category was already gone) or by the database's key (gone meanwhile).
        expect(
          [
            [400, 200],
            [409, 200],
          ],
          `${added.body} ${deleted.body}`,
        ).toContainEqual(outcome);
        expect(row).toBeUndefined();
      } else {
        expect(outcome, `${added.body} ${deleted.body}`).toEqual([201, 409]);
        expect(row).toBeDefined();
      }
    }
  });

  it("dos admins que mueven a la vez los productos de dos categorías en sentidos opuestos no se bloquean: todos acaban juntos", async () => {
    const left = await insertCategory(api.db, { name: "Izquierda", slug: "izquierda", position: 80 });
    const right = await insertCategory(api.db, { name: "Derecha", slug: "derecha", position: 81 });
    for (const [index, categoryId] of [left.id, left.id, right.id].entries())
      await insertProduct(api.db, {
        shopId: catalogue.shops.centro.id,
        categoryId,
        name: `Grip ${index}`,
        slug: `grip-cruce-${index}`,
        brand: "Head",
        price: 300,
        color: "Blanco",
        tag: "Novedad",
      });
    const [toRight, toLeft] = await Promise.all([
      adminCall(admins[0]!, "POST", `/admin/categories/${left.id}/move-products`, { toCategoryId: right.id }),
      adminCall(admins[1]!, "POST", `/admin/categories/${right.id}/move-products`, { toCategoryId: left.id }),
    ]);
    expect(statuses([toRight, toLeft])[500]).toBeUndefined();
    const where = await api.db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(inArray(products.categoryId, [left.id, right.id]));
    expect(where).toHaveLength(3);
    expect(new Set(where.map((row) => row.categoryId)).size).toBe(1);
  });
});
