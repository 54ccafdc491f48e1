import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import {
  creditWallet,
  makeOverdue,
  placedOrderId,
  putInCart,
  SHIPPING_INFO,
  signedInUser,
  type Customer,
} from "./orders-support";

/**
 * The customer's dashboard, order list and order detail. The catalogue of support.ts with shipping
 * 500 per shop always: Centro Pádel sells the Vertex (20000), Tienda Smash the Head balls (700).
 */
describe("panel y pedidos del cliente", () => {
  const api = useTestApi({ config: { cart: { shippingFeeCents: 500, freeShippingThresholdCents: 10_000_000 } } });
  let catalogue: Catalogue;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
  });

  const vertex = () => catalogue.bySlug["pala-bullpadel-vertex-04"]!;
  const balls = () => catalogue.bySlug["pelotas-head-padel-pro"]!;

  async function resetStock() {
    await api.db.execute(sql`update products set stock = 50 where id in (${vertex().id}, ${balls().id})`);
  }

  /** Places an order of one Vertex and two tubes of balls (two shops): 21400 + 1000 shipping. */
  async function orderOfTwoShops(customer: Customer): Promise<string> {
    await resetStock();
    await putInCart(api.db, customer.id, vertex().id, 1);
    await putInCart(api.db, customer.id, balls().id, 2);
    return placedOrderId(api.app, customer);
  }

  async function orderOfBalls(customer: Customer): Promise<string> {
    await resetStock();
    await putInCart(api.db, customer.id, balls().id, 1);
    return placedOrderId(api.app, customer);
  }

  const get = (customer: Customer | null, url: string) =>
    api.app.inject({ method: "GET", url, headers: customer?.headers ?? {} });

  it("el panel cuenta los pedidos, los pendientes y los cancelados, y lista los recientes", async () => {
    const customer = await signedInUser(api.db);
    const empty = await get(customer, `/home/customer/get-dashboard-data/${customer.id}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ totalOrder: 0, pendingOrder: 0, cancelledOrder: 0, recentOrders: [] });

    const expiredId = await orderOfBalls(customer);
    await makeOverdue(api.db, expiredId);
    const newestId = await orderOfTwoShops(customer);

    const response = await get(customer, `/home/customer/get-dashboard-data/${customer.id}`);
    expect(response.statusCode).toBe(200);
    const dashboard = response.json();
    expect(dashboard).toMatchObject({ totalOrder: 2, pendingOrder: 1, cancelledOrder: 1 });
    expect(dashboard.recentOrders).toEqual([
      expect.objectContaining({
        _id: newestId,
        number: newestId.slice(0, 8).toUpperCase(),
        price: 22_400,
        delivery_status: "pendiente",
        payment_status: "sin_pagar",
        expired: false,
        payable: true,
        shopCount: 2,
        itemCount: 3,
      }),
      expect.objectContaining({
        _id: expiredId,
        price: 1200,
        delivery_status: "cancelado",
        expired: true,
        payable: false,
        shopCount: 1,
        itemCount: 1,
      }),
    ]);
    expect(Date.parse(dashboard.recentOrders[0].createdAt)).toBeGreaterThan(0);
  });

  it("el panel de otro usuario se niega; un admin lo ve; sin sesión es 401", async () => {
    const customer = await signedInUser(api.db);
    const stranger = await signedInUser(api.db);
    const admin = await signedInUser(api.db, "admin");
    await orderOfBalls(customer);

    const refused = await get(stranger, `/home/customer/get-dashboard-data/${customer.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "No tienes permiso para esta acción." });
    expect((await get(admin, `/home/customer/get-dashboard-data/${customer.id}`)).json()).toMatchObject({
      totalOrder: 1,
    });
    expect((await get(null, `/home/customer/get-dashboard-data/${customer.id}`)).statusCode).toBe(401);
    const malformed = await get(customer, "/home/customer/get-dashboard-data/nadie");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("El usuario no es válido.");
  });

  it("lista los pedidos del cliente, los más nuevos primero, por estado y por páginas", async () => {
    const customer = await signedInUser(api.db);
    const first = await orderOfBalls(customer);
    const second = await orderOfTwoShops(customer);
    const third = await orderOfBalls(customer);
    await makeOverdue(api.db, first);
    // A paid order leaves the unpaid filter.
    await creditWallet(api.db, customer.id, 10_000);
    const paid = await api.app.inject({
      method: "POST",
      url: "/payment/wallet",
      headers: customer.headers,
      payload: { orderId: third },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const ids = async (status: string, query = "") => {
      const response = await get(customer, `/home/customer/get-orders/${customer.id}/${status}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect((await ids("all")).orders.map((order: { _id: string }) => order._id)).toEqual([third, second, first]);
    expect(await ids("all")).toMatchObject({ totalOrder: 3, page: 1, parPage: 10 });
    expect((await ids("cancelado")).orders.map((order: { _id: string }) => order._id)).toEqual([first]);
    expect((await ids("pendiente")).orders.map((order: { _id: string }) => order._id)).toEqual([third, second]);
    expect((await ids("sin_pagar")).orders.map((order: { _id: string }) => order._id)).toEqual([second]);
    expect((await ids("entregado")).orders).toEqual([]);

    const page2 = await ids("all", "?page=2&parPage=2");
    expect(page2).toMatchObject({ totalOrder: 3, page: 2, parPage: 2 });
    expect(page2.orders.map((order: { _id: string }) => order._id)).toEqual([first]);
  });

  it("la lista rechaza estados desconocidos y pedidos de otro cliente", async () => {
    const customer = await signedInUser(api.db);
    const stranger = await signedInUser(api.db);
    const unknown = await get(customer, `/home/customer/get-orders/${customer.id}/perdido`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("El estado del pedido no es válido.");
    const badPage = await get(customer, `/home/customer/get-orders/${customer.id}/all?parPage=500`);
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toBe("Se muestran como mucho 50 pedidos por página.");
    expect((await get(stranger, `/home/customer/get-orders/${customer.id}/all`)).statusCode).toBe(403);
  });

  it("el detalle trae productos por tienda, estados, pago, dirección, totales, caducidad y ofertas", async () => {
    const customer = await signedInUser(api.db);
    const orderId = await orderOfTwoShops(customer);
    const response = await get(customer, `/home/customer/get-order/${orderId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { order } = response.json();
    expect(order).toMatchObject({
      _id: orderId,
      subtotal: 21_400,
      shipping_fee: 1000,
      price: 22_400,
      payment_status: "sin_pagar",
      delivery_status: "pendiente",
      payment_method: null,
      expired: false,
      payable: true,
      shippingInfo: SHIPPING_INFO,
    });
    expect(Date.parse(order.expiresAt)).toBeGreaterThan(Date.now());
    expect(order.suborders).toMatchObject([
      {
        shopName: "Centro Pádel",
        subtotal: 20_000,
        shipping_fee: 500,
        price: 20_500,
        delivery_status: "pendiente",
        payment_status: "sin_pagar",
        products: [{ name: "Pala Bullpadel Vertex 04", quantity: 1, unitPrice: 20_000 }],
        offers: [],
        canOffer: true,
      },
      {
        shopName: "Tienda Smash",
        subtotal: 1400,
        products: [{ name: "Pelotas Head Padel Pro", quantity: 2 }],
        offers: [],
        canOffer: true,
      },
    ]);
  });

  it("un pedido caducado o pagado no se puede pagar ni ofertar", async () => {
    const customer = await signedInUser(api.db);
    const expiredId = await orderOfBalls(customer);
    await makeOverdue(api.db, expiredId);
    const expired = (await get(customer, `/home/customer/get-order/${expiredId}`)).json().order;
    expect(expired).toMatchObject({ expired: true, payable: false, delivery_status: "cancelado" });
    expect(expired.suborders[0].canOffer).toBe(false);
  });

  it("el pedido de otro cliente no existe para él; un admin lo ve", async () => {
    const customer = await signedInUser(api.db);
    const stranger = await signedInUser(api.db);
    const admin = await signedInUser(api.db, "admin");
    const orderId = await orderOfBalls(customer);

    const refused = await get(stranger, `/home/customer/get-order/${orderId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: "Pedido no encontrado." });
    expect((await get(admin, `/home/customer/get-order/${orderId}`)).statusCode).toBe(200);
    expect((await get(customer, "/home/customer/get-order/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await get(customer, "/home/customer/get-order/nada")).statusCode).toBe(400);
    expect((await get(null, `/home/customer/get-order/${orderId}`)).statusCode).toBe(401);
  });

  it("las ofertas de un pedido se leen aparte, solo por su cliente o un admin", async () => {
    const customer = await signedInUser(api.db);
    const stranger = await signedInUser(api.db);
    const admin = await signedInUser(api.db, "admin");
    const orderId = await orderOfTwoShops(customer);
    const { order } = (await get(customer, `/home/customer/get-order/${orderId}`)).json();
    const centro = order.suborders[0]._id;
    const offer = await api.app.inject({
      method: "POST",
      url: "/home/customer/offer",
      headers: customer.headers,
      payload: { shopOrderId: centro, price: 19_000 },
    });
    expect(offer.statusCode, offer.body).toBe(201);

    const response = await get(customer, `/home/customer/get-offers/${orderId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().offers).toEqual([
      {
        _id: offer.json().offer._id,
        shopOrderId: centro,
        price: 19_000,
        status: "pendiente",
        createdAt: expect.any(String),
        answeredAt: null,
        expiresAt: offer.json().offer.expiresAt,
      },
    ]);
    expect((await get(admin, `/home/customer/get-offers/${orderId}`)).json().offers).toHaveLength(1);
    const refused = await get(stranger, `/home/customer/get-offers/${orderId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: "Pedido no encontrado." });
  });

  it("la cartera da el saldo y cada movimiento con fecha y motivo; la de otro se niega", async () => {
    const customer = await signedInUser(api.db);
    const stranger = await signedInUser(api.db);
    await creditWallet(api.db, customer.id, 5000);
    const orderId = await orderOfBalls(customer);
    await api.app.inject({ method: "POST", url: "/payment/wallet", headers: customer.headers, payload: { orderId } });

    const wallet = await get(customer, `/wallet/${customer.id}`);
    expect(wallet.statusCode).toBe(200);
    const { balance, entries } = wallet.json();
    expect(balance).toBe(5000 - 1200);
    expect(entries).toEqual([
      {
        _id: expect.any(String),
        amount: -1200,
        reason: `Pago del pedido #${orderId.slice(0, 8).toUpperCase()}`,
        createdAt: expect.any(String),
      },
      { _id: expect.any(String), amount: 5000, reason: "Saldo de prueba", createdAt: expect.any(String) },
    ]);
    expect(Number.isNaN(Date.parse(entries[0].createdAt))).toBe(false);

    const refused = await get(stranger, `/wallet/${customer.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "No tienes permiso para esta acción." });
  });
});
