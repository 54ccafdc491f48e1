import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN } from "#contract/messages";
import { formatUsd } from "#contract/money-format";
import { shopCouponBelowMinimum, shopCouponWithoutLines } from "#contract/coupons";
import { SHOP_COUPON_CODE_TAKEN } from "#contract/shop-coupons";
import { shopSuspendedNoWrites } from "#contract/shops";
import {
  auditLog,
  cartCoupons,
  coupons,
  couponRedemptions,
  shopOrders,
  shops,
  walletEntries,
} from "../../api/src/db/schema";
import { promotionAuditId } from "../../api/src/modules/promotions/service";
import { payFromWallet, splitShopOwners, type TwoSellers } from "./notifications-support";
import {
  applyCoupon,
  getOrder,
  makeOverdue,
  placedOrderId,
  placeOrder,
  putInCart,
  signedInUser,
  type Customer,
} from "./orders-support";
import { insertCatalogue, insertOwnBalls, useTestApi, type Catalogue } from "./support";

/**
 * Issue 34, a shop's own coupons: Tienda Smash's seller creates them; the cart's one coupon field takes
 * them beside the store's; the coupon takes off Smash's products only (never the shipping), the
 * store's coupon what is left; Smash bears it (its part's total and commission are on the discounted
 * subtotal); a cancelled part gives back what was paid for it. Shipping: 500 a shop under 10 000 of
 * the whole order (support.ts); commission 5 %.
 */
describe("cupones propios de cada tienda", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let sellers: TwoSellers;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = await splitShopOwners(api.db, catalogue);
  });

  const terms = {
    kind: "porcentaje",
    value: 10,
    validFrom: "2024-01-01",
    validUntil: "2099-12-31",
    maxUses: 100,
    maxUsesPerCustomer: 1,
    minSubtotal: 0,
  };
  const create = (caller: Customer, payload: Record<string, unknown>) =>
    api.app.inject({ method: "POST", url: "/seller/coupons", headers: caller.headers, payload });
  const update = (caller: Customer, code: string, payload: Record<string, unknown>) =>
    api.app.inject({ method: "PUT", url: `/seller/coupons/${code}`, headers: caller.headers, payload });
  const end = (caller: Customer, code: string) =>
    api.app.inject({ method: "POST", url: `/seller/coupons/${code}/end`, headers: caller.headers });
  const preview = async (customer: Customer) => {
    const response = await api.app.inject({ method: "GET", url: "/home/coupon", headers: customer.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  async function smashCoupon(code: string, overrides: Record<string, unknown> = {}) {
    const created = await create(sellers.smash, { ...terms, code, ...overrides });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().coupon;
  }

  /** A customer with `smashUnits` of a new Smash product at 2 000 and one new Centro one at 3 000. */
  async function cartOfTwoShops(slug: string, smashUnits = 1, withCentro = true) {
    const smash = await insertOwnBalls(api.db, catalogue, `${slug}-smash`, {
      shopId: catalogue.shops.smash.id,
      price: 2_000,
      stock: 50,
    });
    const centro = await insertOwnBalls(api.db, catalogue, `${slug}-centro`, { price: 3_000, stock: 50 });
    const customer = await signedInUser(api.db);
    if (smashUnits > 0) await putInCart(api.db, customer.id, smash.id, smashUnits);
    if (withCentro) await putInCart(api.db, customer.id, centro.id, 1);
    return { customer, smash, centro };
  }

  const partsOf = async (orderId: string) =>
    Object.fromEntries(
      (await api.db.select().from(shopOrders).where(eq(shopOrders.orderId, orderId))).map((part) => [
        part.shopId === catalogue.shops.smash.id ? "smash" : "centro",
        part,
      ]),
    );

  it("el vendedor crea, lista y edita sus cupones; cada escritura queda auditada", async () => {
    const coupon = await smashCoupon("SMASH10");
    expect(coupon).toMatchObject({ code: "SMASH10", kind: "porcentaje", value: 10, usedCount: 0, state: "activo" });
    const listed = await api.app.inject({ method: "GET", url: "/seller/coupons", headers: sellers.smash.headers });
    expect(listed.json().coupons.map((row: { code: string }) => row.code)).toContain("SMASH10");
    // Centro's seller sees none of Smash's, and cannot touch them.
    const centroList = await api.app.inject({ method: "GET", url: "/seller/coupons", headers: sellers.centro.headers });
    expect(centroList.json().coupons).toEqual([]);
    expect((await update(sellers.centro, "SMASH10", { ...terms, value: 50 })).statusCode).toBe(404);
    expect((await end(sellers.centro, "SMASH10")).statusCode).toBe(404);

    const edited = await update(sellers.smash, "SMASH10", { ...terms, value: 15, maxUsesPerCustomer: 2 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().coupon).toMatchObject({ value: 15, maxUsesPerCustomer: 2 });
    await update(sellers.smash, "SMASH10", terms);
    const entries = await api.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.entityId, promotionAuditId("cupon", "SMASH10")))
      .orderBy(auditLog.createdAt);
    expect(entries).toEqual([
      { action: "cupon.crear", actorId: sellers.smash.id },
      { action: "cupon.editar", actorId: sellers.smash.id },
      { action: "cupon.editar", actorId: sellers.smash.id },
    ]);
    // The admin's promotions list keeps to the store's coupons.
    const admin = await signedInUser(api.db, "admin");
    const promotions = await api.app.inject({ method: "GET", url: "/admin/promotions", headers: admin.headers });
    if (promotions.statusCode === 200)
      expect(promotions.json().coupons.map((row: { code: string }) => row.code)).not.toContain("SMASH10");
  });

  it("rechaza códigos repetidos (también los de la tienda), datos que no valen y a quien no es vendedor", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...terms, code: "AHORRA20" }, SHOP_COUPON_CODE_TAKEN],
      [{ ...terms, code: "MAL" }, "El código lleva de 4 a 20 letras sin tilde, números o guiones."],
      [{ ...terms, code: "VALE-91", value: 91 }, "El porcentaje va de 1 a 90."],
      [
        { ...terms, code: "VALE-0", kind: "importe", value: 0 },
        `El importe va de ${formatUsd(1)} a ${formatUsd(100_000)}.`,
      ],
      [
        { ...terms, code: "FECHAS-MAL", validFrom: "2026-05-02", validUntil: "2026-05-01" },
        "El último día no puede ser anterior al primero.",
      ],
      [
        { ...terms, code: "USOS-MAL", maxUses: 2, maxUsesPerCustomer: 3 },
        "Los usos por cliente no pueden superar los usos en total.",
      ],
    ];
    for (const [payload, message] of cases) {
      const refused = await create(sellers.smash, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().message, JSON.stringify(payload)).toBe(message);
    }
    const customer = await signedInUser(api.db);
    expect((await create(customer, { ...terms, code: "CLIENTE1" })).json()).toEqual({ message: FORBIDDEN });
    await api.db
      .update(shops)
      .set({ status: "suspendida", statusReason: "Documentación caducada." })
      .where(eq(shops.id, catalogue.shops.smash.id));
    try {
      const refused = await create(sellers.smash, { ...terms, code: "SUSPENDIDA" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(shopSuspendedNoWrites("Documentación caducada."));
    } finally {
      await api.db
        .update(shops)
        .set({ status: "aprobada", statusReason: null })
        .where(eq(shops.id, catalogue.shops.smash.id));
    }
  });

  it("descuenta solo las líneas de su tienda, nunca el envío; la tienda asume el descuento y su comisión", async () => {
    await smashCoupon("SMASH-PARTE");
    const { customer } = await cartOfTwoShops("cupon-parte", 2);
    const applied = await applyCoupon(api.app, customer, "smash-parte");
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ message: "Cupón aplicado.", shopName: "Tienda Smash" });
    // The store's coupon too: 20 % of what is left after Smash's 10 %.
    expect((await applyCoupon(api.app, customer, "AHORRA20")).statusCode).toBe(200);
    const cart = await preview(customer);
    expect(cart.shopCoupons).toEqual([
      expect.objectContaining({ code: "SMASH-PARTE", shopName: "Tienda Smash", discount: 400 }),
    ]);
    expect(cart.shopDiscount).toBe(400);
    expect(cart.discount).toBe(Math.round((7_000 - 400) * 0.2));

    const orderId = await placedOrderId(api.app, customer);
    const parts = await partsOf(orderId);
    expect(parts.smash).toMatchObject({
      subtotal: 4_000,
      couponCode: "SMASH-PARTE",
      discount: 400,
      shippingFee: 500,
      total: 4_100,
      commission: 180,
    });
    expect(parts.centro).toMatchObject({
      subtotal: 3_000,
      couponCode: null,
      discount: 0,
      total: 3_500,
      commission: 150,
    });
    const order = (await getOrder(api.app, customer, orderId)).json().order;
    expect(order).toMatchObject({ subtotal: 7_000, shopDiscount: 400, discount: 1_320, shipping_fee: 1_000 });
    expect(order.price).toBe(7_000 - 400 - 1_320 + 1_000);
    expect(order.suborders.find((part: { shopName: string }) => part.shopName === "Tienda Smash")).toMatchObject({
      couponCode: "SMASH-PARTE",
      discount: 400,
      price: 4_100,
    });
    // The seller's order page shows it.
    const sellerView = await api.app.inject({
      method: "GET",
      url: `/seller/order/${parts.smash!.id}`,
      headers: sellers.smash.headers,
    });
    expect(sellerView.json().order).toMatchObject({ couponCode: "SMASH-PARTE", discount: 400, total: 4_100 });
    // Both coupons left the cart, each used once.
    expect(await api.db.select().from(cartCoupons).where(eq(cartCoupons.userId, customer.id))).toEqual([]);
    const used = await api.db
      .select({ code: couponRedemptions.couponCode })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, orderId));
    expect(used.map((row) => row.code).sort()).toEqual(["AHORRA20", "SMASH-PARTE"]);
    await api.db.execute(sql`update coupons set used_count = 0 where code = 'AHORRA20'`);
    await api.db.delete(couponRedemptions).where(eq(couponRedemptions.couponCode, "AHORRA20"));
  });

  it("un código de una tienda sin productos en el carrito, o bajo su mínimo, se rechaza con un mensaje claro", async () => {
    await smashCoupon("SMASH-MIN", { kind: "importe", value: 500, minSubtotal: 5_000 });
    const { customer: onlyCentro } = await cartOfTwoShops("cupon-sin-lineas", 0);
    const noLines = await applyCoupon(api.app, onlyCentro, "SMASH-MIN");
    expect(noLines.statusCode).toBe(409);
    expect(noLines.json().message).toBe(shopCouponWithoutLines("Tienda Smash"));

    const { customer, smash } = await cartOfTwoShops("cupon-minimo", 1);
    const below = await applyCoupon(api.app, customer, "SMASH-MIN");
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(shopCouponBelowMinimum("Tienda Smash", 5_000));
    await api.db.execute(
      sql`update cart_items set quantity = 3 where user_id = ${customer.id} and product_id = ${smash.id}`,
    );
    expect((await applyCoupon(api.app, customer, "SMASH-MIN")).statusCode).toBe(200);
    // Below the minimum again before paying: the order is refused, nothing placed.
    await api.db.execute(
      sql`update cart_items set quantity = 1 where user_id = ${customer.id} and product_id = ${smash.id}`,
    );
    expect((await preview(customer)).shopDiscount).toBe(0);
    const refused = await placeOrder(api.app, customer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("El cupón SMASH-MIN es para compras desde");
    // Removed by its code, the order goes through without it.
    const removed = await api.app.inject({
      method: "DELETE",
      url: "/home/coupon/SMASH-MIN",
      headers: customer.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await placeOrder(api.app, customer)).statusCode).toBe(201);
  });

  it("usos por cliente, un cupón terminado, y un pedido caducado devuelve su uso", async () => {
    await smashCoupon("SMASH-UNA", { kind: "importe", value: 300 });
    const first = await cartOfTwoShops("cupon-una-vez", 1, false);
    expect((await applyCoupon(api.app, first.customer, "SMASH-UNA")).statusCode).toBe(200);
    const orderId = await placedOrderId(api.app, first.customer);
    await putInCart(api.db, first.customer.id, first.smash.id, 1);
    const again = await applyCoupon(api.app, first.customer, "SMASH-UNA");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Ya usaste este cupón.");

    // The order expires unpaid: the use comes back, and the customer may use it again.
    await makeOverdue(api.db, orderId);
    await getOrder(api.app, first.customer, orderId);
    const [afterExpiry] = await api.db.select().from(coupons).where(eq(coupons.code, "SMASH-UNA"));
    expect(afterExpiry!.usedCount).toBe(0);
    expect((await applyCoupon(api.app, first.customer, "SMASH-UNA")).statusCode).toBe(200);

    // Ended by its seller: the cart that holds it cannot order with it, nobody can apply it.
    const ended = await end(sellers.smash, "SMASH-UNA");
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().coupon.state).toBe("terminado");
    const refused = await placeOrder(api.app, first.customer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "El cupón SMASH-UNA ya no está disponible. Quítalo del carrito para continuar.",
    );
    const other = await cartOfTwoShops("cupon-terminado", 1, false);
    expect((await applyCoupon(api.app, other.customer, "SMASH-UNA")).json().message).toBe(
      "Este cupón no está vigente.",
    );
    expect((await end(sellers.smash, "SMASH-UNA")).statusCode).toBe(409);
    expect(
      await api.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(
          and(eq(auditLog.action, "cupon.terminar"), eq(auditLog.entityId, promotionAuditId("cupon", "SMASH-UNA"))),
        ),
    ).toHaveLength(1);
  });

  it("cancelar la parte pagada devuelve lo que el cliente pagó por ella y el uso del cupón", async () => {
    await smashCoupon("SMASH-DEVOLVER", { value: 25 });
    const { customer } = await cartOfTwoShops("cupon-devolver", 2);
    expect((await applyCoupon(api.app, customer, "SMASH-DEVOLVER")).statusCode).toBe(200);
    const orderId = await placedOrderId(api.app, customer);
    await payFromWallet(api.app, api.db, customer, orderId);
    const parts = await partsOf(orderId);
    // 4 000 - 25 % + 500 shipping = 3 500 paid for Smash's part; Smash is credited 3 500 - 5 % of 3 000.
    expect(parts.smash).toMatchObject({ discount: 1_000, total: 3_500, commission: 150 });
    const credit = await api.db
      .select({ amount: walletEntries.amount })
      .from(walletEntries)
      .where(eq(walletEntries.reference, `venta:${parts.smash!.id}`));
    expect(credit).toEqual([{ amount: 3_350 }]);

    const cancelled = await api.app.inject({
      method: "PUT",
      url: `/seller/order-status/update/${parts.smash!.id}`,
      headers: sellers.smash.headers,
      payload: { status: "cancelado" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refund = await api.db
      .select({ amount: walletEntries.amount })
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, customer.id), sql`${walletEntries.reference} like 'reembolso:%'`));
    expect(refund).toEqual([{ amount: 3_500 }]);
    const reversal = await api.db
      .select({ amount: walletEntries.amount })
      .from(walletEntries)
      .where(eq(walletEntries.reference, `anulacion:${parts.smash!.id}`));
    expect(reversal).toEqual([{ amount: -3_350 }]);
    const order = (await getOrder(api.app, customer, orderId)).json().order;
    expect(order).toMatchObject({ subtotal: 3_000, shopDiscount: 0, shipping_fee: 500, price: 3_500 });
    const [coupon] = await api.db.select().from(coupons).where(eq(coupons.code, "SMASH-DEVOLVER"));
    expect(coupon!.usedCount).toBe(0);
  });
});
