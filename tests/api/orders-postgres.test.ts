import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { coupons, orderPayments, orders, walletEntries } from "../../api/src/db/schema";
import { insertCatalogue, insertOwnBalls, useTestApi, type Catalogue } from "./support";
import {
  creditWallet,
  placedOrderId,
  placeOrder,
  putCouponOnCart,
  putInCart,
  signedInUser,
  stockOf,
  type Customer,
} from "./orders-support";

/**
 * The same API on a real PostgreSQL, with many requests at once: row locks and conditional
 * updates, not luck, decide who gets the last unit, the last coupon use and the one payment.
 */
describe("pedidos concurrentes en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 40 });
  let catalogue: Catalogue;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
  });

  async function customers(count: number): Promise<Customer[]> {
    return Promise.all(Array.from({ length: count }, () => signedInUser(api.db)));
  }

  /** Dear enough (15 000) for the wallet sums below and free shipping. */
  const newProduct = (slug: string, stock: number) => insertOwnBalls(api.db, catalogue, slug, { stock, price: 15_000 });

  const statuses = (responses: { statusCode: number }[]) =>
    responses.reduce<Record<number, number>>(
      (count, response) => ({ ...count, [response.statusCode]: (count[response.statusCode] ?? 0) + 1 }),
      {},
    );

  it("50 pedidos a la vez por la última unidad dan un solo pedido y stock 0", async () => {
    const product = await newProduct("pelotas-ultima-unidad", 1);
    const buyers = await customers(50);
    for (const buyer of buyers) await putInCart(api.db, buyer.id, product.id, 1);

    const responses = await Promise.all(buyers.map((buyer) => placeOrder(api.app, buyer)));
    expect(statuses(responses)).toEqual({ 201: 1, 409: 49 });
    for (const response of responses.filter((response) => response.statusCode === 409)) {
      expect(response.json()).toEqual({ message: "No hay stock suficiente de «Pelotas pelotas-ultima-unidad»." });
    }
    expect(await stockOf(api.db, product.id)).toBe(0);
    const placed = await api.db.execute<{ count: number }>(
      sql`select count(*)::integer as count from order_items where product_id = ${product.id}`,
    );
    expect(placed.rows[0]!.count).toBe(1);
  });

  it("20 pedidos a la vez con un cupón de un solo uso dan un solo descuento", async () => {
    const product = await newProduct("pelotas-cupon-unico", 100);
    await api.db.update(coupons).set({ maxUses: 1, usedCount: 0 }).where(eq(coupons.code, "REGALO50"));
    const buyers = await customers(20);
    for (const buyer of buyers) {
      await putInCart(api.db, buyer.id, product.id, 1);
      await putCouponOnCart(api.db, buyer.id, "REGALO50");
    }

    const responses = await Promise.all(buyers.map((buyer) => placeOrder(api.app, buyer)));
    expect(statuses(responses)).toEqual({ 201: 1, 409: 19 });
    const discounted = await api.db
      .select({ discount: orders.discount })
      .from(orders)
      .where(eq(orders.couponCode, "REGALO50"));
    expect(discounted).toEqual([{ discount: 5000 }]);
    const [coupon] = await api.db
      .select({ usedCount: coupons.usedCount })
      .from(coupons)
      .where(eq(coupons.code, "REGALO50"));
    expect(coupon!.usedCount).toBe(1);
    expect(await stockOf(api.db, product.id)).toBe(99);
  });

  it("pagar el mismo pedido muchas veces a la vez cobra una sola vez", async () => {
    const product = await newProduct("pelotas-pago-unico", 10);
    const [buyer] = await customers(1);
    await putInCart(api.db, buyer!.id, product.id, 1);
    const orderId = await placedOrderId(api.app, buyer!);
    await creditWallet(api.db, buyer!.id, 100_000);

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        api.app.inject({
          method: "POST",
          url: index % 2 === 0 ? "/payment/wallet" : "/payment/card",
          headers: buyer!.headers,
          payload: { orderId, cardNumber: "4242424242424242", expiry: "12/30", cvc: "123", holder: "Lucía Pérez" },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 20 });
    expect(await api.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId))).toHaveLength(1);
    const debits = await api.db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.reference, `pago:${orderId}`));
    expect(debits.length).toBeLessThanOrEqual(1);
    const balance = await api.db.execute<{ balance: number }>(
      sql`select sum(amount)::integer as balance from wallet_entries where user_id = ${buyer!.id}`,
    );
    expect(balance.rows[0]!.balance).toBe(100_000 - 15_000 * debits.length);
  });

  it("dos pedidos pagados a la vez con saldo para uno solo: uno se paga, el otro no", async () => {
    const product = await newProduct("pelotas-saldo-justo", 10);
    const [buyer] = await customers(1);
    const orderIds: string[] = [];
    for (let index = 0; index < 2; index++) {
      await putInCart(api.db, buyer!.id, product.id, 1);
      orderIds.push(await placedOrderId(api.app, buyer!));
    }
    await creditWallet(api.db, buyer!.id, 15_000);

    const responses = await Promise.all(
      orderIds.map((orderId) =>
        api.app.inject({ method: "POST", url: "/payment/wallet", headers: buyer!.headers, payload: { orderId } }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 400: 1 });
    const balance = await api.db.execute<{ balance: number }>(
      sql`select sum(amount)::integer as balance from wallet_entries where user_id = ${buyer!.id}`,
    );
    expect(balance.rows[0]!.balance).toBe(0);
  });

  it("10 cancelaciones a la vez de un pedido pagado lo reembolsan una sola vez", async () => {
    const product = await newProduct("pelotas-cancelada", 5);
    const [buyer] = await customers(1);
    const admin = await signedInUser(api.db, "admin");
    await putInCart(api.db, buyer!.id, product.id, 1);
    const orderId = await placedOrderId(api.app, buyer!);
    await creditWallet(api.db, buyer!.id, 100_000);
    expect(
      (await api.app.inject({ method: "POST", url: "/payment/wallet", headers: buyer!.headers, payload: { orderId } }))
        .statusCode,
    ).toBe(200);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.app.inject({
          method: "PUT",
          url: `/admin/order-status/update/${orderId}`,
          headers: admin.headers,
          payload: { status: "cancelado" },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 409: 9 });
    const balance = await api.db.execute<{ balance: number }>(
      sql`select sum(amount)::integer as balance from wallet_entries where user_id = ${buyer!.id}`,
    );
    expect(balance.rows[0]!.balance).toBe(100_000);
    expect(await stockOf(api.db, product.id)).toBe(5);
  });
});
