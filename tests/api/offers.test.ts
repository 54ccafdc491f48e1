import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { notifications, orders, shopOrders } from "../../api/src/db/schema";
import { formatUsd as usd } from "#contract/money-format";
import { orderNumber } from "#contract/order-labels";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import {
  creditWallet,
  makeOverdue,
  placedOrderId,
  putCouponOnCart,
  putInCart,
  signedInAs,
  signedInUser,
  type Customer,
} from "./orders-support";

/**
 * Offers on unpaid shop orders. The catalogue of support.ts (one seller owns both shops) with
 * shipping 500 per shop always and a 5 % commission: an order of one Vertex (Centro Pádel, 20000)
 * and two tubes of Head balls (Tienda Smash, 1400) costs 21400 + 1000.
 */
describe("ofertas", () => {
  const api = useTestApi({ config: { cart: { shippingFeeCents: 500, freeShippingThresholdCents: 10_000_000 } } });
  let catalogue: Catalogue;
  /** Centro Pádel's seller. */
  let seller: Customer;
  /** Tienda Smash's seller (one shop per user). */
  let smashSeller: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    seller = await signedInAs(catalogue.owner.id, "seller");
    smashSeller = await signedInAs(catalogue.smashOwner.id, "seller");
  });

  const vertex = () => catalogue.bySlug["pala-bullpadel-vertex-04"]!;
  const balls = () => catalogue.bySlug["pelotas-head-padel-pro"]!;

  /** A new customer's order of two shops; answers it with the id of each shop order. */
  async function orderOfTwoShops(options: { coupon?: string } = {}) {
    await api.db.execute(sql`update products set stock = 50 where id in (${vertex().id}, ${balls().id})`);
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, vertex().id, 1);
    await putInCart(api.db, customer.id, balls().id, 2);
    if (options.coupon) await putCouponOnCart(api.db, customer.id, options.coupon);
    const orderId = await placedOrderId(api.app, customer);
    const rows = await api.db
      .select({ id: shopOrders.id, shopId: shopOrders.shopId })
      .from(shopOrders)
      .where(eq(shopOrders.orderId, orderId));
    const centro = rows.find((row) => row.shopId === catalogue.shops.centro.id)!.id;
    const smash = rows.find((row) => row.shopId === catalogue.shops.smash.id)!.id;
    return { customer, orderId, centro, smash };
  }

  const propose = (customer: Customer, shopOrderId: string, price: unknown) =>
    api.app.inject({
      method: "POST",
      url: "/home/customer/offer",
      headers: customer.headers,
      payload: { shopOrderId, price },
    });

  const answer = (caller: Customer, offerId: string, status: string) =>
    api.app.inject({
      method: "POST",
      url: "/seller/handle-seller-response/",
      headers: caller.headers,
      payload: { offerId, status },
    });

  const pendingFor = (caller: Customer, orderId: string, sellerId = caller.id) =>
    api.app.inject({ method: "GET", url: `/seller/offer/${orderId}/${sellerId}`, headers: caller.headers });

  const noticesOf = (userId: string, orderId: string) =>
    api.db
      .select({ type: notifications.type, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.orderId, orderId)));

  async function amounts(orderId: string) {
    const [order] = await api.db
      .select({
        subtotal: orders.subtotal,
        discount: orders.discount,
        shippingFee: orders.shippingFee,
        total: orders.total,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    const shops = await api.db
      .select({
        id: shopOrders.id,
        subtotal: shopOrders.subtotal,
        total: shopOrders.total,
        commission: shopOrders.commission,
      })
      .from(shopOrders)
      .where(eq(shopOrders.orderId, orderId));
    return { order: order!, shops };
  }

  it("el cliente propone un subtotal menor, el vendedor recibe el aviso y la oferta queda pendiente", async () => {
    const { customer, orderId, centro } = await orderOfTwoShops();
    const response = await propose(customer, centro, 18_000);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      message: "Oferta enviada al vendedor.",
      offer: { shopOrderId: centro, price: 18_000, status: "pendiente", answeredAt: null },
    });

    // The seller was also told of the order itself when it was placed.
    const notices = (await noticesOf(seller.id, orderId)).filter((notice) => notice.type === "oferta");
    expect(notices).toEqual([
      {
        type: "oferta",
        message: `Nueva oferta en el pedido #${orderId.slice(0, 8).toUpperCase()}: ${usd(18000)} por los productos de Centro Pádel (subtotal actual ${usd(20000)}).`,
      },
    ]);

    const { order } = (
      await api.app.inject({ method: "GET", url: `/home/customer/get-order/${orderId}`, headers: customer.headers })
    ).json();
    const centroPart = order.suborders.find((suborder: { _id: string }) => suborder._id === centro);
    expect(centroPart.offers).toMatchObject([{ price: 18_000, status: "pendiente" }]);
    expect(centroPart.canOffer).toBe(false);
    expect(order.suborders.find((suborder: { _id: string }) => suborder._id !== centro).canOffer).toBe(true);
  });

  it("rechaza una oferta que no es menor, una de cero, una segunda pendiente y la de otro cliente", async () => {
    const { customer, centro, smash } = await orderOfTwoShops();
    const notLower = await propose(customer, centro, 20_000);
    expect(notLower.statusCode).toBe(400);
    expect(notLower.json()).toEqual({
      message: `Tu oferta debe ser menor que el subtotal actual de la tienda (${usd(20000)}).`,
    });

    const zero = await propose(customer, centro, 0);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe("El precio propuesto debe ser mayor que cero.");
    expect((await propose(customer, centro, 12.5)).json().message).toBe("El precio no es válido.");

    expect((await propose(customer, smash, 1000)).statusCode).toBe(201);
    const second = await propose(customer, smash, 900);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      message: "Ya tienes una oferta pendiente para esta tienda: espera la respuesta del vendedor.",
    });

    const stranger = await signedInUser(api.db);
    const foreign = await propose(stranger, centro, 100);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: "Pedido no encontrado." });
    expect(
      (
        await api.app.inject({
          method: "POST",
          url: "/home/customer/offer",
          payload: { shopOrderId: centro, price: 100 },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("no admite ofertas en un pedido pagado ni en uno caducado", async () => {
    const paid = await orderOfTwoShops();
    await creditWallet(api.db, paid.customer.id, 50_000);
    const payment = await api.app.inject({
      method: "POST",
      url: "/payment/wallet",
      headers: paid.customer.headers,
      payload: { orderId: paid.orderId },
    });
    expect(payment.statusCode, payment.body).toBe(200);
    const onPaid = await propose(paid.customer, paid.centro, 100);
    expect(onPaid.statusCode).toBe(409);
    expect(onPaid.json()).toEqual({
      message: "Este pedido ya no admite ofertas: solo se puede ofertar en pedidos sin pagar y vigentes.",
    });

    const expired = await orderOfTwoShops();
    await makeOverdue(api.db, expired.orderId);
    expect((await propose(expired.customer, expired.centro, 100)).statusCode).toBe(409);
  });

  it("no admite ofertas en la parte que su tienda ya canceló, y cancelar después la otra parte no falla", async () => {
    const { customer, orderId, centro, smash } = await orderOfTwoShops();
    const cancel = (caller: Customer, shopOrderId: string) =>
      api.app.inject({
        method: "PUT",
        url: `/seller/order-status/update/${shopOrderId}`,
        headers: caller.headers,
        payload: { status: "cancelado" },
      });
    expect((await cancel(seller, centro)).statusCode).toBe(200);
    expect((await amounts(orderId)).order).toEqual({ subtotal: 1400, discount: 0, shippingFee: 500, total: 1900 });

    const detail = await api.app.inject({
      method: "GET",
      url: `/home/customer/get-order/${orderId}`,
      headers: customer.headers,
    });
    expect(
      detail
        .json()
        .order.suborders.map((suborder: { _id: string; canOffer: boolean }) => [suborder._id, suborder.canOffer])
        .sort(),
    ).toEqual(
      [
        [centro, false],
        [smash, true],
      ].sort(),
    );
    const refused = await propose(customer, centro, 100);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: "Esta tienda ya canceló su parte del pedido: no admite ofertas." });
    expect((await amounts(orderId)).order).toEqual({ subtotal: 1400, discount: 0, shippingFee: 500, total: 1900 });

    const cancelled = await cancel(smashSeller, smash);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await amounts(orderId)).order).toEqual({ subtotal: 0, discount: 0, shippingFee: 0, total: 0 });
  });

  it("el vendedor ve solo las ofertas pendientes de sus tiendas; nadie más las ve", async () => {
    const { customer, orderId, centro, smash } = await orderOfTwoShops();
    const first = (await propose(customer, centro, 19_000)).json().offer;
    expect((await answer(seller, first._id, "rechazada")).statusCode).toBe(200);
    await propose(customer, centro, 18_500);
    await propose(customer, smash, 1200);

    const response = await pendingFor(seller, orderId);
    expect(response.statusCode, response.body).toBe(200);
    const { offers } = response.json();
    expect(offers).toEqual([
      expect.objectContaining({
        shopName: "Centro Pádel",
        price: 18_500,
        status: "pendiente",
        currentSubtotal: 20_000,
        orderId,
        customerName: "Usuaria de Prueba",
      }),
    ]);
    expect((await pendingFor(smashSeller, orderId)).json().offers).toEqual([
      expect.objectContaining({ shopName: "Tienda Smash", price: 1200, status: "pendiente", currentSubtotal: 1400 }),
    ]);

    const otherSeller = await signedInUser(api.db, "seller");
    const notTheirs = await pendingFor(otherSeller, orderId);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ message: "Pedido no encontrado." });
    expect((await pendingFor(customer, orderId, seller.id)).statusCode).toBe(403);
    const admin = await signedInUser(api.db, "admin");
    expect((await pendingFor(admin, orderId, seller.id)).json().offers).toHaveLength(1);
    expect((await pendingFor(admin, orderId)).json().offers).toHaveLength(2);
  });

  it("aceptar cambia el subtotal, el total y la comisión del subpedido y los importes del pedido, y avisa al cliente", async () => {
    const { customer, orderId, centro, smash } = await orderOfTwoShops();
    const offer = (await propose(customer, centro, 15_000)).json().offer;

    const response = await answer(seller, offer._id, "aceptada");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: `Oferta aceptada: el nuevo subtotal de Centro Pádel es ${usd(15000)}.`,
      offer: { status: "aceptada" },
    });
    expect(response.json().offer.answeredAt).toEqual(expect.any(String));

    const { order, shops } = await amounts(orderId);
    expect(order).toEqual({ subtotal: 16_400, discount: 0, shippingFee: 1000, total: 17_400 });
    expect(shops.find((shop) => shop.id === centro)).toMatchObject({
      subtotal: 15_000,
      total: 15_500,
      commission: 750,
    });
    expect(shops.find((shop) => shop.id === smash)).toMatchObject({ subtotal: 1400, total: 1900, commission: 70 });

    expect(await noticesOf(customer.id, orderId)).toEqual([
      {
        type: "oferta",
        message: `Tu oferta de ${usd(15000)} para el pedido #${orderId.slice(0, 8).toUpperCase()} (Centro Pádel) fue aceptada. Nuevo total del pedido: ${usd(17400)}.`,
      },
    ]);
    expect((await pendingFor(seller, orderId)).json().offers).toEqual([]);

    const again = await answer(seller, offer._id, "rechazada");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "Esta oferta ya fue respondida." });

    // The customer pays the new total, and the shop is credited its new total minus the new commission.
    await creditWallet(api.db, customer.id, 17_400);
    const payment = await api.app.inject({
      method: "POST",
      url: "/payment/wallet",
      headers: customer.headers,
      payload: { orderId },
    });
    expect(payment.statusCode, payment.body).toBe(200);
    expect(payment.json().order.price).toBe(17_400);
    const wallet = (
      await api.app.inject({ method: "GET", url: `/wallet/${customer.id}`, headers: customer.headers })
    ).json();
    expect(wallet.balance).toBe(0);
  });

  it("tras aceptar, las líneas del vendedor se reparten el subtotal acordado, su neto suma el del subpedido y lo más vendido cuenta lo cobrado", async () => {
    const asics = catalogue.bySlug["zapatillas-asics-gel-padel-pro-5"]!;
    await api.db.execute(sql`update products set stock = 50 where id = ${vertex().id}`);
    await api.db.execute(sql`update product_sizes set stock = 5 where product_id = ${asics.id} and size = '42'`);
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, vertex().id, 1);
    await putInCart(api.db, customer.id, asics.id, 1, "42");
    const orderId = await placedOrderId(api.app, customer);
    const [centro] = await api.db.select({ id: shopOrders.id }).from(shopOrders).where(eq(shopOrders.orderId, orderId));
    // 20000 + 10200 = 30200 at the prices ordered; the seller accepts 24160 (80 %), commission 5 %: 1208.
    const offer = (await propose(customer, centro!.id, 24_160)).json().offer;
    expect((await answer(seller, offer._id, "aceptada")).statusCode).toBe(200);

    const detail = (
      await api.app.inject({ method: "GET", url: `/seller/order/${centro!.id}`, headers: seller.headers })
    ).json().order;
    expect(detail).toMatchObject({ subtotal: 24_160, commission: 1208, sellerNet: 24_160 + 500 - 1208 });
    const lines = detail.products as {
      name: string;
      lineTotal: number;
      saleTotal: number;
      commission: number;
      sellerNet: number;
    }[];
    expect(
      lines.map(({ lineTotal, saleTotal, commission, sellerNet }) => ({ lineTotal, saleTotal, commission, sellerNet })),
    ).toEqual([
      { lineTotal: 20_000, saleTotal: 16_000, commission: 800, sellerNet: 15_200 },
      { lineTotal: 10_200, saleTotal: 8160, commission: 408, sellerNet: 7752 },
    ]);
    expect(lines.reduce((sum, line) => sum + line.sellerNet, 0)).toBe(detail.subtotal - detail.commission);

    await creditWallet(api.db, customer.id, 24_660);
    expect(
      (
        await api.app.inject({
          method: "POST",
          url: "/payment/wallet",
          headers: customer.headers,
          payload: { orderId },
        })
      ).statusCode,
    ).toBe(200);
    const dashboard = (
      await api.app.inject({ method: "GET", url: "/seller/get-dashboard-index-data", headers: seller.headers })
    ).json();
    // Only this test sells the Asics: what was charged for it, not its list price.
    expect(
      dashboard.bestSellers.find((product: { productId: string }) => product.productId === asics.id),
    ).toMatchObject({ units: 1, sale: 8160 });
  });

  it("aceptar recalcula el descuento de un cupón porcentual sobre el nuevo subtotal", async () => {
    const { customer, orderId, smash } = await orderOfTwoShops({ coupon: "AHORRA20" });
    expect((await amounts(orderId)).order).toEqual({
      subtotal: 21_400,
      discount: 4280,
      shippingFee: 1000,
      total: 18_120,
    });
    const offer = (await propose(customer, smash, 1000)).json().offer;
    expect((await answer(smashSeller, offer._id, "aceptada")).statusCode).toBe(200);
    expect((await amounts(orderId)).order).toEqual({
      subtotal: 21_000,
      discount: 4200,
      shippingFee: 1000,
      total: 17_800,
    });
  });

  it("rechazar no cambia importes y avisa al cliente; otro vendedor o el cliente no pueden responder", async () => {
    const { customer, orderId, centro } = await orderOfTwoShops();
    const offer = (await propose(customer, centro, 10_000)).json().offer;
    const before = await amounts(orderId);

    const otherSeller = await signedInUser(api.db, "seller");
    const wrongSeller = await answer(otherSeller, offer._id, "aceptada");
    expect(wrongSeller.statusCode).toBe(404);
    expect(wrongSeller.json()).toEqual({ message: "Oferta no encontrada." });
    expect((await answer(customer, offer._id, "aceptada")).statusCode).toBe(404);
    expect((await answer(seller, offer._id, "quizás")).json().message).toBe("Elige aceptar o rechazar la oferta.");
    // The same call without the spec's final slash reaches the same route.
    const withoutSlash = await api.app.inject({
      method: "POST",
      url: "/seller/handle-seller-response",
      headers: otherSeller.headers,
      payload: { offerId: offer._id, status: "aceptada" },
    });
    expect(withoutSlash.json()).toEqual({ message: "Oferta no encontrada." });

    const rejected = await answer(seller, offer._id, "rechazada");
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ message: "Oferta rechazada.", offer: { status: "rechazada" } });
    expect(await amounts(orderId)).toEqual(before);
    expect(await noticesOf(customer.id, orderId)).toEqual([
      {
        type: "oferta",
        message: `Tu oferta de ${usd(10000)} para el pedido #${orderId.slice(0, 8).toUpperCase()} (Centro Pádel) fue rechazada.`,
      },
    ]);
    // With the offer answered, the customer may propose again.
    expect((await propose(customer, centro, 12_000)).statusCode).toBe(201);
  });

  it("al pagar el pedido su oferta pendiente se cierra: el vendedor ya no la ve y responderla da 409", async () => {
    const { customer, orderId, centro } = await orderOfTwoShops();
    const offer = (await propose(customer, centro, 10_000)).json().offer;
    await creditWallet(api.db, customer.id, 30_000);
    expect(
      (
        await api.app.inject({
          method: "POST",
          url: "/payment/wallet",
          headers: customer.headers,
          payload: { orderId },
        })
      ).statusCode,
    ).toBe(200);
    const before = await amounts(orderId);

    expect((await pendingFor(seller, orderId)).json().offers).toEqual([]);
    for (const status of ["aceptada", "rechazada"]) {
      const late = await answer(seller, offer._id, status);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ message: "Esta oferta ya fue respondida." });
    }
    expect(await amounts(orderId)).toEqual(before);
    const { order } = (
      await api.app.inject({ method: "GET", url: `/home/customer/get-order/${orderId}`, headers: customer.headers })
    ).json();
    const centroPart = order.suborders.find((suborder: { _id: string }) => suborder._id === centro);
    expect(centroPart.offers).toMatchObject([{ _id: offer._id, status: "cerrada" }]);
    expect(centroPart.offers[0].answeredAt).not.toBeNull();
  });

  /** Moves an offer's deadline into the past, as 24 hours without an answer would (decision 0038). */
  const makeOfferLapse = (offerId: string) =>
    api.db.execute(sql`update offers set expires_at = now() - interval '1 minute' where id = ${offerId}`);

  const stockOf = async (productId: string) =>
    (await api.db.execute<{ stock: number }>(sql`select stock from products where id = ${productId}`)).rows[0]!.stock;

  const customerOrder = async (customer: Customer, orderId: string) =>
    (
      await api.app.inject({ method: "GET", url: `/home/customer/get-order/${orderId}`, headers: customer.headers })
    ).json().order;

  it("una oferta pendiente sobrevive a la ventana de pago: el pedido conserva el stock y el vendedor aún la ve", async () => {
    const { customer, orderId, centro } = await orderOfTwoShops();
    const offer = (await propose(customer, centro, 10_000)).json().offer;
    const deadline = Date.parse(offer.expiresAt) - Date.parse(offer.createdAt);
    expect(deadline).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(deadline).toBeLessThan(24 * 3_600_000 + 60_000);
    const stock = await stockOf(vertex().id);
    await makeOverdue(api.db, orderId);
    await api.db.execute(sql`select expire_unpaid_orders()`);

    const [row] = await api.db
      .select({ delivery: orders.deliveryStatus, expiredAt: orders.expiredAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(row).toEqual({ delivery: "pendiente", expiredAt: null });
    expect(await stockOf(vertex().id)).toBe(stock);
    expect((await pendingFor(seller, orderId)).json().offers).toMatchObject([
      { _id: offer._id, status: "pendiente", expiresAt: offer.expiresAt },
    ]);
    expect((await noticesOf(customer.id, orderId)).map((notice) => notice.message)).not.toContain(
      `Tu pedido #${orderNumber(orderId)} caducó sin pagarse y se ha cancelado.`,
    );
  });

  it("mientras la oferta espera, el cliente aún puede pagar el total de ahora hasta su plazo; la oferta queda «cerrada»", async () => {
    const { customer, orderId, centro } = await orderOfTwoShops();
    const offer = (await propose(customer, centro, 10_000)).json().offer;
    await makeOverdue(api.db, orderId);

    const order = await customerOrder(customer, orderId);
    expect(order).toMatchObject({ expiresAt: offer.expiresAt, expired: false });
    const listed = (
      await api.app.inject({
        method: "GET",
        url: `/home/customer/get-orders/${customer.id}/sin_pagar`,
        headers: customer.headers,
      })
    ).json();
    expect(JSON.stringify(listed)).toContain(offer.expiresAt);
    expect(JSON.stringify(listed)).toContain('"payable":true');
    await creditWallet(api.db, customer.id, 30_000);
    const paid = await api.app.inject({
      method: "POST",
      url: "/payment/wallet",
      headers: customer.headers,
      payload: { orderId },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await api.db.select({ total: orders.total }).from(orders).where(eq(orders.id, orderId));
    expect(row!.total).toBe(21_400 + 1000);
    const centroPart = (await customerOrder(customer, orderId)).suborders.find(
      (suborder: { _id: string }) => suborder._id === centro,
    );
    expect(centroPart.offers).toMatchObject([{ _id: offer._id, status: "cerrada" }]);
  });

  it("pasado el plazo de la oferta, un pedido vencido ya no se puede pagar", async () => {
    const { customer, orderId, centro } = await orderOfTwoShops();
    const offer = (await propose(customer, centro, 10_000)).json().offer;
    await makeOverdue(api.db, orderId);
    await makeOfferLapse(offer._id);
    await creditWallet(api.db, customer.id, 30_000);
    const late = await api.app.inject({
      method: "POST",
      url: "/payment/wallet",
      headers: customer.headers,
      payload: { orderId },
    });
    expect(late.statusCode).toBe(409);
  });

  it("sin respuesta en su plazo la oferta caduca («caducada», no «rechazada») y el pedido vencido se cancela", async () => {
    const { customer, orderId, centro } = await orderOfTwoShops();
    const offer = (await propose(customer, centro, 10_000)).json().offer;
    const stock = await stockOf(vertex().id);
    await makeOverdue(api.db, orderId);
    await makeOfferLapse(offer._id);

    expect((await pendingFor(seller, orderId)).json().offers).toEqual([]);
    for (const status of ["aceptada", "rechazada"]) {
      const late = await answer(seller, offer._id, status);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ message: "Esta oferta caducó sin respuesta: ya no se puede responder." });
    }
    const centroPart = (await customerOrder(customer, orderId)).suborders.find(
      (suborder: { _id: string }) => suborder._id === centro,
    );
    expect(centroPart.offers).toMatchObject([{ _id: offer._id, status: "caducada" }]);
    expect(await stockOf(vertex().id)).toBe(stock + 1);
    const notices = await noticesOf(customer.id, orderId);
    expect(notices.map((notice) => notice.message)).toContain(
      `Tu pedido #${orderNumber(orderId)} caducó sin pagarse y se ha cancelado.`,
    );
  });

  it("una oferta respondida tras la ventana de pago da al cliente 30 minutos nuevos para pagar", async () => {
    for (const status of ["aceptada", "rechazada"]) {
      const { customer, orderId, centro } = await orderOfTwoShops();
      const offer = (await propose(customer, centro, 10_000)).json().offer;
      await makeOverdue(api.db, orderId);
      const before = Date.now();
      const answered = await answer(seller, offer._id, status);
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json().offer.status).toBe(status);

      const order = await customerOrder(customer, orderId);
      const window = Date.parse(order.expiresAt) - before;
      expect(window).toBeGreaterThan(29 * 60_000);
      expect(window).toBeLessThan(31 * 60_000);
      expect(order.expired).toBe(false);
      await api.db.execute(sql`select expire_unpaid_orders()`);
      const [row] = await api.db
        .select({ expiredAt: orders.expiredAt, total: orders.total })
        .from(orders)
        .where(eq(orders.id, orderId));
      expect(row!.expiredAt).toBeNull();
      expect(row!.total).toBe(status === "aceptada" ? 10_000 + 1400 + 1000 : 21_400 + 1000);
    }
  });

  it("de dos respuestas a la vez solo una se aplica", async () => {
    const { customer, orderId, centro } = await orderOfTwoShops();
    const offer = (await propose(customer, centro, 16_000)).json().offer;
    const responses = await Promise.all([
      answer(seller, offer._id, "aceptada"),
      answer(seller, offer._id, "rechazada"),
      answer(seller, offer._id, "aceptada"),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const { order, shops } = await amounts(orderId);
    const accepted = responses.some(
      (response) => response.statusCode === 200 && response.json().offer.status === "aceptada",
    );
    expect(order.subtotal).toBe(accepted ? 17_400 : 21_400);
    expect(shops.find((shop) => shop.id === centro)!.subtotal).toBe(accepted ? 16_000 : 20_000);
    expect(await noticesOf(customer.id, orderId)).toHaveLength(1);
  });
});
