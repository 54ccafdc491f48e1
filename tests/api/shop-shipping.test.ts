import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN } from "#contract/messages";
import { formatUsd } from "#contract/money-format";
import { SHIPPING_FEE_MISSING } from "#contract/shop-shipping";
import { shopSuspendedNoWrites } from "#contract/shops";
import { auditLog, shopOrders, shops } from "../../api/src/db/schema";
import { splitShopOwners, type TwoSellers } from "./notifications-support";
import { placedOrderId, putInCart, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, insertOwnBalls, useTestApi, type Catalogue } from "./support";

/**
 * Issue 34, a shop's own shipping: Tienda Smash charges its own fee, free from a subtotal of its part;
 * Centro Pádel keeps the store's rule (500 per shop, free from 10 000 of the whole order, support.ts).
 */
describe("envío propio de cada tienda", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let sellers: TwoSellers;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = await splitShopOwners(api.db, catalogue);
  });

  const save = (caller: Customer, payload: unknown) =>
    api.app.inject({
      method: "PUT",
      url: "/seller/shipping",
      headers: caller.headers,
      payload: payload as Record<string, unknown>,
    });
  const read = (caller: Customer) =>
    api.app.inject({ method: "GET", url: "/seller/shipping", headers: caller.headers });
  const resetSmash = () =>
    api.db
      .update(shops)
      .set({ shippingFee: null, freeShippingFrom: null })
      .where(eq(shops.id, catalogue.shops.smash.id));

  /** A customer with one unit of a new Smash product at `smashPrice` and one of a Centro one at 1 000. */
  async function cartOfTwoShops(slug: string, smashPrice: number) {
    const smash = await insertOwnBalls(api.db, catalogue, `${slug}-smash`, {
      shopId: catalogue.shops.smash.id,
      price: smashPrice,
      stock: 20,
    });
    const centro = await insertOwnBalls(api.db, catalogue, `${slug}-centro`, { price: 1_000, stock: 20 });
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, smash.id, 1);
    await putInCart(api.db, customer.id, centro.id, 1);
    return customer;
  }

  const cartOf = async (customer: Customer) => {
    const response = await api.app.inject({
      method: "GET",
      url: `/home/product/get-card-product/${customer.id}`,
      headers: customer.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  const partsOf = async (orderId: string) =>
    Object.fromEntries(
      (
        await api.db
          .select({ shopId: shopOrders.shopId, shippingFee: shopOrders.shippingFee, total: shopOrders.total })
          .from(shopOrders)
          .where(eq(shopOrders.orderId, orderId))
      ).map((part) => [part.shopId === catalogue.shops.smash.id ? "smash" : "centro", part]),
    );

  it("sin tarifa propia la tienda sigue la regla general, y el vendedor la ve", async () => {
    const answer = await read(sellers.smash);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      mode: "tienda",
      shippingFee: null,
      freeShippingFrom: null,
      store: { shippingFee: 500, freeShippingThreshold: 10_000 },
    });
  });

  it("la tarifa propia se cobra en el carrito y en el pedido, y es gratis desde su importe", async () => {
    const saved = await save(sellers.smash, { mode: "propia", shippingFee: 700, freeShippingFrom: 5_000 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: "Envío guardado.",
      shipping: { mode: "propia", shippingFee: 700, freeShippingFrom: 5_000 },
    });
    try {
      // Below Smash's threshold: 700 for Smash, the store's 500 for Centro (the whole order is under 10 000).
      const below = await cartOfTwoShops("envio-bajo", 4_000);
      const cart = await cartOf(below);
      const fees = Object.fromEntries(
        cart.card_products.map((group: { shopName: string; shipping_fee: number }) => [
          group.shopName,
          group.shipping_fee,
        ]),
      );
      expect(fees).toEqual({ "Tienda Smash": 700, "Centro Pádel": 500 });
      expect(cart.shipping_fee).toBe(1_200);
      const orderId = await placedOrderId(api.app, below);
      const parts = await partsOf(orderId);
      expect(parts.smash).toMatchObject({ shippingFee: 700, total: 4_700 });
      expect(parts.centro).toMatchObject({ shippingFee: 500, total: 1_500 });

      // From Smash's threshold on, its part ships free; Centro still pays the store's fee.
      const above = await cartOfTwoShops("envio-alto", 5_000);
      expect((await cartOf(above)).shipping_fee).toBe(500);
      const freeParts = await partsOf(await placedOrderId(api.app, above));
      expect(freeParts.smash!.shippingFee).toBe(0);
      expect(freeParts.centro!.shippingFee).toBe(500);
    } finally {
      await resetSmash();
    }
  });

  it("volver a la regla general borra la tarifa propia, y cada cambio queda auditado", async () => {
    expect((await save(sellers.smash, { mode: "propia", shippingFee: 0 })).statusCode).toBe(200);
    const back = await save(sellers.smash, { mode: "tienda", shippingFee: 900 });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().shipping).toMatchObject({ mode: "tienda", shippingFee: null, freeShippingFrom: null });
    const entries = await api.db
      .select({ before: auditLog.before, after: auditLog.after, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.action, "tienda.envio"), eq(auditLog.entityId, catalogue.shops.smash.id)))
      .orderBy(auditLog.createdAt);
    expect(entries.slice(-2)).toEqual([
      {
        actorId: sellers.smash.id,
        before: { shippingFee: null, freeShippingFrom: null },
        after: { shippingFee: 0, freeShippingFrom: null },
      },
      {
        actorId: sellers.smash.id,
        before: { shippingFee: 0, freeShippingFrom: null },
        after: { shippingFee: null, freeShippingFrom: null },
      },
    ]);
  });

  it("rechaza una tarifa que falta o no vale, con el mensaje en español, y no cambia nada", async () => {
    const cases: [unknown, string][] = [
      [{ mode: "propia" }, SHIPPING_FEE_MISSING],
      [{ mode: "propia", shippingFee: -1 }, "La tarifa no puede ser negativa."],
      [{ mode: "propia", shippingFee: 100_001 }, `La tarifa no puede superar ${formatUsd(100_000)}.`],
      [
        { mode: "propia", shippingFee: 500, freeShippingFrom: 0 },
        "El envío gratis debe empezar en un importe mayor que cero.",
      ],
      [{ mode: "gratis" }, "Elige si usas la tarifa general o una propia."],
    ];
    for (const [payload, message] of cases) {
      const refused = await save(sellers.smash, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect((await read(sellers.smash)).json().mode).toBe("tienda");
  });

  it("solo un vendedor con su tienda vendiendo cambia su envío", async () => {
    const customer = await signedInUser(api.db);
    expect((await save(customer, { mode: "propia", shippingFee: 100 })).json()).toEqual({ message: FORBIDDEN });
    expect((await read(customer)).statusCode).toBe(403);
    await api.db
      .update(shops)
      .set({ status: "suspendida", statusReason: "Documentación caducada." })
      .where(eq(shops.id, catalogue.shops.smash.id));
    try {
      const refused = await save(sellers.smash, { mode: "propia", shippingFee: 100 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(shopSuspendedNoWrites("Documentación caducada."));
    } finally {
      await api.db
        .update(shops)
        .set({ status: "aprobada", statusReason: null })
        .where(eq(shops.id, catalogue.shops.smash.id));
    }
  });
});
