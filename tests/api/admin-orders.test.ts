import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminOrderAnswer, AdminOrdersAnswer } from "#contract/admin-orders";
import { FORBIDDEN } from "#contract/messages";
import { orderNumber } from "#contract/order-labels";
import { auditLog, users } from "../../api/src/db/schema";
import { customerWithOrder, payFromWallet } from "./notifications-support";
import { signedInAs, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";

/** The admin's orders (issue 12) on PGlite: who may read them, the search, the detail and the audit entry of a status change. */
describe("pedidos de la administración (PGlite)", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let admin: Customer;
  let seller: Customer;
  let paid: { customer: Customer; orderId: string };
  let unpaid: { customer: Customer; orderId: string };

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admin = await signedInUser(api.db, "admin");
    seller = await signedInAs(catalogue.owner.id, "seller");
    paid = await customerWithOrder(api.app, api.db, catalogue);
    await payFromWallet(api.app, api.db, paid.customer, paid.orderId);
    await api.db
      .update(users)
      .set({ name: "Lucía Buscable", email: "lucia.buscable@example.test" })
      .where(eq(users.id, paid.customer.id));
    unpaid = await customerWithOrder(api.app, api.db, catalogue);
  });

  const get = (who: Customer, url: string) => api.app.inject({ method: "GET", url, headers: who.headers });

  it("responde 403 a vendedores y clientes, 401 sin token", async () => {
    for (const who of [seller, paid.customer]) {
      for (const url of ["/admin/orders", `/admin/order/${paid.orderId}`]) {
        const response = await get(who, url);
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toEqual({ message: FORBIDDEN });
      }
    }
    expect((await api.app.inject({ method: "GET", url: "/admin/orders" })).statusCode).toBe(401);
  });

  it("lista todos los pedidos, el más reciente primero, y busca por número, nombre y correo", async () => {
    const all = (await get(admin, "/admin/orders")).json() as AdminOrdersAnswer;
    expect(all.totalOrder).toBe(2);
    expect(all.orders.map((order) => order._id)).toEqual([unpaid.orderId, paid.orderId]);
    expect(all.orders[1]).toMatchObject({
      number: orderNumber(paid.orderId),
      customer: { _id: paid.customer.id, name: "Lucía Buscable", email: "lucia.buscable@example.test" },
      payment_status: "pagado",
      delivery_status: "pendiente",
      shopCount: 2,
    });
    for (const searchValue of [
      orderNumber(paid.orderId),
      `#${orderNumber(paid.orderId).toLowerCase()}`,
      "buscable",
      "LUCIA.BUSCABLE@",
    ]) {
      const found = (
        await get(admin, `/admin/orders?${new URLSearchParams({ searchValue })}`)
      ).json() as AdminOrdersAnswer;
      expect(
        found.orders.map((order) => order._id),
        searchValue,
      ).toEqual([paid.orderId]);
    }
    const none = (await get(admin, "/admin/orders?searchValue=%25%25nadie")).json() as AdminOrdersAnswer;
    expect(none).toMatchObject({ orders: [], totalOrder: 0 });
    const paged = (await get(admin, "/admin/orders?page=2&parPage=1")).json() as AdminOrdersAnswer;
    expect(paged).toMatchObject({ totalOrder: 2, page: 2, parPage: 1 });
    expect(paged.orders.map((order) => order._id)).toEqual([paid.orderId]);
    expect((await get(admin, "/admin/orders?parPage=0")).statusCode).toBe(400);
  });

  it("muestra un pedido con la parte de cada tienda, su comisión y los estados siguientes permitidos; 404 si no existe", async () => {
    const { order } = (await get(admin, `/admin/order/${paid.orderId}`)).json() as AdminOrderAnswer;
    expect(order.customer.email).toBe("lucia.buscable@example.test");
    expect(order.shippingInfo.city).toBeTruthy();
    expect(order.payment_method).toBe("cartera");
    expect(order.suborders.map((part) => part.shopName)).toEqual(["Centro Pádel", "Tienda Smash"]);
    for (const part of order.suborders) {
      expect(part.commission).toBeGreaterThan(0);
      // Delivered only once sent (issue 31).
      expect(part.nextStatuses).toEqual(["procesando", "enviado", "cancelado"]);
      expect(part).toMatchObject({ moneyAvailableAt: null, moneyAvailable: false });
    }
    const unpaidOrder = ((await get(admin, `/admin/order/${unpaid.orderId}`)).json() as AdminOrderAnswer).order;
    expect(unpaidOrder.suborders[0]!.nextStatuses).toEqual(["cancelado"]);
    const missing = await get(admin, "/admin/order/00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Pedido no encontrado." });
  });

  it("escribe la auditoría cuando un admin mueve la parte de una tienda o cancela el pedido", async () => {
    const { order } = (await get(admin, `/admin/order/${paid.orderId}`)).json() as AdminOrderAnswer;
    const centro = order.suborders.find((part) => part.shopName === "Centro Pádel")!;
    const moved = await api.app.inject({
      method: "PUT",
      url: `/seller/order-status/update/${centro._id}`,
      headers: admin.headers,
      payload: { status: "enviado", trackingNumber: "ADM-778899" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const entries = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "pedido"), eq(auditLog.entityId, paid.orderId)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      action: "pedido.estado",
      after: { deliveryStatus: "Centro Pádel: enviado", trackingNumber: "ADM-778899" },
    });

    const after = ((await get(admin, `/admin/order/${paid.orderId}`)).json() as AdminOrderAnswer).order;
    // Sent, an admin may still cancel and refund it until its money is available to the seller.
    expect(after.suborders.find((part) => part.shopName === "Centro Pádel")).toMatchObject({
      nextStatuses: ["entregado", "cancelado"],
      moneyAvailable: false,
    });

    const cancelled = await api.app.inject({
      method: "PUT",
      url: `/admin/order-status/update/${unpaid.orderId}`,
      headers: admin.headers,
      payload: { status: "cancelado" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const log = (await get(admin, `/admin/audit?entity=pedido`)).json() as {
      entries: { action: string; entityId: string; record: { name: string } | null }[];
    };
    expect(log.entries.map((entry) => [entry.action, entry.entityId])).toEqual([
      ["pedido.cancelar", unpaid.orderId],
      ["pedido.estado", paid.orderId],
    ]);
    expect(log.entries[1]!.record?.name).toBe(`Pedido #${orderNumber(paid.orderId)}`);
  });
});
