import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { usePayPalTestApi } from "./paypal-support";
import { insertCatalogue, type Catalogue } from "./support";
import { getOrder, makeOverdue, placedOrderId, putInCart, signedInUser, type Customer } from "./orders-support";

describe("pagos con PayPal", () => {
  const fake = usePayPalTestApi();
  const api = fake.api;
  let catalogue: Catalogue;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
  });

  /** An order of two tubes of Head balls: 1400 plus 500 of shipping. */
  async function customerWithOrder(): Promise<{ customer: Customer; orderId: string }> {
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, catalogue.bySlug["pelotas-head-padel-pro"]!.id, 2);
    return { customer, orderId: await placedOrderId(api.app, customer) };
  }

  const create = (customer: Customer, orderId: string) =>
    api.app.inject({ method: "POST", url: "/payment/paypal/create", headers: customer.headers, payload: { orderId } });
  const capture = (customer: Customer, orderId: string, paypalOrderId: string) =>
    api.app.inject({
      method: "POST",
      url: "/payment/paypal/capture",
      headers: customer.headers,
      payload: { orderId, paypalOrderId },
    });
  const paypalOrderOf = (orderId: string) =>
    [...fake.paypal.orders.values()].find((order) => order.referenceId === orderId)!;

  it("usa PayPal y no el modo de tarjeta de prueba cuando hay credenciales", async () => {
    expect((await api.app.inject({ method: "GET", url: "/payment/options" })).json()).toEqual({ cardMode: "paypal" });
    const { customer, orderId } = await customerWithOrder();
    const card = await api.app.inject({
      method: "POST",
      url: "/payment/card",
      headers: customer.headers,
      payload: { orderId, cardNumber: "4242424242424242", expiry: "12/30", cvc: "123", holder: "Lucía Pérez" },
    });
    expect(card.statusCode).toBe(400);
    expect((await getOrder(api.app, customer, orderId)).json().order.payment_status).toBe("sin_pagar");
  });

  it("confirma el pago solo después de una captura completada, una sola vez", async () => {
    const { customer, orderId } = await customerWithOrder();
    const created = await create(customer, orderId);
    expect(created.statusCode, created.body).toBe(200);
    const paypalOrder = paypalOrderOf(orderId);
    expect(created.json()).toEqual({ approveUrl: `${fake.paypal.url}/checkoutnow?token=${paypalOrder.id}` });
    expect(paypalOrder.value).toBe("19.00");
    expect(paypalOrder.returnUrl).toBe(`http://127.0.0.1:3000/payment?orderId=${orderId}`);

    const notApproved = await capture(customer, orderId, paypalOrder.id);
    expect(notApproved.statusCode).toBe(400);
    expect(notApproved.json()).toEqual({
      message: "PayPal no confirmó el pago. Intenta de nuevo o paga con tu cartera.",
    });
    expect((await getOrder(api.app, customer, orderId)).json().order.payment_status).toBe("sin_pagar");

    paypalOrder.approved = true;
    const paid = await capture(customer, orderId, paypalOrder.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      message: "Pago confirmado.",
      order: { payment_status: "pagado", payment_method: "paypal" },
    });
    const capturesAfterPayment = fake.paypal.captureCount();

    expect((await capture(customer, orderId, paypalOrder.id)).statusCode).toBe(200);
    expect(fake.paypal.captureCount()).toBe(capturesAfterPayment);
    const again = await create(customer, orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "Este pedido ya está pagado." });
    const payments = await api.db.execute<{ reference: string }>(
      sql`select reference from order_payments where order_id = ${orderId}`,
    );
    expect(payments.rows).toEqual([{ reference: paypalOrder.captureId }]);
  });

  it("no confirma un pago rechazado ni el de otro pedido", async () => {
    const { customer, orderId } = await customerWithOrder();
    await create(customer, orderId);
    const declined = paypalOrderOf(orderId);
    declined.approved = true;
    declined.declined = true;
    expect((await capture(customer, orderId, declined.id)).statusCode).toBe(400);

    const other = await customerWithOrder();
    await create(other.customer, other.orderId);
    const otherPayPalOrder = paypalOrderOf(other.orderId);
    otherPayPalOrder.approved = true;
    const mismatched = await capture(customer, orderId, otherPayPalOrder.id);
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json()).toEqual({ message: "El pago de PayPal no corresponde a este pedido." });
    expect((await getOrder(api.app, customer, orderId)).json().order.payment_status).toBe("sin_pagar");

    // The other customer's capture was made by then: their own call reads it back and confirms.
    const theirs = await capture(other.customer, other.orderId, otherPayPalOrder.id);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().order.payment_status).toBe("pagado");
  });

  it("no crea el pago de un pedido caducado", async () => {
    const { customer, orderId } = await customerWithOrder();
    await makeOverdue(api.db, orderId);
    const response = await create(customer, orderId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: "El pedido ha caducado." });
  });
});
