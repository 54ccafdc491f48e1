import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { couponRedemptions, coupons, shopOrders } from "../../api/src/db/schema";
import { useTwoShops } from "./notifications-support";
import { placeOrder, putCouponOnCart, putInCart, signedInUser } from "./orders-support";
import { insertOwnBalls } from "./support";

/**
 * A shop's own coupons under concurrent orders on a real PostgreSQL (issue 34): the coupon's row
 * lock, taken by every order that uses it and by its seller's writes, decides who gets the last
 * use, how often one customer uses it, and whether an order comes before or after its ending.
 */
describe("cupones de tienda con pedidos a la vez en PostgreSQL", () => {
  const suite = useTwoShops({ engine: "PostgreSQL", poolSize: 30 });
  const { api } = suite;

  async function smashCoupon(code: string, maxUses: number, maxUsesPerCustomer: number) {
    const created = await api.app.inject({
      method: "POST",
      url: "/seller/coupons",
      headers: suite.sellers.smash.headers,
      payload: {
        code,
        kind: "porcentaje",
        value: 10,
        validFrom: "2024-01-01",
        validUntil: "2099-12-31",
        maxUses,
        maxUsesPerCustomer,
        minSubtotal: 0,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
  }

  const smashBalls = (slug: string) =>
    insertOwnBalls(api.db, suite.catalogue, slug, { shopId: suite.catalogue.shops.smash.id, price: 2_000, stock: 100 });

  /** The parts that carry the coupon, and its stored count of uses. */
  async function usesOf(code: string) {
    const parts = await api.db
      .select({ orderId: shopOrders.orderId, discount: shopOrders.discount, total: shopOrders.total })
      .from(shopOrders)
      .where(eq(shopOrders.couponCode, code));
    const redemptions = await api.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponCode, code));
    const [coupon] = await api.db.select().from(coupons).where(eq(coupons.code, code));
    return { parts, redemptions, usedCount: coupon!.usedCount, endedAt: coupon!.endedAt };
  }

  it("un cupón de 3 usos y 10 pedidos a la vez: exactamente 3 pedidos lo llevan", async () => {
    await smashCoupon("TRES-USOS", 3, 1);
    const product = await smashBalls("pelotas-tres-usos");
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signedInUser(api.db)));
    for (const buyer of buyers) {
      await putInCart(api.db, buyer.id, product.id, 1);
      await putCouponOnCart(api.db, buyer.id, "TRES-USOS");
    }
    const responses = await Promise.all(buyers.map((buyer) => placeOrder(api.app, buyer)));
    const placed = responses.filter((response) => response.statusCode === 201);
    expect(placed).toHaveLength(3);
    for (const refused of responses.filter((response) => response.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        "El cupón TRES-USOS ya no está disponible. Quítalo del carrito para continuar.",
      );
    }
    const uses = await usesOf("TRES-USOS");
    expect(uses.usedCount).toBe(3);
    expect(uses.redemptions).toHaveLength(3);
    expect(uses.parts.map((part) => part.orderId).sort()).toEqual(
      placed.map((response) => response.json().orderId as string).sort(),
    );
    for (const part of uses.parts) expect(part).toMatchObject({ discount: 200, total: 2_000 - 200 + 500 });
  });

  it("un mismo cliente con pedidos a la vez no pasa de sus usos por cliente", async () => {
    await smashCoupon("DOS-POR-CLIENTE", 100, 2);
    const buyer = await signedInUser(api.db);
    // Five lines, five orders of one line each at once: the lines do not lock each other, the coupon does.
    const lineIds: string[] = [];
    for (let index = 0; index < 5; index++)
      lineIds.push(await putInCart(api.db, buyer.id, (await smashBalls(`pelotas-por-cliente-${index}`)).id, 1));
    await putCouponOnCart(api.db, buyer.id, "DOS-POR-CLIENTE");
    const responses = await Promise.all(lineIds.map((lineId) => placeOrder(api.app, buyer, { items: [lineId] })));
    for (const response of responses) {
      expect([201, 409], response.body).toContain(response.statusCode);
      if (response.statusCode === 409)
        expect(response.json().message).toBe(
          "Ya usaste este cupón las 2 veces que permite. Quita el cupón DOS-POR-CLIENTE del carrito para continuar.",
        );
    }
    const uses = await usesOf("DOS-POR-CLIENTE");
    // An order that read the cart after one using the coupon left it goes through without it.
    expect(uses.redemptions.length).toBeGreaterThanOrEqual(1);
    expect(uses.redemptions.length).toBeLessThanOrEqual(2);
    expect(uses.redemptions.every((use) => use.userId === buyer.id)).toBe(true);
    expect(uses.usedCount).toBe(uses.redemptions.length);
    expect(uses.parts).toHaveLength(uses.redemptions.length);
  });

  it("el vendedor termina el cupón mientras se hacen pedidos: cada pedido va antes o después, entero", async () => {
    await smashCoupon("TERMINA-YA", 100, 1);
    const product = await smashBalls("pelotas-termina-ya");
    const buyers = await Promise.all(Array.from({ length: 12 }, () => signedInUser(api.db)));
    for (const buyer of buyers) {
      await putInCart(api.db, buyer.id, product.id, 1);
      await putCouponOnCart(api.db, buyer.id, "TERMINA-YA");
    }
    const [responses, ended] = await Promise.all([
      Promise.all(buyers.map((buyer) => placeOrder(api.app, buyer))),
      api.app.inject({ method: "POST", url: "/seller/coupons/TERMINA-YA/end", headers: suite.sellers.smash.headers }),
    ]);
    expect(ended.statusCode, ended.body).toBe(200);
    const placed = responses.filter((response) => response.statusCode === 201);
    for (const refused of responses.filter((response) => response.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        "El cupón TERMINA-YA ya no está disponible. Quítalo del carrito para continuar.",
      );
    }
    const uses = await usesOf("TERMINA-YA");
    expect(uses.endedAt).not.toBeNull();
    // Every order placed carries the coupon (none half-discounted), and its use is counted once.
    expect(uses.parts.map((part) => part.orderId).sort()).toEqual(
      placed.map((response) => response.json().orderId as string).sort(),
    );
    expect(uses.usedCount).toBe(placed.length);
    expect(uses.redemptions).toHaveLength(placed.length);
    // After the ending, nobody orders with it.
    const late = await signedInUser(api.db);
    await putInCart(api.db, late.id, product.id, 1);
    await putCouponOnCart(api.db, late.id, "TERMINA-YA");
    expect((await placeOrder(api.app, late)).statusCode).toBe(409);
    const withCoupon = await api.db
      .select({ id: shopOrders.id })
      .from(shopOrders)
      .where(and(eq(shopOrders.couponCode, "TERMINA-YA"), isNotNull(shopOrders.orderId)));
    expect(withCoupon).toHaveLength(placed.length);
    expect(
      await api.db
        .select({ id: shopOrders.id })
        .from(shopOrders)
        .where(
          inArray(
            shopOrders.orderId,
            placed.map((response) => response.json().orderId as string),
          ),
        ),
    ).toHaveLength(placed.length);
  });
});
