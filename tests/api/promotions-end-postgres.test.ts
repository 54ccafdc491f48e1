import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { couponRedemptions, coupons, orders, walletEntries } from "../../api/src/db/schema";
import { placeOrder, putCouponOnCart, putInCart, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, insertOwnBalls, useTestApi, type Catalogue } from "./support";

/**
 * An admin ends a store coupon while orders use it, on a real PostgreSQL (issue 35): the coupon's row
 * lock, taken by every order that uses it and by the ending, puts each order wholly before the end
 * (it keeps its discount) or after it (refused); none gets the coupon once the end has committed.
 */
describe("la administración termina un cupón mientras se hacen pedidos, en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 30 });
  let catalogue: Catalogue;
  let admin: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admin = await signedInUser(api.db, "admin");
  });

  async function storeCoupon(code: string) {
    const created = await api.app.inject({
      method: "POST",
      url: "/admin/coupons",
      headers: admin.headers,
      payload: {
        code,
        kind: "porcentaje",
        value: 10,
        validFrom: "2024-01-01",
        validUntil: "2099-12-31",
        maxUses: 1000,
        maxUsesPerCustomer: 1,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
  }

  /** `count` buyers, each with a tube of the suite's own balls and the coupon on the cart. */
  async function buyersWith(code: string, slug: string, count: number): Promise<Customer[]> {
    const product = await insertOwnBalls(api.db, catalogue, slug, {
      shopId: catalogue.shops.smash.id,
      price: 2_000,
      stock: 100,
    });
    const buyers = await Promise.all(Array.from({ length: count }, () => signedInUser(api.db)));
    for (const buyer of buyers) {
      await putInCart(api.db, buyer.id, product.id, 1);
      await putCouponOnCart(api.db, buyer.id, code);
    }
    return buyers;
  }

  const endCoupon = (code: string) =>
    api.app.inject({ method: "POST", url: `/admin/coupons/${code}/end`, headers: admin.headers });

  const refusal = (code: string) => `El cupón ${code} ya no está disponible. Quítalo del carrito para continuar.`;

  /** The orders that carry the coupon, with their discount, and its stored uses. */
  async function usesOf(code: string) {
    const withCoupon = await api.db
      .select({ id: orders.id, discount: orders.discount })
      .from(orders)
      .where(eq(orders.couponCode, code));
    const redemptions = await api.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponCode, code));
    const [coupon] = await api.db.select().from(coupons).where(eq(coupons.code, code));
    return { withCoupon, redemptions, usedCount: coupon!.usedCount, endedAt: coupon!.endedAt };
  }

  /** Sessions of this database waiting for a lock, as PostgreSQL reports them. */
  async function lockWaiters(): Promise<number> {
    const rows = await api.db.execute<{ waiting: number }>(
      sql`select count(*)::integer as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    return rows.rows[0]!.waiting;
  }

  async function untilLockWaiters(atLeast: number) {
    await expect.poll(lockWaiters, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(atLeast);
  }

  it("doce pedidos y el fin a la vez: cada pedido va entero antes del fin o es rechazado después", async () => {
    await storeCoupon("FIN-CARRERA");
    const buyers = await buyersWith("FIN-CARRERA", "pelotas-fin-carrera", 12);
    const [responses, ended] = await Promise.all([
      Promise.all(buyers.map((buyer) => placeOrder(api.app, buyer))),
      endCoupon("FIN-CARRERA"),
    ]);
    expect(ended.statusCode, ended.body).toBe(200);
    const placed = responses.filter((response) => response.statusCode === 201);
    for (const refused of responses.filter((response) => response.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(refusal("FIN-CARRERA"));
    }
    const uses = await usesOf("FIN-CARRERA");
    expect(uses.endedAt).not.toBeNull();
    // Every order placed carries the coupon whole, and its use is counted once.
    expect(uses.withCoupon.map((order) => order.id).sort()).toEqual(
      placed.map((response) => response.json().orderId as string).sort(),
    );
    for (const order of uses.withCoupon) expect(order.discount).toBe(200);
    expect(uses.usedCount).toBe(placed.length);
    expect(uses.redemptions).toHaveLength(placed.length);
    // Once the end has committed, nobody orders with it.
    const [late] = await buyersWith("FIN-CARRERA", "pelotas-fin-tarde", 1);
    const lateOrder = await placeOrder(api.app, late!);
    expect(lateOrder.statusCode).toBe(409);
    expect(lateOrder.json().message).toBe(refusal("FIN-CARRERA"));
    expect((await usesOf("FIN-CARRERA")).withCoupon).toHaveLength(placed.length);
  });

  it("un pedido que tiene el cupón bloqueado conserva su descuento; los que llegan tras el fin son rechazados", async () => {
    await storeCoupon("FIN-EN-COLA");
    const [first, ...others] = await buyersWith("FIN-EN-COLA", "pelotas-fin-en-cola", 7);
    // An order in flight holds the coupon's row: the end waits for it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = api.db.transaction(async (tx) => {
      await tx.execute(sql`select code from coupons where code = 'FIN-EN-COLA' for update`);
      locked();
      await held;
    });
    await lockTaken;
    const ending = endCoupon("FIN-EN-COLA");
    await untilLockWaiters(1);
    // The orders come after the end asked for the coupon: each waits behind it (on the coupon, or on
    // the product or shop an order ahead of it holds). All of them must be waiting before the holder
    // lets go: one still on its way could otherwise take the coupon between the holder and the end.
    const ordering = Promise.all(others.map((buyer) => placeOrder(api.app, buyer)));
    await untilLockWaiters(1 + others.length);
    release();
    await holder;
    const [ended, responses] = await Promise.all([ending, ordering]);
    expect(ended.statusCode, ended.body).toBe(200);
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(refusal("FIN-EN-COLA"));
    }
    expect((await usesOf("FIN-EN-COLA")).withCoupon).toHaveLength(0);

    // An order placed before the end keeps what it took off: the first buyer's, placed on a twin coupon.
    await storeCoupon("FIN-ANTES");
    await api.db.execute(sql`update cart_coupons set coupon_code = 'FIN-ANTES' where user_id = ${first!.id}`);
    const before = await placeOrder(api.app, first!);
    expect(before.statusCode, before.body).toBe(201);
    expect((await endCoupon("FIN-ANTES")).statusCode).toBe(200);
    const [kept] = await api.db
      .select({ discount: orders.discount, couponCode: orders.couponCode })
      .from(orders)
      .where(eq(orders.id, before.json().orderId as string));
    expect(kept).toEqual({ discount: 200, couponCode: "FIN-ANTES" });
  });

  it("termina un voucher mientras doce clientes lo canjean: cada canje es anterior al fin o se rechaza", async () => {
    const created = await api.app.inject({
      method: "POST",
      url: "/admin/vouchers",
      headers: admin.headers,
      payload: { code: "VALE-CARRERA", amount: 500, expiresOn: "2099-12-31" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => signedInUser(api.db)));
    const redeem = (shopper: Customer) =>
      api.app.inject({
        method: "POST",
        url: "/wallet/voucher/redeem",
        headers: shopper.headers,
        payload: { code: "VALE-CARRERA" },
      });
    const [ended, ...redeemed] = await Promise.all([
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return api.app.inject({ method: "POST", url: "/admin/vouchers/VALE-CARRERA/end", headers: admin.headers });
      })(),
      ...shoppers.map(redeem),
    ]);
    expect(ended.statusCode, ended.body).toBe(200);
    const statuses = redeemed.map((answer) => answer.statusCode);
    expect(
      statuses.every((status) => status === 200 || status === 400),
      statuses.join(),
    ).toBe(true);
    // The end's answer counts exactly the credits that committed before it; none came after.
    const credited = statuses.filter((status) => status === 200).length;
    expect(ended.json().voucher.redemptions).toBe(credited);
    const [entries] = await api.db
      .select({ total: sql<number>`count(*)::integer` })
      .from(walletEntries)
      .where(sql`starts_with(${walletEntries.reference}, 'voucher:VALE-CARRERA:')`);
    expect(entries!.total).toBe(credited);
  });
});
