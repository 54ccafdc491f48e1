import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { HomeCategoriesAnswer, QueryProductsAnswer } from "#contract/catalog";
import {
  CATEGORY_ALREADY_FIRST,
  CATEGORY_ALREADY_LAST,
  CATEGORY_DELETED,
  CATEGORY_HIDDEN,
  CATEGORY_HIDDEN_FOR_PRODUCTS,
  CATEGORY_MOVE_SPEC_SHEET,
  CATEGORY_MOVE_TARGET_SAME,
  CATEGORY_NOT_FOUND,
  CATEGORY_NOTHING_TO_MOVE,
  CATEGORY_ORDER_CHANGED,
  CATEGORY_SHOWN,
  categoryNotEmpty,
  categoryProductsMoved,
  type AdminCategory,
} from "#contract/categories";
import { auditLog, categories, products } from "../../api/src/db/schema";
import { signedInAs, signedInUser, type Customer } from "./orders-support";
import { multipart, PNG, type Part } from "./shop-support";
import { insertCatalogue, insertCategory, insertProduct, useTestApi, type Catalogue } from "./support";

/**
 * The admin's category tools (issue 35) on PGlite: the list with its counts, hiding a category from
 * shoppers (and from sellers' new products), the store's order, moving a category's products and
 * deleting an empty one, each audited; and the rule that a category without a published product is
 * offered to no shopper. The catalogue cache is on (30 s, as in production): every change shows on
 * the next request.
 */
describe("herramientas de categorías del administrador (PGlite)", () => {
  const api = useTestApi({ config: { catalogueCacheSeconds: 30 } });
  let catalogue: Catalogue;
  let admin: Customer;
  let seller: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admin = await signedInUser(api.db, "admin");
    seller = await signedInAs(catalogue.owner.id, "seller");
  });

  const call = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object) =>
    api.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const adminList = async (query = "parPage=100") => {
    const response = await call("GET", `/admin/categories?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { categorys: AdminCategory[]; totalCategory: number };
  };
  const homeSlugs = async () =>
    (
      (await api.app.inject({ method: "GET", url: "/home/get-categorys" })).json() as HomeCategoriesAnswer
    ).categorys.map((category) => category.slug);
  const listed = async (query: string) =>
    (await api.app.inject({ method: "GET", url: `/home/query-products?${query}` })).json() as QueryProductsAnswer;
  const auditActions = async (categoryId: string) =>
    (
      await api.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "categoria"), eq(auditLog.entityId, categoryId)))
        .orderBy(asc(auditLog.createdAt))
    ).map((entry) => entry.action);
  const addBalls = (categoryId: string) => {
    const body = multipart([
      ...Object.entries({
        name: `Pelotas ${crypto.randomUUID().slice(0, 8)}`,
        categoryId,
        brand: "Head",
        price: "9,90",
        discount: "0",
        color: "Amarillo",
        tag: "Novedad",
        description: "Bote de tres pelotas para entrenar en pista.",
        lowStockThreshold: "0",
        stock: "5",
      }).map(([name, value]): Part => ({ name, value })),
      { name: "images", filename: "foto.png", content: PNG, type: "image/png" },
    ]);
    return api.app.inject({
      method: "POST",
      url: "/product-add",
      headers: { ...seller.headers, ...body.headers },
      payload: body.payload,
    });
  };

  it("lista todas las categorías en el orden de la tienda, con sus productos contados", async () => {
    const { categorys, totalCategory } = await adminList();
    expect(totalCategory).toBe(4);
    expect(categorys.map((category) => [category.slug, category.products, category.hidden])).toEqual([
      ["palas", 4, false],
      ["zapatillas", 3, false],
      ["pelotas", 2, false],
      ["ropa", 1, false],
    ]);
    expect((await adminList("searchValue=ZAPA")).categorys.map((category) => category.slug)).toEqual(["zapatillas"]);
  });

  it("una categoría sin productos publicados no se ofrece a los compradores", async () => {
    const empty = await insertCategory(api.db, { name: "Accesorios", slug: "accesorios", position: 9 });
    await call("PUT", `/admin/categories/${empty.id}/visibility`, { hidden: false }); // writes nothing
    expect(await homeSlugs()).not.toContain("accesorios");
    const draft = await insertProduct(api.db, {
      shopId: catalogue.shops.centro.id,
      categoryId: empty.id,
      name: "Overgrip Borrador",
      slug: "overgrip-borrador",
      brand: "Head",
      price: 500,
      color: "Blanco",
      tag: "Novedad",
      state: "borrador",
    });
    expect(await homeSlugs()).not.toContain("accesorios");
    expect((await adminList()).categorys.find((category) => category.slug === "accesorios")).toMatchObject({
      products: 1,
      published: 0,
    });
    // Published through the seller's bulk action, which announces the change: the next request shows it.
    const published = await api.app.inject({
      method: "POST",
      url: "/seller/products/bulk",
      headers: seller.headers,
      payload: { action: { kind: "publicar" }, ids: [draft.id] },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(await homeSlugs()).toContain("accesorios");
  });

  it("ocultar una categoría la quita a los compradores y a los productos nuevos; mostrarla la devuelve", async () => {
    const { palas } = catalogue.categories;
    const hidden = await call("PUT", `/admin/categories/${palas.id}/visibility`, { hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ message: CATEGORY_HIDDEN });
    expect(await homeSlugs()).not.toContain("palas");
    expect((await listed("category=palas")).totalProduct).toBe(0);
    // Its products stay on sale.
    expect((await listed("searchValue=Vertex")).products.map((product) => product.slug)).toContain(
      "pala-bullpadel-vertex-04",
    );
    // Hiding it again writes nothing.
    expect((await call("PUT", `/admin/categories/${palas.id}/visibility`, { hidden: true })).statusCode).toBe(200);

    const refused = await addBalls(palas.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({ field: "categoryId", message: CATEGORY_HIDDEN_FOR_PRODUCTS });

    const shown = await call("PUT", `/admin/categories/${palas.id}/visibility`, { hidden: false });
    expect(shown.json()).toEqual({ message: CATEGORY_SHOWN });
    expect(await homeSlugs()).toContain("palas");
    expect(await auditActions(palas.id)).toEqual(["categoria.ocultar", "categoria.mostrar"]);
  });

  it("sube y baja una categoría un puesto, y no más allá de los extremos", async () => {
    const { palas, ropa, pelotas } = catalogue.categories;
    const up = await call("PUT", `/admin/categories/${ropa.id}/position`, { direction: "arriba" });
    expect(up.json()).toEqual({ message: CATEGORY_ORDER_CHANGED });
    expect((await adminList()).categorys.slice(0, 4).map((category) => category.slug)).toEqual([
      "palas",
      "zapatillas",
      "ropa",
      "pelotas",
    ]);
    expect(await homeSlugs()).toEqual(["palas", "zapatillas", "ropa", "pelotas", "accesorios"]);
    const first = await call("PUT", `/admin/categories/${palas.id}/position`, { direction: "arriba" });
    expect([first.statusCode, first.json().message]).toEqual([409, CATEGORY_ALREADY_FIRST]);
    const accesorios = (await adminList()).categorys.at(-1)!;
    const last = await call("PUT", `/admin/categories/${accesorios._id}/position`, { direction: "abajo" });
    expect([last.statusCode, last.json().message]).toEqual([409, CATEGORY_ALREADY_LAST]);
    const bad = await call("PUT", `/admin/categories/${pelotas.id}/position`, { direction: "lado" });
    expect(bad.statusCode).toBe(400);
    expect(await auditActions(ropa.id)).toEqual(["categoria.ordenar"]);
  });

  it("mueve todos los productos de una categoría a otra con la misma ficha, y borra solo una categoría vacía", async () => {
    const { palas, pelotas, ropa } = catalogue.categories;
    const notEmpty = await call("DELETE", `/admin/categories/${pelotas.id}`);
    expect([notEmpty.statusCode, notEmpty.json().message]).toEqual([409, categoryNotEmpty(2)]);

    const same = await call("POST", `/admin/categories/${pelotas.id}/move-products`, { toCategoryId: pelotas.id });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ field: "toCategoryId", message: CATEGORY_MOVE_TARGET_SAME }]);
    // Rackets filled in the racket sheet: they go only to a category with that sheet.
    const sheet = await call("POST", `/admin/categories/${palas.id}/move-products`, { toCategoryId: ropa.id });
    expect(sheet.statusCode).toBe(409);
    expect(sheet.json().errors).toEqual([{ field: "toCategoryId", message: CATEGORY_MOVE_SPEC_SHEET }]);

    const moved = await call("POST", `/admin/categories/${pelotas.id}/move-products`, { toCategoryId: ropa.id });
    expect(moved.json()).toEqual({ message: categoryProductsMoved(2, "Ropa") });
    const inRopa = await api.db.select({ id: products.id }).from(products).where(eq(products.categoryId, ropa.id));
    expect(inRopa).toHaveLength(3);
    const nothing = await call("POST", `/admin/categories/${pelotas.id}/move-products`, { toCategoryId: ropa.id });
    expect([nothing.statusCode, nothing.json().message]).toEqual([409, CATEGORY_NOTHING_TO_MOVE]);

    const deleted = await call("DELETE", `/admin/categories/${pelotas.id}`);
    expect(deleted.json()).toEqual({ message: CATEGORY_DELETED });
    expect(await api.db.select().from(categories).where(eq(categories.id, pelotas.id))).toEqual([]);
    const again = await call("DELETE", `/admin/categories/${pelotas.id}`);
    expect([again.statusCode, again.json().message]).toEqual([404, CATEGORY_NOT_FOUND]);
    expect(await auditActions(pelotas.id)).toEqual(["categoria.mover_productos", "categoria.borrar"]);
    expect(await homeSlugs()).not.toContain("pelotas");
  });
});
