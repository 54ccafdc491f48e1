import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  COMMISSION_OVERRIDE_NOT_FOUND,
  COMMISSION_RATE_INVALID,
  categoryCommissionSaved,
  commissionOverrideRemoved,
  shopCommissionSaved,
  storeCommissionSaved,
  type CommissionOverview,
} from "#contract/commission";
import { FORBIDDEN } from "#contract/messages";
import type { SellerOrderAnswer } from "#contract/seller-orders";
import { auditLog, orderItems, shopOrders } from "../../api/src/db/schema";
import { orderWithOffer, placedOrderId, putInCart, signedInAs, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";

/**
 * The store's commission (issue 35, decision 0059) on PGlite: only admins set it; a shop's rate wins
 * over its product's category's, which wins over the store's; each order line keeps the rate it was
 * placed with, so a change applies to later orders only (an accepted offer included); every change
 * is audited, and the same rate again writes nothing.
 */
describe("comisión de la tienda, por tienda y por categoría (PGlite)", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let admin: Customer;
  let centroSeller: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admin = await signedInUser(api.db, "admin");
    centroSeller = await signedInAs(catalogue.owner.id, "seller");
  });

  const call = (who: Customer, method: "GET" | "PUT" | "DELETE", url: string, payload?: object) =>
    api.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const overview = async (): Promise<CommissionOverview> => (await call(admin, "GET", "/admin/commission")).json();
  const linesOf = async (orderId: string) =>
    api.db
      .select({ productId: orderItems.productId, commissionBp: orderItems.commissionBp, shopId: shopOrders.shopId })
      .from(orderItems)
      .innerJoin(shopOrders, eq(shopOrders.id, orderItems.shopOrderId))
      .where(eq(shopOrders.orderId, orderId))
      .orderBy(asc(orderItems.name));
  const partOf = async (orderId: string, shopId: string) =>
    (
      await api.db
        .select()
        .from(shopOrders)
        .where(and(eq(shopOrders.orderId, orderId), eq(shopOrders.shopId, shopId)))
    )[0]!;
  const product = (slug: string) => catalogue.bySlug[slug]!;

  it("solo un admin la lee y la cambia; el porcentaje se comprueba", async () => {
    for (const who of [await signedInUser(api.db), centroSeller]) {
      expect((await call(who, "GET", "/admin/commission")).json().message).toBe(FORBIDDEN);
      expect((await call(who, "PUT", "/admin/commission/store", { rateBp: 100 })).statusCode).toBe(403);
    }
    const before = await overview();
    // No admin has set it: the COMMISSION_PERCENT setting (5 %).
    expect(before.store).toEqual({ rateBp: 500, updatedAt: null, updatedBy: null });
    expect(before.choices.shops.map((shop) => shop.name)).toEqual(["Centro Pádel", "Tienda Smash"]);
    expect(before.choices.categories.map((category) => category.name)).toEqual([
      "Palas",
      "Pelotas",
      "Ropa",
      "Zapatillas",
    ]);
    for (const rateBp of [10_001, -1, 2.5, "5"]) {
      const refused = await call(admin, "PUT", "/admin/commission/store", { rateBp });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ field: "rateBp", message: COMMISSION_RATE_INVALID }]);
    }
    const unknownShop = await call(admin, "PUT", `/admin/commission/shops/${crypto.randomUUID()}`, { rateBp: 100 });
    expect([unknownShop.statusCode, unknownShop.json().message]).toEqual([404, "Tienda no encontrada."]);
    const noOverride = await call(admin, "DELETE", `/admin/commission/shops/${catalogue.shops.centro.id}`);
    expect([noOverride.statusCode, noOverride.json().message]).toEqual([404, COMMISSION_OVERRIDE_NOT_FOUND]);
  });

  it("la tienda gana a la categoría, y la categoría a la general; cada línea guarda su tasa", async () => {
    const { centro, smash } = catalogue.shops;
    const saved = [
      await call(admin, "PUT", "/admin/commission/store", { rateBp: 800 }),
      await call(admin, "PUT", `/admin/commission/categories/${catalogue.categories.palas.id}`, { rateBp: 1000 }),
      await call(admin, "PUT", `/admin/commission/shops/${smash.id}`, { rateBp: 350 }),
    ];
    expect(saved.map((answer) => answer.json().message)).toEqual([
      storeCommissionSaved(800),
      categoryCommissionSaved("Palas", 1000),
      shopCommissionSaved("Tienda Smash", 350),
    ]);
    expect(storeCommissionSaved(800)).toBe("Comisión de la tienda: 8 % en los pedidos que se hagan desde ahora.");
    const now = await overview();
    expect(now.store).toMatchObject({ rateBp: 800, updatedBy: expect.any(String) });
    expect(now.shops).toMatchObject([{ shopId: smash.id, shopName: "Tienda Smash", rateBp: 350 }]);
    expect(now.categories).toMatchObject([{ categoryName: "Palas", rateBp: 1000 }]);

    const buyer = await signedInUser(api.db);
    await putInCart(api.db, buyer.id, product("pala-bullpadel-vertex-04").id, 1); // centro, palas: 20000
    await putInCart(api.db, buyer.id, product("zapatillas-asics-gel-padel-pro-5").id, 1, "42"); // centro: 10200
    await putInCart(api.db, buyer.id, product("pala-head-delta-pro").id, 1); // smash, palas: 9000
    const orderId = await placedOrderId(api.app, buyer);
    expect(await linesOf(orderId)).toEqual([
      { productId: product("pala-bullpadel-vertex-04").id, commissionBp: 1000, shopId: centro.id },
      { productId: product("pala-head-delta-pro").id, commissionBp: 350, shopId: smash.id },
      { productId: product("zapatillas-asics-gel-padel-pro-5").id, commissionBp: 800, shopId: centro.id },
    ]);
    // 10 % of 200,00 and 8 % of 102,00; the shop's 3,5 % of 90,00.
    expect((await partOf(orderId, centro.id)).commission).toBe(2000 + 816);
    expect((await partOf(orderId, smash.id)).commission).toBe(315);

    // The seller reads each line's rate and share.
    const part = await partOf(orderId, centro.id);
    const detail: SellerOrderAnswer = (await call(centroSeller, "GET", `/seller/order/${part.id}`)).json();
    expect(detail.order.products.map((line) => [line.name, line.commissionBp, line.commission])).toEqual([
      ["Pala Bullpadel Vertex 04", 1000, 2000],
      ["Zapatillas Asics Gel Padel Pro 5", 800, 816],
    ]);

    // Taking the shop back to the general rates: the category's, then the store's.
    const removed = await call(admin, "DELETE", `/admin/commission/shops/${smash.id}`);
    expect(removed.json().message).toBe(commissionOverrideRemoved("Tienda Smash"));
    const second = await signedInUser(api.db);
    await putInCart(api.db, second.id, product("pala-head-delta-pro").id, 1);
    const secondOrder = await placedOrderId(api.app, second);
    expect((await linesOf(secondOrder)).map((line) => line.commissionBp)).toEqual([1000]);
    expect((await partOf(secondOrder, smash.id)).commission).toBe(900);
    // The first order keeps what it was placed with.
    expect((await partOf(orderId, smash.id)).commission).toBe(315);
  });

  it("un cambio vale para los pedidos de después; una oferta aceptada usa la tasa de sus líneas", async () => {
    const racket = product("pala-nox-at10-genius"); // centro, palas: 27000 at the category's 10 %
    const buyer = await signedInUser(api.db);
    const { orderId, part, offerId } = await orderWithOffer(api.app, api.db, buyer, racket.id);
    expect((await linesOf(orderId)).map((line) => line.commissionBp)).toEqual([1000]);

    await call(admin, "PUT", `/admin/commission/categories/${catalogue.categories.palas.id}`, { rateBp: 2000 });
    const accepted = await api.app.inject({
      method: "POST",
      url: "/seller/handle-seller-response/",
      headers: centroSeller.headers,
      payload: { offerId, status: "aceptada" },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [after] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, part.id));
    // The agreed price (270,00 − 10,00) at the 10 % the line was placed with, not today's 20 %.
    expect([after!.subtotal, after!.commission]).toEqual([26_000, 2600]);
  });

  it("cada cambio queda auditado; el mismo porcentaje otra vez no escribe nada", async () => {
    const { centro } = catalogue.shops;
    const entries = async () =>
      api.db
        .select({ action: auditLog.action, entity: auditLog.entity, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(and(inArray(auditLog.action, ["comision.cambiar", "comision.quitar"]), eq(auditLog.entityId, centro.id)))
        .orderBy(asc(auditLog.createdAt));
    await call(admin, "PUT", `/admin/commission/shops/${centro.id}`, { rateBp: 450 });
    await call(admin, "PUT", `/admin/commission/shops/${centro.id}`, { rateBp: 450 });
    await call(admin, "PUT", `/admin/commission/shops/${centro.id}`, { rateBp: 425 });
    await call(admin, "DELETE", `/admin/commission/shops/${centro.id}`);
    expect(await entries()).toEqual([
      { action: "comision.cambiar", entity: "tienda", before: null, after: { rateBp: 450 } },
      { action: "comision.cambiar", entity: "tienda", before: { rateBp: 450 }, after: { rateBp: 425 } },
      { action: "comision.quitar", entity: "tienda", before: { rateBp: 425 }, after: null },
    ]);
    const [storeEntry] = await api.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entity, "comision"))
      .orderBy(asc(auditLog.createdAt))
      .limit(1);
    // The store's first change says what the setting was.
    expect(storeEntry).toEqual({ before: { rateBp: 500 }, after: { rateBp: 800 } });
  });
});
