import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offers } from "../../api/src/db/schema";
import { startFakePayPal, type FakePayPal } from "../support/fake-paypal";
import { insertCatalogue, useTestApi, type Catalogue, type FileApi } from "../api/support";
import { creditWallet, placedOrderId, putInCart, signedInAs, signedInUser, type Customer } from "../api/orders-support";

/**
 * Issue 9, item 10: a paid order kept its pending offers; the seller still saw them, and accepting
 * one answered 409. Paying (wallet, test card, PayPal capture) now closes them in the payment's
 * transaction, as expiry and cancellation do: rejected, with their answer time, gone from the
 * seller's list, and answering one gives the 409 of any answered offer.
 */
const CLIENT_ID = "cliente-de-prueba";
const CLIENT_SECRET = "secreto-de-prueba";
const ALREADY_ANSWERED = "Esta oferta ya fue respondida.";

describe("seguridad: pagar un pedido cierra sus ofertas pendientes", () => {
  let paypal: FakePayPal;
  beforeAll(async () => {
    paypal = await startFakePayPal({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  });
  afterAll(async () => {
    await paypal?.close();
  });
  // Without PayPal credentials card payments run in the test-card mode; with them, through PayPal
  // (the fake's address is known once it listens: the options are read in useTestApi's beforeAll).
  const api = useTestApi();
  const paypalApi = useTestApi(() => ({
    config: { payments: { paypal: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, apiUrl: paypal.url } } },
  }));
  let catalogue: Catalogue;
  let paypalCatalogue: Catalogue;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    paypalCatalogue = await insertCatalogue(paypalApi.db);
  });

  /** A customer's order of one Vertex (Centro Pádel, 20000) with an offer of 15000 pending on it. */
  async function orderWithPendingOffer(target: FileApi, targetCatalogue: Catalogue) {
    const customer = await signedInUser(target.db);
    await putInCart(target.db, customer.id, targetCatalogue.bySlug["pala-bullpadel-vertex-04"]!.id, 1);
    const orderId = await placedOrderId(target.app, customer);
    const { order } = (
      await target.app.inject({ method: "GET", url: `/home/customer/get-order/${orderId}`, headers: customer.headers })
    ).json();
    const proposed = await target.app.inject({
      method: "POST",
      url: "/home/customer/offer",
      headers: customer.headers,
      payload: { shopOrderId: order.suborders[0]._id, price: 15_000 },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const seller = await signedInAs(targetCatalogue.owner.id, "seller");
    const pending = (
      await target.app.inject({ method: "GET", url: `/seller/offer/${orderId}/${seller.id}`, headers: seller.headers })
    ).json();
    expect(pending.offers).toHaveLength(1);
    return { customer, seller, orderId, offerId: proposed.json().offer._id as string };
  }

  async function expectClosed(
    target: FileApi,
    { seller, orderId, offerId }: { seller: Customer; orderId: string; offerId: string },
  ) {
    const pending = await target.app.inject({
      method: "GET",
      url: `/seller/offer/${orderId}/${seller.id}`,
      headers: seller.headers,
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().offers).toEqual([]);
    for (const status of ["aceptada", "rechazada"]) {
      const late = await target.app.inject({
        method: "POST",
        url: "/seller/handle-seller-response/",
        headers: seller.headers,
        payload: { offerId, status },
      });
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json()).toEqual({ message: ALREADY_ANSWERED });
    }
    const [row] = await target.db.select().from(offers).where(eq(offers.id, offerId));
    expect(row!.status).toBe("cerrada");
    expect(row!.answeredAt).toBeInstanceOf(Date);
  }

  it("al pagar con la cartera", async () => {
    const offer = await orderWithPendingOffer(api, catalogue);
    await creditWallet(api.db, offer.customer.id, 50_000);
    const paid = await api.app.inject({
      method: "POST",
      url: "/payment/wallet",
      headers: offer.customer.headers,
      payload: { orderId: offer.orderId },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await expectClosed(api, offer);
  });

  it("al pagar con la tarjeta de prueba", async () => {
    const offer = await orderWithPendingOffer(api, catalogue);
    const paid = await api.app.inject({
      method: "POST",
      url: "/payment/card",
      headers: offer.customer.headers,
      payload: {
        orderId: offer.orderId,
        cardNumber: "4242424242424242",
        expiry: "12/30",
        cvc: "123",
        holder: "Lucía Pérez",
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await expectClosed(api, offer);
  });

  it("al capturar el pago de PayPal", async () => {
    const offer = await orderWithPendingOffer(paypalApi, paypalCatalogue);
    const created = await paypalApi.app.inject({
      method: "POST",
      url: "/payment/paypal/create",
      headers: offer.customer.headers,
      payload: { orderId: offer.orderId },
    });
    expect(created.statusCode, created.body).toBe(200);
    const paypalOrder = [...paypal.orders.values()].find((order) => order.referenceId === offer.orderId)!;
    paypalOrder.approved = true;
    const captured = await paypalApi.app.inject({
      method: "POST",
      url: "/payment/paypal/capture",
      headers: offer.customer.headers,
      payload: { orderId: offer.orderId, paypalOrderId: paypalOrder.id },
    });
    expect(captured.statusCode, captured.body).toBe(200);
    await expectClosed(paypalApi, offer);
  });

  it("un pago rechazado no cierra la oferta", async () => {
    const offer = await orderWithPendingOffer(api, catalogue);
    const declined = await api.app.inject({
      method: "POST",
      url: "/payment/card",
      headers: offer.customer.headers,
      payload: {
        orderId: offer.orderId,
        cardNumber: "4000000000000002",
        expiry: "12/30",
        cvc: "123",
        holder: "Lucía Pérez",
      },
    });
    expect(declined.statusCode).toBe(400);
    const pending = await api.app.inject({
      method: "GET",
      url: `/seller/offer/${offer.orderId}/${offer.seller.id}`,
      headers: offer.seller.headers,
    });
    expect(pending.json().offers).toMatchObject([{ _id: offer.offerId, status: "pendiente" }]);
  });
});
