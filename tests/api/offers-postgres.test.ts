import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, offers, orderPayments, orders, shopOrders } from "../../api/src/db/schema";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import { creditWallet, placedOrderId, putInCart, signedInAs, signedInUser, type Customer } from "./orders-support";

/**
 * Offers on a real PostgreSQL with requests side by side: the order's row lock, not luck, decides
 * which of several offers or answers applies, and an answer never changes an order being paid.
 */
describe("ofertas concurrentes en PostgreSQL", () => {
  const api = useTestApi({
    engine: "PostgreSQL",
    poolSize: 30,
    config: { cart: { shippingFeeCents: 500, freeShippingThresholdCents: 10_000_000 } },
  });
  let catalogue: Catalogue;
  let seller: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    seller = await signedInAs(catalogue.owner.id, "seller");
  });

  /** A new customer's order of one Vertex (Centro Pádel, 20000 + 500 shipping); answers its shop order. */
  async function order() {
    const vertex = catalogue.bySlug["pala-bullpadel-vertex-04"]!;
    await api.db.execute(sql`update products set stock = 50 where id = ${vertex.id}`);
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, vertex.id, 1);
    const orderId = await placedOrderId(api.app, customer);
    const [shopOrder] = await api.db
      .select({ id: shopOrders.id })
      .from(shopOrders)
      .where(eq(shopOrders.orderId, orderId));
    return { customer, orderId, shopOrderId: shopOrder!.id };
  }

  const propose = (customer: Customer, shopOrderId: string, price: number) =>
    api.app.inject({
      method: "POST",
      url: "/home/customer/offer",
      headers: customer.headers,
      payload: { shopOrderId, price },
    });

  const answer = (offerId: string, status: string) =>
    api.app.inject({
      method: "POST",
      url: "/seller/handle-seller-response/",
      headers: seller.headers,
      payload: { offerId, status },
    });

  const countStatuses = (responses: { statusCode: number }[]) =>
    responses.reduce<Record<number, number>>(
      (count, response) => ({ ...count, [response.statusCode]: (count[response.statusCode] ?? 0) + 1 }),
      {},
    );

  it("de 10 ofertas a la vez para un subpedido queda una sola pendiente", async () => {
    const { customer, shopOrderId } = await order();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => propose(customer, shopOrderId, 15_000 + index)),
    );
    expect(countStatuses(responses)).toEqual({ 201: 1, 409: 9 });
    expect(await api.db.select({ id: offers.id }).from(offers).where(eq(offers.shopOrderId, shopOrderId))).toHaveLength(
      1,
    );
  });

  it("de 20 respuestas a la vez a una oferta solo una se aplica", async () => {
    const { customer, orderId, shopOrderId } = await order();
    const offer = (await propose(customer, shopOrderId, 15_000)).json().offer;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => answer(offer._id, index % 2 === 0 ? "aceptada" : "rechazada")),
    );
    expect(countStatuses(responses)).toEqual({ 200: 1, 409: 19 });
    const winner = responses.find((response) => response.statusCode === 200)!.json().offer.status;
    const [row] = await api.db
      .select({ subtotal: orders.subtotal, total: orders.total })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(row).toEqual(
      winner === "aceptada" ? { subtotal: 15_000, total: 15_500 } : { subtotal: 20_000, total: 20_500 },
    );
    // The one answer that applied, and only it, is in the audit log.
    const entries = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, "pedido.oferta")));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject({ status: winner });
  });

  it("aceptar y pagar a la vez: el pago cobra exactamente el total que queda en el pedido", async () => {
    for (let round = 0; round < 5; round++) {
      const { customer, orderId, shopOrderId } = await order();
      await creditWallet(api.db, customer.id, 50_000);
      const offer = (await propose(customer, shopOrderId, 12_000)).json().offer;
      const [accepted, paid] = await Promise.all([
        answer(offer._id, "aceptada"),
        api.app.inject({ method: "POST", url: "/payment/wallet", headers: customer.headers, payload: { orderId } }),
      ]);
      expect(paid.statusCode, paid.body).toBe(200);
      expect([200, 409]).toContain(accepted.statusCode);
      const [payment] = await api.db
        .select({ amount: orderPayments.amount })
        .from(orderPayments)
        .where(eq(orderPayments.orderId, orderId));
      const [row] = await api.db.select({ total: orders.total }).from(orders).where(eq(orders.id, orderId));
      expect(payment!.amount).toBe(row!.total);
      expect(row!.total).toBe(accepted.statusCode === 200 ? 12_500 : 20_500);
    }
  });

  const stockOfVertex = async () =>
    (
      await api.db.execute<{ stock: number }>(
        sql`select stock from products where id = ${catalogue.bySlug["pala-bullpadel-vertex-04"]!.id}`,
      )
    ).rows[0]!.stock;
  const sweep = () => api.db.execute(sql`select expire_unpaid_orders()`);

  it("una respuesta a la vez que el barrido, con la ventana de pago vencida: se aplica y el pedido sigue vivo", async () => {
    const { customer, orderId, shopOrderId } = await order();
    const offer = (await propose(customer, shopOrderId, 15_000)).json().offer;
    await api.db.execute(sql`update orders set expires_at = now() - interval '1 minute' where id = ${orderId}`);
    const stock = await stockOfVertex();
    const [answered] = await Promise.all([answer(offer._id, "rechazada"), ...Array.from({ length: 8 }, sweep)]);
    expect(answered!.statusCode, answered!.body).toBe(200);
    await sweep();
    const [row] = await api.db
      .select({ expiredAt: orders.expiredAt, delivery: orders.deliveryStatus })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(row).toEqual({ expiredAt: null, delivery: "pendiente" });
    expect(await stockOfVertex()).toBe(stock);
  });

  it("una respuesta a la vez que la caducidad de su oferta: la oferta caduca, el stock vuelve una sola vez", async () => {
    const { customer, orderId, shopOrderId } = await order();
    const offer = (await propose(customer, shopOrderId, 15_000)).json().offer;
    await api.db.execute(sql`update orders set expires_at = now() - interval '1 minute' where id = ${orderId}`);
    await api.db.execute(sql`update offers set expires_at = now() - interval '1 minute' where id = ${offer._id}`);
    const stock = await stockOfVertex();
    const [answered] = await Promise.all([answer(offer._id, "aceptada"), ...Array.from({ length: 8 }, sweep)]);
    expect(answered!.statusCode).toBe(409);
    const [row] = await api.db.select({ status: offers.status }).from(offers).where(eq(offers.id, offer._id));
    expect(row!.status).toBe("caducada");
    const [expired] = await api.db
      .select({ delivery: orders.deliveryStatus, total: orders.total })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(expired).toEqual({ delivery: "cancelado", total: 20_500 });
    expect(await stockOfVertex()).toBe(stock + 1);
  });
});
