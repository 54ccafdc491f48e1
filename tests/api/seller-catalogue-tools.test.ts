import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN, PRODUCT_NOT_PUBLISHED } from "#contract/messages";
import { formatUsd } from "#contract/money-format";
import {
  BULK_NOT_YOURS,
  BULK_NOTHING_SELECTED,
  BULK_TOO_MANY,
  bulkDoneMessage,
  bulkPriceOutOfRange,
} from "#contract/seller-products";
import { auditLog, products } from "../../api/src/db/schema";
import { splitShopOwners, type TwoSellers } from "./notifications-support";
import { placedOrderId, placeOrder, putInCart, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, insertOwnBalls, useTestApi, type Catalogue } from "./support";

/**
 * Catalogue tools (issue 34) on PGlite: a product's state (only published ones reach shoppers), the
 * seller's list filtered and sorted on the API, and bulk actions, all or nothing.
 */
describe("herramientas de catálogo del vendedor (PGlite)", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let sellers: TwoSellers;
  let customer: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = await splitShopOwners(api.db, catalogue);
    customer = await signedInUser(api.db);
  });

  const get = (url: string, user?: Customer) => api.app.inject({ method: "GET", url, headers: user?.headers ?? {} });
  const bulk = (user: Customer, payload: Record<string, unknown>) =>
    api.app.inject({ method: "POST", url: "/seller/products/bulk", headers: user.headers, payload });
  const listed = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().products as { slug: string }[]).map((product) => product.slug);
  };
  const sellerList = async (query: string, user = sellers.smash) => {
    const response = await get(`/products-get?${query.includes("parPage=") ? "" : "parPage=48&"}${query}`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      products: { slug: string; state: string; price: number; stock: number }[];
      totalProduct: number;
    };
  };
  const priceOf = async (id: string) =>
    (await api.db.select({ price: products.price }).from(products).where(eq(products.id, id)))[0]!.price;

  const ownBalls = (slug: string, values: Parameters<typeof insertOwnBalls>[3] = {}) =>
    insertOwnBalls(api.db, catalogue, slug, { shopId: catalogue.shops.smash.id, stock: 10, ...values });

  describe("estado del producto", () => {
    it("un borrador y uno oculto no llegan a los compradores; uno publicado sí", async () => {
      // Letters only: PostgreSQL's text search reads a tag like «761e2d» as a number (761e2) and a
      // word, so it would not find its own product (the test failed on such a draw).
      const tag = randomUUID()
        .slice(0, 6)
        .replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)]!);
      const draft = await ownBalls(`borrador-${tag}`, { state: "borrador" });
      const hidden = await ownBalls(`oculto-${tag}`, { state: "oculto" });
      const shown = await ownBalls(`publicado-${tag}`);

      const search = await listed(`/home/query-products?searchValue=${tag}`);
      expect(search).toEqual([shown.slug]);
      const suggestions = await get(`/home/advanced-search?searchValue=${tag}`);
      expect((suggestions.json().advanced_search_prd as { slug: string }[]).map((product) => product.slug)).toEqual([
        shown.slug,
      ]);
      expect((await get(`/home/get-product/${draft.slug}`)).statusCode).toBe(404);
      expect((await get(`/home/get-product/${hidden.slug}`)).statusCode).toBe(404);
      expect((await get(`/home/get-product/${shown.slug}`)).statusCode).toBe(200);
      const shop = await listed(`/home/shop/tienda-smash?parPage=48`);
      expect(shop).toContain(shown.slug);
      expect(shop).not.toContain(draft.slug);
      expect(shop).not.toContain(hidden.slug);

      const refused = await api.app.inject({
        method: "POST",
        url: "/home/product/add-to-card",
        headers: customer.headers,
        payload: { productId: hidden.id, quantity: 1 },
      });
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 400,
        body: { message: PRODUCT_NOT_PUBLISHED },
      });

      // The seller's list shows all three with their state.
      const own = await sellerList(`searchValue=${tag}`);
      expect(own.products.map((product) => [product.slug, product.state]).sort()).toEqual(
        [
          [draft.slug, "borrador"],
          [hidden.slug, "oculto"],
          [shown.slug, "publicado"],
        ].sort(),
      );
    });

    it("un producto que deja de estar publicado no se puede pedir: el pedido lo nombra", async () => {
      // With a picture: a product without one is not published (an imported draft).
      const product = await ownBalls(`pedido-oculto-${randomUUID().slice(0, 6)}`, { imageCount: 1 });
      const buyer = await signedInUser(api.db);
      await putInCart(api.db, buyer.id, product.id, 1);
      const hide = await bulk(sellers.smash, { action: { kind: "ocultar" }, ids: [product.id] });
      expect(hide.json()).toEqual({ message: "Se actualizó 1 producto.", updated: 1, archived: 0 });
      const refused = await placeOrder(api.app, buyer);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 409,
        body: { message: `«${product.name}» ya no está a la venta: quítalo del carrito para hacer el pedido.` },
      });
      await bulk(sellers.smash, { action: { kind: "publicar" }, ids: [product.id] });
      expect((await placeOrder(api.app, buyer)).statusCode).toBe(201);
    });
  });

  describe("lista del vendedor con filtros y orden", () => {
    it("filtra por estado, stock bajo o agotado y categoría, y ordena por precio, nombre y stock", async () => {
      const tag = randomUUID().slice(0, 6);
      const soldOut = await ownBalls(`${tag}-agotada`, { stock: 0, price: 900, name: `C ${tag} agotada` });
      const low = await ownBalls(`${tag}-baja`, { stock: 2, lowStockThreshold: 3, price: 300, name: `A ${tag} baja` });
      const plenty = await ownBalls(`${tag}-llena`, {
        stock: 50,
        lowStockThreshold: 3,
        price: 600,
        name: `B ${tag} llena`,
        state: "oculto",
      });
      const slugsOf = (answer: { products: { slug: string }[] }) => answer.products.map((product) => product.slug);

      expect(slugsOf(await sellerList(`searchValue=${tag}&stock=agotado`))).toEqual([soldOut.slug]);
      expect(slugsOf(await sellerList(`searchValue=${tag}&stock=bajo`))).toEqual([low.slug]);
      expect(slugsOf(await sellerList(`searchValue=${tag}&state=oculto`))).toEqual([plenty.slug]);
      expect(slugsOf(await sellerList(`searchValue=${tag}&sort=precio`))).toEqual([
        low.slug,
        plenty.slug,
        soldOut.slug,
      ]);
      expect(slugsOf(await sellerList(`searchValue=${tag}&sort=precio_desc`))).toEqual([
        soldOut.slug,
        plenty.slug,
        low.slug,
      ]);
      expect(slugsOf(await sellerList(`searchValue=${tag}&sort=nombre`))).toEqual([
        low.slug,
        plenty.slug,
        soldOut.slug,
      ]);
      expect(slugsOf(await sellerList(`searchValue=${tag}&sort=stock`))).toEqual([soldOut.slug, low.slug, plenty.slug]);
      expect(slugsOf(await sellerList(`searchValue=${tag}&categoryId=${catalogue.categories.palas.id}`))).toEqual([]);
      expect((await sellerList(`searchValue=${tag}&categoryId=${catalogue.categories.pelotas.id}`)).totalProduct).toBe(
        3,
      );
      // Pages of one.
      const first = await sellerList(`searchValue=${tag}&sort=precio&parPage=1&page=2`);
      expect({ slugs: slugsOf(first), total: first.totalProduct }).toEqual({ slugs: [plenty.slug], total: 3 });
    });

    it("un filtro que no existe es un 400 en español", async () => {
      const response = await get("/products-get?stock=mucho&sort=azar", sellers.smash);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain("El filtro de stock no es válido.");
    });
  });

  describe("acciones en lote", () => {
    it("baja el precio un 10 %, pone un precio, un descuento, y escribe una entrada de auditoría por lote", async () => {
      const a = await ownBalls(`lote-a-${randomUUID().slice(0, 6)}`, { price: 1_000 });
      const b = await ownBalls(`lote-b-${randomUUID().slice(0, 6)}`, { price: 2_005 });
      const lowered = await bulk(sellers.smash, {
        action: { kind: "precio_porcentaje", percent: -10 },
        ids: [a.id, b.id],
      });
      expect(lowered.json()).toEqual({ message: "Se actualizaron 2 productos.", updated: 2, archived: 0 });
      expect([await priceOf(a.id), await priceOf(b.id)]).toEqual([900, 1_805]);

      await bulk(sellers.smash, { action: { kind: "precio_fijo", price: 1_500 }, ids: [a.id, b.id] });
      expect([await priceOf(a.id), await priceOf(b.id)]).toEqual([1_500, 1_500]);
      await bulk(sellers.smash, { action: { kind: "descuento", discount: 25 }, ids: [a.id] });
      const [row] = await api.db
        .select({ discount: products.discount, salePrice: products.salePrice })
        .from(products)
        .where(eq(products.id, a.id));
      expect(row).toEqual({ discount: 25, salePrice: 1_125 });

      const entries = await api.db
        .select({ reason: auditLog.reason, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.action, "producto.lote"), eq(auditLog.entityId, catalogue.shops.smash.id)));
      const priced = entries.find((entry) => entry.reason === "Cambiar el precio un porcentaje (-10 %)");
      expect(priced?.before).toMatchObject({
        products: expect.arrayContaining([expect.objectContaining({ id: a.id, price: 1_000 })]),
      });
      expect(priced?.after).toMatchObject({
        products: expect.arrayContaining([expect.objectContaining({ id: a.id, price: 900 })]),
      });
      expect(entries.map((entry) => entry.reason)).toContain(`Poner un precio (${formatUsd(1_500)})`);
    });

    it("un precio fuera de rango rechaza todo el lote, nombrando el producto, y no cambia nada", async () => {
      const cheap = await ownBalls(`lote-barata-${randomUUID().slice(0, 6)}`, { price: 1 });
      const other = await ownBalls(`lote-otra-${randomUUID().slice(0, 6)}`, { price: 5_000 });
      const refused = await bulk(sellers.smash, {
        action: { kind: "precio_porcentaje", percent: -60 },
        ids: [other.id, cheap.id],
      });
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 400,
        body: { message: bulkPriceOutOfRange(cheap.name, 0) },
      });
      expect([await priceOf(cheap.id), await priceOf(other.id)]).toEqual([1, 5_000]);
      // Above the form's maximum (200.000,00 USD): refused before anything is written.
      const dear = await ownBalls(`lote-cara-${randomUUID().slice(0, 6)}`, { price: 10_000_000 });
      const overMax = await bulk(sellers.smash, {
        action: { kind: "precio_porcentaje", percent: 1000 },
        ids: [dear.id],
      });
      expect({ status: overMax.statusCode, body: overMax.json() }).toEqual({
        status: 400,
        body: { message: bulkPriceOutOfRange(dear.name, 110_000_000) },
      });
      expect(await priceOf(dear.id)).toBe(10_000_000);
      // The maximum itself, with a discount, is a sale price the database can count (no 500).
      const atMax = await bulk(sellers.smash, { action: { kind: "precio_fijo", price: 20_000_000 }, ids: [dear.id] });
      expect(atMax.statusCode, atMax.body).toBe(200);
      const discounted = await bulk(sellers.smash, { action: { kind: "descuento", discount: 35 }, ids: [dear.id] });
      expect(discounted.statusCode, discounted.body).toBe(200);
      expect(await priceOf(dear.id)).toBe(20_000_000);
    });

    it("un id de otra tienda rechaza todo el lote: nada a medias", async () => {
      const mine = await ownBalls(`lote-mio-${randomUUID().slice(0, 6)}`, { price: 1_000 });
      const theirs = await insertOwnBalls(api.db, catalogue, `lote-ajeno-${randomUUID().slice(0, 6)}`, {
        price: 1_000,
      });
      const refused = await bulk(sellers.smash, { action: { kind: "ocultar" }, ids: [mine.id, theirs.id] });
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 404,
        body: { message: BULK_NOT_YOURS },
      });
      const states = await api.db
        .select({ state: products.state })
        .from(products)
        .where(inArray(products.id, [mine.id, theirs.id]));
      expect(states).toEqual([{ state: "publicado" }, { state: "publicado" }]);
    });

    it("nada elegido, más de 200, un cliente: rechazados", async () => {
      const none = await bulk(sellers.smash, { action: { kind: "publicar" }, ids: [] });
      expect(none.statusCode).toBe(400);
      expect(none.body).toContain(BULK_NOTHING_SELECTED);
      const many = await bulk(sellers.smash, {
        action: { kind: "publicar" },
        ids: Array.from({ length: 201 }, () => randomUUID()),
      });
      expect(many.statusCode).toBe(400);
      expect(many.body).toContain(BULK_TOO_MANY);
      const stranger = await bulk(customer, { action: { kind: "publicar" }, ids: [randomUUID()] });
      expect({ status: stranger.statusCode, body: stranger.json() }).toEqual({
        status: 403,
        body: { message: FORBIDDEN },
      });
    });

    it("eliminar archiva los que tienen pedidos y borra los demás", async () => {
      const ordered = await ownBalls(`lote-pedido-${randomUUID().slice(0, 6)}`);
      const fresh = await ownBalls(`lote-nuevo-${randomUUID().slice(0, 6)}`);
      const buyer = await signedInUser(api.db);
      await putInCart(api.db, buyer.id, ordered.id, 1);
      await placedOrderId(api.app, buyer);
      const removed = await bulk(sellers.smash, { action: { kind: "eliminar" }, ids: [ordered.id, fresh.id] });
      expect(removed.json()).toEqual({ message: bulkDoneMessage(2, 1), updated: 2, archived: 1 });
      const rows = await api.db
        .select({ id: products.id, archivedAt: products.archivedAt })
        .from(products)
        .where(inArray(products.id, [ordered.id, fresh.id]));
      expect(rows).toEqual([{ id: ordered.id, archivedAt: expect.any(Date) }]);
    });
  });
});
