import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { USER_ALREADY_BLOCKED } from "#contract/admin-users";
import { auditLog, cartItems, orders, shopOrders, shops } from "../../api/src/db/schema";
import { buyersWithInCart, useTwoShops } from "./notifications-support";
import { placeOrder, putInCart, signedInUser, type Customer } from "./orders-support";
import { insertOwnBalls, insertUser } from "./support";

/**
 * Blocks on a real PostgreSQL under concurrent work (issue 35, decision 0051): the user's row lock
 * (and their shop's) decides whether an order being placed commits before a block or is refused,
 * and of several admins blocking at once one block happens, with one audit entry.
 */
describe("bloqueos de usuarios a la vez en PostgreSQL", () => {
  const suite = useTwoShops({ engine: "PostgreSQL", poolSize: 30 });
  const { api } = suite;
  let admins: Customer[];

  beforeAll(async () => {
    admins = await Promise.all(Array.from({ length: 6 }, () => signedInUser(api.db, "admin")));
  });

  const block = (admin: Customer, userId: string) =>
    api.app.inject({
      method: "POST",
      url: `/admin/users/${userId}/block`,
      headers: admin.headers,
      payload: { reason: "Compras fraudulentas." },
    });
  const balls = () =>
    insertOwnBalls(api.db, suite.catalogue, `pelotas-carrera-${randomUUID().slice(0, 8)}`, { stock: 1000 });

  it("un bloqueo que corre con el pedido del propio usuario: el pedido entra antes o se rechaza entero", async () => {
    const product = await balls();
    const buyers = await buyersWithInCart(api.db, 12, [product.id]);
    const results = await Promise.all(
      buyers.map(async (buyer, index) => {
        const [order, blocked] = await Promise.all([
          placeOrder(api.app, buyer),
          block(admins[index % admins.length]!, buyer.id),
        ]);
        return { buyer, order, blocked };
      }),
    );
    for (const { buyer, order, blocked } of results) {
      expect(blocked.statusCode, blocked.body).toBe(200);
      const placed = await api.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, buyer.id));
      const cart = await api.db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, buyer.id));
      if (order.statusCode === 201) {
        // Committed before the block: the order is whole and the cart was emptied by it.
        expect(placed.map((row) => row.id)).toEqual([order.json().orderId]);
        expect(cart).toEqual([]);
      } else {
        // The block came first: nothing of the order was written.
        expect(order.statusCode, order.body).toBe(401);
        expect(placed).toEqual([]);
        expect(cart).toHaveLength(1);
      }
    }
  });

  it("bloquear al vendedor mientras otros compran su producto: cada pedido entra antes o se rechaza", async () => {
    const owner = await insertUser(api.db, { name: "Vendedor en carrera", role: "seller" });
    const smash = suite.catalogue.shops.smash;
    const previousOwner = (
      await api.db.select({ ownerId: shops.ownerId }).from(shops).where(eq(shops.id, smash.id))
    )[0]!.ownerId;
    await api.db.update(shops).set({ ownerId: owner.id }).where(eq(shops.id, smash.id));
    const product = await insertOwnBalls(api.db, suite.catalogue, `pelotas-smash-${randomUUID().slice(0, 8)}`, {
      shopId: smash.id,
      stock: 1000,
    });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => signedInUser(api.db)));
    for (const buyer of buyers) await putInCart(api.db, buyer.id, product.id, 1);
    const [blocked, ...responses] = await Promise.all([
      block(admins[0]!, owner.id),
      ...buyers.map((buyer) => placeOrder(api.app, buyer)),
    ]);
    expect(blocked.statusCode, blocked.body).toBe(200);
    for (const response of responses) expect([201, 409]).toContain(response.statusCode);
    const placed = responses.filter((response) => response.statusCode === 201).length;
    const parts = await api.db.select({ id: shopOrders.id }).from(shopOrders).where(eq(shopOrders.shopId, smash.id));
    // Every order that answered 201 has its part in the shop, and none slipped in after the block.
    expect(parts).toHaveLength(placed);
    const [shop] = await api.db.select({ status: shops.status }).from(shops).where(eq(shops.id, smash.id));
    expect(shop!.status).toBe("suspendida");
    const after = await signedInUser(api.db);
    await putInCart(api.db, after.id, product.id, 1);
    expect((await placeOrder(api.app, after)).statusCode).toBe(409);
    await api.db
      .update(shops)
      .set({ ownerId: previousOwner, status: "aprobada", statusReason: null })
      .where(eq(shops.id, smash.id));
  });

  it("seis admins que bloquean a la vez al mismo usuario: un bloqueo, una entrada de auditoría", async () => {
    const person = await signedInUser(api.db);
    const responses = await Promise.all(admins.map((admin) => block(admin, person.id)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const refused of responses.filter((response) => response.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: USER_ALREADY_BLOCKED });
    }
    const entries = await api.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, person.id), eq(auditLog.entity, "usuario")));
    expect(entries).toEqual([{ action: "usuario.bloquear" }]);
  });
});
