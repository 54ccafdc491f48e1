import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, orderItems, orders, shopOrders } from "../../api/src/db/schema";
import { postgresAvailable } from "../support/postgres";
import { placeOrder, putInCart, signedInUser, stockOf, type Customer } from "./orders-support";
import { insertCatalogue, insertOwnBalls, useTestApi, type Catalogue } from "./support";

/**
 * A hide racing orders on a real PostgreSQL (issue 35, decision 0053): twelve shoppers order the
 * same product while an admin hides it. Every order either committed before the hide (sold, its
 * stock taken) or is refused after it; none is half-written, the stock matches the orders, and two
 * admins hiding at once leave one hiding and one audit entry.
 */
describe.runIf(postgresAvailable())("ocultar un producto mientras se pide, en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 20 });
  let catalogue: Catalogue;
  let admins: Customer[];

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admins = await Promise.all([signedInUser(api.db, "admin"), signedInUser(api.db, "admin")]);
  });

  it("cada pedido se hace antes del ocultado o se rechaza después; el stock cuadra", async () => {
    const balls = await insertOwnBalls(api.db, catalogue, "pelotas-moderadas", { stock: 50 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => signedInUser(api.db)));
    for (const buyer of buyers) await putInCart(api.db, buyer.id, balls.id, 2);
    const hide = () =>
      api.app.inject({
        method: "POST",
        url: `/admin/products/${balls.id}/hide`,
        headers: admins[0]!.headers,
        payload: { reason: "Producto retirado por una reclamación." },
      });
    const [hidden, ...answers] = await Promise.all([
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 15));
        return hide();
      })(),
      ...buyers.map((buyer) => placeOrder(api.app, buyer)),
    ]);
    expect(hidden.statusCode, hidden.body).toBe(200);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.every((status) => status === 201 || status === 409),
      statuses.join(),
    ).toBe(true);
    const placed = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().orderId);
    const sold =
      placed.length === 0
        ? []
        : await api.db
            .select({ quantity: orderItems.quantity })
            .from(orderItems)
            .innerJoin(shopOrders, eq(shopOrders.id, orderItems.shopOrderId))
            .innerJoin(orders, eq(orders.id, shopOrders.orderId))
            .where(inArray(orders.id, placed));
    expect(sold).toHaveLength(placed.length);
    expect(await stockOf(api.db, balls.id)).toBe(50 - 2 * placed.length);
    // After the hide, nobody can order it.
    const late = await signedInUser(api.db);
    await putInCart(api.db, late.id, balls.id, 1);
    expect((await placeOrder(api.app, late)).statusCode).toBe(409);
  });

  it("dos admins que ocultan a la vez: uno lo oculta y el otro recibe 409; una sola entrada de auditoría", async () => {
    const balls = await insertOwnBalls(api.db, catalogue, "pelotas-doble-ocultado", { stock: 5 });
    const answers = await Promise.all(
      admins.map((admin) =>
        api.app.inject({
          method: "POST",
          url: `/admin/products/${balls.id}/hide`,
          headers: admin.headers,
          payload: { reason: "Descripción engañosa." },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const entries = await api.db.select().from(auditLog).where(eq(auditLog.entityId, balls.id));
    expect(entries).toHaveLength(1);
  });
});
