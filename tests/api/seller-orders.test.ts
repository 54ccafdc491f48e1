import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "#contract/order-labels";
import {
  SELLER_ORDER_NOT_FOUND,
  SELLER_ORDERS_NOT_YOURS,
  type SellerOrderDetail,
  type SellerOrderSummary,
} from "#contract/seller-orders";
import { users } from "../../api/src/db/schema";
import {
  customerWithOrder,
  payFromWallet,
  splitShopOwners,
  subOrderIds,
  type TwoSellers,
} from "./notifications-support";
import { signedInAs, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";

/**
 * A seller's orders (issue 12) on PGlite: each seller reads only their own shop's sub-orders,
 * searches and filters them, and sees the steps the status rules allow.
 */
describe("pedidos del vendedor (PGlite)", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let sellers: TwoSellers;
  let admin: Customer;
  let paid: { customer: Customer; orderId: string; centroSub: string; smashSub: string };
  let unpaid: { customer: Customer; orderId: string; centroSub: string; smashSub: string };

  const get = (url: string, user?: Customer) => api.app.inject({ method: "GET", url, headers: user?.headers ?? {} });
  const list = async (
    user: Customer,
    query = "",
    sellerId = user.id,
  ): Promise<{ orders: SellerOrderSummary[]; totalOrder: number; page: number; parPage: number }> => {
    const response = await get(`/seller/orders/${sellerId}${query}`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const detail = async (user: Customer, id: string): Promise<SellerOrderDetail> => {
    const response = await get(`/seller/order/${id}`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().order;
  };

  async function placed(pay: boolean, name: string) {
    const order = await customerWithOrder(api.app, api.db, catalogue);
    await api.db.update(users).set({ name }).where(eq(users.id, order.customer.id));
    if (pay) await payFromWallet(api.app, api.db, order.customer, order.orderId);
    const subs = await subOrderIds(api.app, order.customer, order.orderId);
    return { ...order, centroSub: subs["Centro Pádel"]!, smashSub: subs["Tienda Smash"]! };
  }

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = await splitShopOwners(api.db, catalogue);
    admin = await signedInUser(api.db, "admin");
    unpaid = await placed(false, "Marta Sin Pagar");
    paid = await placed(true, "Lucía Pagadora");
  });

  it("cada vendedor ve solo los subpedidos de su tienda, los más nuevos primero, con comisión y neto", async () => {
    const centro = await list(sellers.centro);
    expect(centro.totalOrder).toBe(2);
    expect(centro.orders.map((order) => order._id)).toEqual([paid.centroSub, unpaid.centroSub]);
    const first = centro.orders[0]!;
    expect(first).toMatchObject({
      orderId: paid.orderId,
      number: orderNumber(paid.orderId),
      customerName: "Lucía Pagadora",
      itemsCount: 1,
      payment_status: "pagado",
      delivery_status: "pendiente",
    });
    expect(first.sellerNet).toBe(first.total - first.commission);
    expect(first.total).toBe(first.subtotal + first.shipping_fee);

    const smash = await list(sellers.smash);
    expect(smash.orders.map((order) => order._id)).toEqual([paid.smashSub, unpaid.smashSub]);
    expect(smash.orders[0]!.itemsCount).toBe(2);
  });

  it("pagina con page y parPage", async () => {
    const page2 = await list(sellers.centro, "?page=2&parPage=1");
    expect(page2).toMatchObject({ totalOrder: 2, page: 2, parPage: 1 });
    expect(page2.orders.map((order) => order._id)).toEqual([unpaid.centroSub]);
    expect((await get(`/seller/orders/${sellers.centro.id}?parPage=0`, sellers.centro)).statusCode).toBe(400);
  });

  it("busca por número de pedido o por cliente y filtra por estado", async () => {
    const byNumber = await list(sellers.centro, `?searchValue=${encodeURIComponent(`#${orderNumber(paid.orderId)}`)}`);
    expect(byNumber.orders.map((order) => order._id)).toEqual([paid.centroSub]);
    const byName = await list(sellers.centro, `?searchValue=${encodeURIComponent("marta")}`);
    expect(byName.orders.map((order) => order._id)).toEqual([unpaid.centroSub]);
    expect((await list(sellers.centro, "?searchValue=%25")).totalOrder).toBe(0);
    expect((await list(sellers.centro, "?status=procesando")).totalOrder).toBe(0);
    expect((await list(sellers.centro, "?status=pendiente")).totalOrder).toBe(2);
    expect((await get(`/seller/orders/${sellers.centro.id}?status=perdido`, sellers.centro)).statusCode).toBe(400);
  });

  it("el detalle trae líneas, dirección, dinero y los pasos que permiten las reglas", async () => {
    const order = await detail(sellers.centro, paid.centroSub);
    expect(order).toMatchObject({
      shopName: "Centro Pádel",
      payment_status: "pagado",
      delivery_status: "pendiente",
      // Delivered only once sent (issue 31); not sent, its money is not due yet.
      nextStatuses: ["procesando", "enviado", "cancelado"],
      receivedAt: null,
      moneyAvailableAt: null,
      moneyAvailable: false,
    });
    expect(order.shippingInfo.city).toBe("Madrid");
    expect(order.products).toHaveLength(1);
    const line = order.products[0]!;
    expect(line).toMatchObject({
      name: "Pala Bullpadel Vertex 04",
      size: null,
      quantity: 1,
      lineTotal: line.unitPrice,
    });
    expect(line.commission).toBe(order.commission);
    expect(line.sellerNet).toBe(line.lineTotal - line.commission);

    // Unpaid: only cancelling is allowed.
    expect((await detail(sellers.centro, unpaid.centroSub)).nextStatuses).toEqual(["cancelado"]);

    // After moving it, the allowed steps follow; the list's filter too.
    const moved = await api.app.inject({
      method: "PUT",
      url: `/seller/order-status/update/${paid.centroSub}`,
      headers: sellers.centro.headers,
      payload: { status: "enviado", trackingNumber: "ES123456789" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Sent: delivered is next, the seller may no longer cancel it, and its money has its date.
    const sent = await detail(sellers.centro, paid.centroSub);
    expect(sent).toMatchObject({ nextStatuses: ["entregado"], moneyAvailable: false });
    expect(Date.parse(sent.moneyAvailableAt!) - Date.parse(sent.shippedAt!)).toBe(14 * 24 * 60 * 60 * 1000);
    expect((await list(sellers.centro, "?status=enviado")).orders.map((row) => row._id)).toEqual([paid.centroSub]);
  });

  it("el subpedido de otra tienda no existe para él; los clientes reciben 403; la administración lee", async () => {
    const other = await get(`/seller/order/${paid.smashSub}`, sellers.centro);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(SELLER_ORDER_NOT_FOUND);
    expect((await get(`/seller/order/${crypto.randomUUID()}`, sellers.centro)).statusCode).toBe(404);
    expect((await get(`/seller/order/no-es-un-id`, sellers.centro)).statusCode).toBe(400);

    const foreignList = await get(`/seller/orders/${sellers.smash.id}`, sellers.centro);
    expect(foreignList.statusCode).toBe(403);
    expect(foreignList.json().message).toBe(SELLER_ORDERS_NOT_YOURS);

    expect((await get(`/seller/orders/${paid.customer.id}`, paid.customer)).statusCode).toBe(403);
    expect((await get(`/seller/order/${paid.centroSub}`, paid.customer)).statusCode).toBe(403);
    expect((await get(`/seller/order/${paid.centroSub}`)).statusCode).toBe(401);

    expect((await detail(admin, paid.smashSub)).shopName).toBe("Tienda Smash");
    expect((await list(admin, "", sellers.smash.id)).totalOrder).toBe(2);
  });

  it("un vendedor sin tienda no tiene pedidos", async () => {
    const lonely = await signedInAs((await signedInUser(api.db, "seller")).id, "seller");
    expect((await list(lonely)).totalOrder).toBe(0);
  });
});
