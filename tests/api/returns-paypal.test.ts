import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { usePayPalTestApi } from "./paypal-support";
import { RETURN_PAYPAL_REFUSED } from "#contract/returns";
import { orderReturns } from "../../api/src/db/schema";
import type { Customer } from "./orders-support";
import { acceptedReturn, deliveredOrder, markReceived, returnsShop } from "./returns-support";
import { insertCatalogue, type Catalogue } from "./support";
import { ledgerSum } from "./wallet-support";

/** A return of an order paid through PayPal is refunded on its capture, through the provider (issue 35). */
describe("devoluciones de pedidos pagados con PayPal", () => {
  const fake = usePayPalTestApi();
  const api = fake.api;
  let catalogue: Catalogue;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
  });

  /** Pays the order through the fake PayPal, approved by the buyer. */
  const payWithPayPal = async (customer: Customer, orderId: string) => {
    const created = await api.app.inject({
      method: "POST",
      url: "/payment/paypal/create",
      headers: customer.headers,
      payload: { orderId },
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = [...fake.paypal.orders.values()].find((candidate) => candidate.referenceId === orderId)!;
    order.approved = true;
    const captured = await api.app.inject({
      method: "POST",
      url: "/payment/paypal/capture",
      headers: customer.headers,
      payload: { orderId, paypalOrderId: order.id },
    });
    expect(captured.statusCode, captured.body).toBe(200);
  };

  it("reembolsa la captura por PayPal, una sola vez, y no toca la cartera de la clienta", async () => {
    const shop = await returnsShop(api.db, catalogue);
    const order = await deliveredOrder(api.app, api.db, shop, { pay: payWithPayPal });
    const captureId = [...fake.paypal.orders.values()].find(
      (candidate) => candidate.referenceId === order.orderId,
    )!.captureId;
    const walletBefore = await ledgerSum(api.db, order.customer.id);

    const id = await acceptedReturn(api.app, order.customer, shop.seller, order.partId, [
      { orderItemId: order.lines.grip, quantity: 1 },
    ]);
    const received = await markReceived(api.app, shop.seller, id);
    expect(received.statusCode, received.body).toBe(200);
    const refund = fake.paypal.refunds.find((done) => done.captureId === captureId)!;
    expect(refund).toMatchObject({ value: "20.00", requestId: `devolucion-${id}` });
    expect(received.json().orderReturn.refund).toMatchObject({ amount: 2000, method: "paypal", reference: refund.id });
    expect(await ledgerSum(api.db, order.customer.id)).toBe(walletBefore);

    // A second «Recibido» finds it refunded: PayPal is not called again.
    const refundsBefore = fake.paypal.refunds.length;
    expect((await markReceived(api.app, shop.seller, id)).statusCode).toBe(409);
    expect(fake.paypal.refunds).toHaveLength(refundsBefore);
  });

  it("si PayPal no acepta el reembolso, no queda nada escrito", async () => {
    const shop = await returnsShop(api.db, catalogue);
    const order = await deliveredOrder(api.app, api.db, shop, { pay: payWithPayPal });
    const id = await acceptedReturn(api.app, order.customer, shop.seller, order.partId, [
      { orderItemId: order.lines.grip, quantity: 1 },
    ]);
    // PayPal refuses a refund past what is left of the capture: one already taken outside the store.
    const paypalOrder = [...fake.paypal.orders.values()].find((candidate) => candidate.referenceId === order.orderId)!;
    fake.paypal.refunds.push({
      id: "FUERA",
      captureId: paypalOrder.captureId!,
      value: paypalOrder.value,
      requestId: undefined,
    });
    const sellerBefore = await ledgerSum(api.db, shop.seller.id);

    const refused = await markReceived(api.app, shop.seller, id);
    expect([refused.statusCode, refused.json().message]).toEqual([502, RETURN_PAYPAL_REFUSED]);
    const [row] = await api.db.select().from(orderReturns).where(eq(orderReturns.id, id));
    expect(row!.status).toBe("aceptada");
    expect(await ledgerSum(api.db, shop.seller.id)).toBe(sellerBefore);
  });
});
