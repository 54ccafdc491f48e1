import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SellerOrderSummary } from "#contract/seller-orders";
import { auditLog, notifications, orders, shopOrders } from "../../api/src/db/schema";
import { customerWithOrder, payFromWallet, subOrderIds } from "./notifications-support";
import { signedInAs, type Customer } from "./orders-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";

/**
 * A seller's orders on a real PostgreSQL, with many requests at once (issue 12): each seller reads
 * and moves only their own shop's parts, and sellers moving their parts of one order at once leave
 * the order with the status of its least advanced part, because each change locks the order first.
 */
describe("pedidos de los vendedores en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 40 });
  let catalogue: Catalogue;
  let centro: Customer;
  let smash: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    centro = await signedInAs(catalogue.owner.id, "seller");
    smash = await signedInAs(catalogue.smashOwner.id, "seller");
  });

  /** Paid orders of one part per shop, one customer each. */
  async function paidOrders(count: number) {
    const placed = [];
    for (let index = 0; index < count; index += 1) {
      const order = await customerWithOrder(api.app, api.db, catalogue);
      await payFromWallet(api.app, api.db, order.customer, order.orderId);
      const subs = await subOrderIds(api.app, order.customer, order.orderId);
      placed.push({ ...order, centroSub: subs["Centro Pádel"]!, smashSub: subs["Tienda Smash"]! });
    }
    return placed;
  }

  const move = (seller: Customer, subOrderId: string, status: string) =>
    api.app.inject({
      method: "PUT",
      url: `/seller/order-status/update/${subOrderId}`,
      headers: seller.headers,
      payload: status === "enviado" ? { status, trackingNumber: `PG-${subOrderId.slice(0, 8)}` } : { status },
    });

  const orderStatuses = async (orderIds: string[]) =>
    Object.fromEntries(
      (
        await api.db
          .select({ id: orders.id, status: orders.deliveryStatus })
          .from(orders)
          .where(inArray(orders.id, orderIds))
      ).map((row) => [row.id, row.status]),
    );

  it("un vendedor que intenta mover a la vez las partes de todos los pedidos solo mueve las suyas; su lista solo tiene las suyas", async () => {
    const placed = await paidOrders(4);
    const attempts = placed.flatMap((order) => [
      { sub: order.centroSub, own: true },
      { sub: order.smashSub, own: false },
    ]);
    const responses = await Promise.all(attempts.map((attempt) => move(centro, attempt.sub, "procesando")));
    responses.forEach((response, index) =>
      expect(response.statusCode, response.body).toBe(attempts[index]!.own ? 200 : 404),
    );

    const parts = await api.db
      .select({ id: shopOrders.id, status: shopOrders.deliveryStatus })
      .from(shopOrders)
      .where(
        inArray(
          shopOrders.id,
          attempts.map((attempt) => attempt.sub),
        ),
      );
    for (const part of parts)
      expect(part.status).toBe(placed.some((order) => order.centroSub === part.id) ? "procesando" : "pendiente");

    const reads = await Promise.all(
      attempts.map((attempt) =>
        api.app.inject({ method: "GET", url: `/seller/order/${attempt.sub}`, headers: centro.headers }),
      ),
    );
    reads.forEach((response, index) => expect(response.statusCode).toBe(attempts[index]!.own ? 200 : 404));
    const list = (
      await api.app.inject({ method: "GET", url: `/seller/orders/${centro.id}?parPage=50`, headers: centro.headers })
    ).json() as { orders: SellerOrderSummary[] };
    expect(list.orders.map((order) => order._id).sort()).toEqual(placed.map((order) => order.centroSub).sort());
    expect(
      (await api.app.inject({ method: "GET", url: `/seller/orders/${smash.id}`, headers: centro.headers })).statusCode,
    ).toBe(403);
  });

  it("dos vendedores que mueven a la vez sus partes de un pedido dejan al pedido el estado de la menos avanzada", async () => {
    const placed = await paidOrders(8);
    // In half the orders both sellers ship at once; in the other half one delivers (what it sent before) while the other ships.
    const shipped = placed.slice(0, 4);
    const mixed = placed.slice(4);
    await Promise.all(
      mixed.flatMap((order) => [move(smash, order.smashSub, "procesando"), move(centro, order.centroSub, "enviado")]),
    );
    const responses = await Promise.all([
      ...shipped.flatMap((order) => [move(centro, order.centroSub, "enviado"), move(smash, order.smashSub, "enviado")]),
      ...mixed.flatMap((order) => [move(centro, order.centroSub, "entregado"), move(smash, order.smashSub, "enviado")]),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);

    const statuses = await orderStatuses(placed.map((order) => order.orderId));
    for (const order of shipped) expect(statuses[order.orderId]).toBe("enviado");
    for (const order of mixed) expect(statuses[order.orderId]).toBe("enviado");

    // The last part delivered at once with the other: delivered.
    await Promise.all(mixed.map((order) => move(smash, order.smashSub, "entregado")));
    const delivered = await orderStatuses(mixed.map((order) => order.orderId));
    for (const order of mixed) expect(delivered[order.orderId]).toBe("entregado");
  });

  it("la misma parte enviada dos veces a la vez se mueve una vez: un aviso y una entrada de auditoría", async () => {
    const [order] = await paidOrders(1);
    const responses = await Promise.all(Array.from({ length: 6 }, () => move(centro, order!.centroSub, "enviado")));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.statusCode === 409))
      expect(refused.json().message).toBe("El pedido ya está «Enviado».");
    const notices = await api.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, order!.customer.id), eq(notifications.type, "pedido")));
    expect(notices).toHaveLength(1);
    const entries = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order!.orderId), eq(auditLog.action, "pedido.estado")));
    expect(entries).toHaveLength(1);
  });
});
