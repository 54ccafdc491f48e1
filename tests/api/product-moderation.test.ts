import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  HIDE_REASON_MISSING,
  PRODUCT_ALREADY_HIDDEN_BY_ADMIN,
  PRODUCT_HIDDEN_BY_ADMIN,
  PRODUCT_KEPT_HIDDEN,
  PRODUCT_NOT_HIDDEN_BY_ADMIN,
  PRODUCT_REVIEW_ALREADY_REQUESTED,
  PRODUCT_REVIEW_REQUESTED,
  PRODUCT_SHOWN_BY_ADMIN,
  PUBLISH_REFUSED_ADMIN_HIDDEN,
  productHiddenNotice,
  productShownNotice,
  reviewRequestedNotice,
} from "#contract/product-moderation";
import type { QueryProductsAnswer } from "#contract/catalog";
import { FORBIDDEN } from "#contract/messages";
import type { SellerProductRow, SellerProductsAnswer } from "#contract/seller-products";
import { auditLog, notifications, products } from "../../api/src/db/schema";
import { signedInAs, signedInUser, type Customer } from "./orders-support";
import { multipart } from "./shop-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";

/**
 * Products an admin hides (issue 35, decision 0053) on PGlite: the reason reaches the seller, the
 * product leaves the store at once and its seller cannot publish it again, the seller asks for a
 * review once, and an admin publishes it or keeps it hidden with a new reason; every step audited.
 */
describe("productos ocultos por la administración (PGlite)", () => {
  const api = useTestApi({ config: { catalogueCacheSeconds: 30 } });
  let catalogue: Catalogue;
  let admin: Customer;
  let seller: Customer;
  let otherSeller: Customer;
  let product: Catalogue["products"][number];

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admin = await signedInUser(api.db, "admin");
    seller = await signedInAs(catalogue.owner.id, "seller");
    otherSeller = await signedInAs(catalogue.smashOwner.id, "seller");
    product = catalogue.bySlug["pala-bullpadel-vertex-04"]!;
  });

  const post = (user: Customer, url: string, payload?: object) =>
    api.app.inject({ method: "POST", url, headers: user.headers, ...(payload ? { payload } : {}) });
  const inListing = async () =>
    ((await api.app.inject({ url: "/home/query-products?searchValue=Vertex" })).json() as QueryProductsAnswer).products
      .map((card) => card._id)
      .includes(product.id);
  const noticesOf = async (userId: string) =>
    (
      await api.db
        .select({ message: notifications.message, productId: notifications.productId })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt))
    ).filter((notice) => notice.productId === product.id);
  const adminRow = async (query: string): Promise<SellerProductRow[]> =>
    ((await api.app.inject({ url: `/products-get?${query}`, headers: admin.headers })).json() as SellerProductsAnswer)
      .products;

  it("solo un admin oculta, con un motivo; el producto sale de la tienda y su vendedor lo lee", async () => {
    expect(await inListing()).toBe(true);
    expect((await post(seller, `/admin/products/${product.id}/hide`, { reason: "x" })).json().message).toBe(FORBIDDEN);
    const empty = await post(admin, `/admin/products/${product.id}/hide`, { reason: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(HIDE_REASON_MISSING);

    const reason = "Las fotos no son del producto que se vende.";
    const hidden = await post(admin, `/admin/products/${product.id}/hide`, { reason });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ message: PRODUCT_HIDDEN_BY_ADMIN });
    expect(await inListing()).toBe(false);
    expect(await noticesOf(catalogue.owner.id)).toEqual([
      { message: productHiddenNotice("Pala Bullpadel Vertex 04", reason), productId: product.id },
    ]);
    const again = await post(admin, `/admin/products/${product.id}/hide`, { reason });
    expect([again.statusCode, again.json().message]).toEqual([409, PRODUCT_ALREADY_HIDDEN_BY_ADMIN]);

    // The admin's list finds it by its moderation; the seller's own list says why.
    expect((await adminRow("moderation=oculto_admin")).map((row) => row._id)).toEqual([product.id]);
    expect(await adminRow("moderation=revision")).toEqual([]);
    const own = (
      (
        await api.app.inject({ url: "/products-get?searchValue=Vertex", headers: seller.headers })
      ).json() as SellerProductsAnswer
    ).products[0]!;
    expect(own).toMatchObject({ state: "oculto", moderation: { reason, reviewRequestedAt: null } });
  });

  it("su vendedor no puede volver a publicarlo, ni editándolo ni en lote", async () => {
    const bulk = await post(seller, "/seller/products/bulk", { action: { kind: "publicar" }, ids: [product.id] });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().message).toBe(`«Pala Bullpadel Vertex 04»: ${PUBLISH_REFUSED_ADMIN_HIDDEN}`);
    const body = multipart([
      { name: "productId", value: product.id },
      { name: "name", value: "Pala Bullpadel Vertex 04" },
      { name: "categoryId", value: catalogue.categories.palas.id },
      { name: "brand", value: "Bullpadel" },
      { name: "price", value: "250,00" },
      { name: "discount", value: "20" },
      { name: "color", value: "Negro" },
      { name: "tag", value: "Potencia" },
      { name: "description", value: "Pala de potencia para jugadores avanzados, con núcleo firme." },
      { name: "lowStockThreshold", value: "0" },
      { name: "state", value: "publicado" },
      ...Object.entries({
        forma: "Diamante",
        peso: "360-375 g",
        balance: "Alto",
        nucleo: "EVA",
        cara: "Carbono",
        nivel: "Avanzado",
      }).map(([key, value]) => ({ name: `specs.${key}`, value })),
    ]);
    const edit = await api.app.inject({
      method: "POST",
      url: "/product-update",
      headers: { ...seller.headers, ...body.headers },
      payload: body.payload,
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json().errors).toContainEqual({ field: "state", message: PUBLISH_REFUSED_ADMIN_HIDDEN });
    const [row] = await api.db.select({ state: products.state }).from(products).where(eq(products.id, product.id));
    expect(row!.state).toBe("oculto");
  });

  it("el vendedor pide revisión una vez; el admin lo mantiene oculto con otro motivo, y luego lo publica", async () => {
    expect((await post(otherSeller, `/seller/products/${product.id}/request-review`)).statusCode).toBe(404);
    const asked = await post(seller, `/seller/products/${product.id}/request-review`);
    expect(asked.json()).toEqual({ message: PRODUCT_REVIEW_REQUESTED });
    const twice = await post(seller, `/seller/products/${product.id}/request-review`);
    expect([twice.statusCode, twice.json().message]).toEqual([409, PRODUCT_REVIEW_ALREADY_REQUESTED]);
    expect((await adminRow("moderation=revision")).map((row) => row._id)).toEqual([product.id]);
    const adminNotices = await api.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.productId, product.id)));
    expect(adminNotices).toEqual([{ message: reviewRequestedNotice("Pala Bullpadel Vertex 04", "Centro Pádel") }]);

    const kept = await post(admin, `/admin/products/${product.id}/hide`, { reason: "Falta el peso real en la ficha." });
    expect(kept.json()).toEqual({ message: PRODUCT_KEPT_HIDDEN });
    expect((await adminRow("moderation=revision")).length).toBe(0);
    await post(seller, `/seller/products/${product.id}/request-review`);

    const shown = await post(admin, `/admin/products/${product.id}/show`);
    expect(shown.json()).toEqual({ message: PRODUCT_SHOWN_BY_ADMIN });
    expect(await inListing()).toBe(true);
    expect((await noticesOf(catalogue.owner.id)).at(-1)!.message).toBe(productShownNotice("Pala Bullpadel Vertex 04"));
    const notHidden = await post(admin, `/admin/products/${product.id}/show`);
    expect([notHidden.statusCode, notHidden.json().message]).toEqual([409, PRODUCT_NOT_HIDDEN_BY_ADMIN]);
    const review = await post(seller, `/seller/products/${product.id}/request-review`);
    expect([review.statusCode, review.json().message]).toEqual([409, PRODUCT_NOT_HIDDEN_BY_ADMIN]);

    const actions = await api.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, product.id))
      .orderBy(asc(auditLog.createdAt));
    expect(actions.map((entry) => entry.action)).toEqual([
      "producto.ocultar_admin",
      "producto.pedir_revision",
      "producto.ocultar_admin",
      "producto.pedir_revision",
      "producto.mostrar_admin",
    ]);
  });
});
