import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HomeCategoriesAnswer, QueryProductsAnswer } from "#contract/catalog";
import { auditLog, categories } from "../../api/src/db/schema";
import { postgresAvailable } from "../support/postgres";
import { placedOrderId, putInCart, signedInUser, type Customer } from "./orders-support";
import { fieldParts, multipart, type Part } from "./shop-support";
import {
  createTestApi,
  insertCatalogue,
  insertOwnBalls,
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
});
