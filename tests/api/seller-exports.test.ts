import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FORBIDDEN } from "#contract/messages";
import { VALID_UNTIL_BEFORE_FROM } from "#contract/promotions";
import { EXPORT_FROM_MISSING, EXPORT_RANGE_TOO_LONG } from "#contract/seller-exports";
import { productSizes, products, shopOrders } from "../../api/src/db/schema";
import { useTwoShops } from "./notifications-support";
import { placedOrderId, putInCart, signedInUser, type Customer } from "./orders-support";
import { insertOwnBalls } from "./support";

/**
 * Issue 34, a seller's CSV downloads: the rows the web writes as files. Always the caller's own
 * shop; the orders' days are the store's (Madrid), both ends included.
 */
describe("descargas CSV del vendedor", () => {
  const suite = useTwoShops({});
  const get = (caller: Customer, url: string) => suite.api.app.inject({ method: "GET", url, headers: caller.headers });

  it("el catálogo trae todos los productos de la tienda (cualquier estado, sin archivados) con tallas y stock", async () => {
    const { api, catalogue, sellers } = suite;
    const draft = await insertOwnBalls(api.db, catalogue, "exportar-borrador", {
      shopId: catalogue.shops.smash.id,
      price: 1_999,
      stock: 0,
    });
    const archived = await insertOwnBalls(api.db, catalogue, "exportar-archivado", {
      shopId: catalogue.shops.smash.id,
    });
    await api.db.update(products).set({ state: "borrador", hasSizes: true }).where(eq(products.id, draft.id));
    await api.db.insert(productSizes).values([
      { productId: draft.id, size: "M", stock: 2, position: 0 },
      { productId: draft.id, size: "L", stock: 3, position: 1 },
    ]);
    await api.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived.id));

    const response = await get(sellers.smash, "/seller/export/products");
    expect(response.statusCode, response.body).toBe(200);
    const exported = response.json().products as { _id: string; state: string; sizes: unknown; price: number }[];
    const ids = exported.map((row) => row._id);
    expect(ids).toContain(draft.id);
    expect(ids).not.toContain(archived.id);
    expect(exported.find((row) => row._id === draft.id)).toMatchObject({
      state: "borrador",
      price: 1_999,
      sizes: [
        { size: "M", stock: 2 },
        { size: "L", stock: 3 },
      ],
    });
    const smashProducts = await api.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.shopId, catalogue.shops.smash.id)));
    expect(exported).toHaveLength(smashProducts.length - 1);

    // The other shop's seller gets only their own.
    const centro = (await get(sellers.centro, "/seller/export/products")).json().products as { _id: string }[];
    expect(centro.map((row) => row._id)).not.toContain(draft.id);
    expect(centro.length).toBeGreaterThan(0);
  });

  it("los pedidos de un rango de días de la tienda (hora de Madrid), solo la parte de la tienda, con sus líneas", async () => {
    const { api, catalogue, sellers } = suite;
    const smash = await insertOwnBalls(api.db, catalogue, "exportar-pedido-smash", {
      shopId: catalogue.shops.smash.id,
      price: 2_000,
      stock: 10,
    });
    const centro = await insertOwnBalls(api.db, catalogue, "exportar-pedido-centro", { price: 3_000, stock: 10 });
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, smash.id, 2);
    await putInCart(api.db, customer.id, centro.id, 1);
    const orderId = await placedOrderId(api.app, customer);
    // 23:30 UTC on 9 March 2026 is 00:30 on the 10th in Madrid: it belongs to the 10th.
    await api.db
      .update(shopOrders)
      .set({ createdAt: new Date("2026-03-09T23:30:00Z") })
      .where(eq(shopOrders.orderId, orderId));

    const tenth = await get(sellers.smash, "/seller/export/orders?from=2026-03-10&to=2026-03-10");
    expect(tenth.statusCode, tenth.body).toBe(200);
    const [part, ...others] = tenth.json().orders;
    expect(others).toEqual([]);
    expect(part).toMatchObject({
      createdAt: "2026-03-09T23:30:00.000Z",
      lines: [{ name: smash.name, size: null, quantity: 2 }],
      subtotal: 4_000,
      itemsCount: 2,
      payment_status: "sin_pagar",
      delivery_status: "pendiente",
    });
    expect(part.sellerNet).toBe(part.total - part.commission);
    expect((await get(sellers.smash, "/seller/export/orders?from=2026-03-01&to=2026-03-09")).json().orders).toEqual([]);
    // Centro's part of the same order is Centro's only.
    const centroParts = (await get(sellers.centro, "/seller/export/orders?from=2026-03-10&to=2026-03-10")).json()
      .orders as { lines: { name: string }[] }[];
    expect(centroParts.map((row) => row.lines.map((line) => line.name))).toEqual([[centro.name]]);
    const parts = await api.db
      .select()
      .from(shopOrders)
      .where(inArray(shopOrders.orderId, [orderId]));
    expect(parts).toHaveLength(2);
  });

  it("rechaza días que faltan o no valen, rangos al revés o de más de un año, y a quien no es vendedor", async () => {
    const { api, sellers } = suite;
    const refusals: [string, string, string][] = [
      ["to=2026-03-10", "from", EXPORT_FROM_MISSING],
      ["from=2026-02-30&to=2026-03-10", "from", "Escribe una fecha válida (día, mes y año)."],
      ["from=2026-03-10&to=2026-03-09", "to", VALID_UNTIL_BEFORE_FROM],
      ["from=2025-01-01&to=2026-01-02", "to", EXPORT_RANGE_TOO_LONG],
    ];
    for (const [query, field, message] of refusals) {
      const response = await get(sellers.smash, `/seller/export/orders?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors, query).toContainEqual({ field, message });
    }
    expect((await get(sellers.smash, "/seller/export/orders?from=2025-01-01&to=2025-12-31")).statusCode).toBe(200);
    for (const role of ["customer", "admin"] as const) {
      const caller = await signedInUser(api.db, role);
      for (const url of ["/seller/export/products", "/seller/export/orders?from=2026-03-10&to=2026-03-10"]) {
        const response = await get(caller, url);
        expect(response.statusCode, `${role} ${url}`).toBe(403);
        expect(response.json().message).toBe(FORBIDDEN);
      }
    }
    expect((await api.app.inject({ method: "GET", url: "/seller/export/products" })).statusCode).toBe(401);
  });
});
