import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ownProductInOrder, ownProductsLeftOut } from "#contract/cart";
import { OWN_PRODUCT } from "#contract/messages";
import type { NotificationItem } from "#contract/notifications";
import {
  DELIVERED_ONLY_AFTER_SHIPPED,
  TRACKING_NUMBER_INVALID,
  TRACKING_NUMBER_ONLY_WHEN_SHIPPING,
  type OrderDetail,
} from "#contract/orders";
import { handedOverLabel, orderNumber } from "#contract/order-labels";
import type { SellerOrderDetail } from "#contract/seller-orders";
import { auditLog, cartItems, orders } from "../../api/src/db/schema";
import {
  customerWithOrder,
  payFromWallet,
  storedNotifications,
  subOrderIds,
  type TwoSellers,
} from "./notifications-support";
import {
  cartLineCount,
  placeOrder,
  putInCart,
  signedInAs,
  signedInUser,
  stockOf,
  type Customer,
} from "./orders-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";

/**
 * Sellers fulfil orders (issue 12) on PGlite: shipping a part needs the carrier's tracking number,
 * which the seller's, the admin's and the customer's order pages, the customer's notice and the
 * audit log carry; a seller cannot buy from their own shop; a seller's notices about an order lead
 * to their own part of it.
 */
describe("los vendedores preparan y envían los pedidos (PGlite)", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let sellers: TwoSellers;
  let admin: Customer;

  const call = (
    method: "GET" | "POST" | "PUT",
    url: string,
    user: Customer | { headers: Record<string, string> } | undefined,
    payload?: unknown,
  ) =>
    api.app.inject({
      method,
      url,
      headers: user?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const sellerMoves = (user: Customer, subOrderId: string, payload: Record<string, unknown>) =>
    call("PUT", `/seller/order-status/update/${subOrderId}`, user, payload);
  const sellerDetail = async (user: Customer, subOrderId: string): Promise<SellerOrderDetail> => {
    const response = await call("GET", `/seller/order/${subOrderId}`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().order;
  };
  const customerOrder = async (customer: Customer, orderId: string): Promise<OrderDetail> => {
    const response = await call("GET", `/home/customer/get-order/${orderId}`, customer);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().order;
  };
  const noticesOf = async (user: Customer): Promise<NotificationItem[]> => {
    const response = await call("GET", `/user/notifications/${user.id}?parPage=50`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().notifications;
  };

  async function paidOrder() {
    const placed = await customerWithOrder(api.app, api.db, catalogue);
    await payFromWallet(api.app, api.db, placed.customer, placed.orderId);
    const subs = await subOrderIds(api.app, placed.customer, placed.orderId);
    return { ...placed, centroSub: subs["Centro Pádel"]!, smashSub: subs["Tienda Smash"]! };
  }

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = {
      centro: await signedInAs(catalogue.owner.id, "seller"),
      smash: await signedInAs(catalogue.smashOwner.id, "seller"),
    };
    admin = await signedInUser(api.db, "admin");
  });

  describe("número de seguimiento", () => {
    it("el número de un envío va recortado, de 6 a 40 letras, números, espacios y guiones, y ningún otro paso lo admite", async () => {
      const { centroSub } = await paidOrder();
      const refusals: [Record<string, unknown>, string][] = [
        [{ status: "enviado", trackingNumber: " AB1 " }, TRACKING_NUMBER_INVALID],
        [{ status: "enviado", trackingNumber: "A".repeat(41) }, TRACKING_NUMBER_INVALID],
        [{ status: "enviado", trackingNumber: "ES<123456>" }, TRACKING_NUMBER_INVALID],
        [{ status: "enviado", trackingNumber: 123456789 }, TRACKING_NUMBER_INVALID],
        [{ status: "procesando", trackingNumber: "ES123456789" }, TRACKING_NUMBER_ONLY_WHEN_SHIPPING],
      ];
      for (const [payload, message] of refusals) {
        const refused = await sellerMoves(sellers.centro, centroSub, payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
        expect(refused.json().errors).toEqual([{ field: "trackingNumber", message }]);
      }
      expect((await sellerDetail(sellers.centro, centroSub)).delivery_status).toBe("pendiente");
    });

    it("el vendedor envía su parte con el número: lo ven el vendedor, el cliente, su aviso y el registro de auditoría", async () => {
      const { customer, orderId, centroSub, smashSub } = await paidOrder();
      const moved = await sellerMoves(sellers.centro, centroSub, {
        status: "enviado",
        trackingNumber: "  ES 1234-5678  ",
      });
      expect(moved.statusCode, moved.body).toBe(200);

      const seller = await sellerDetail(sellers.centro, centroSub);
      expect(seller).toMatchObject({ delivery_status: "enviado", trackingNumber: "ES 1234-5678", deliveredAt: null });
      expect(Date.parse(seller.shippedAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect(await sellerDetail(sellers.smash, smashSub)).toMatchObject({ trackingNumber: null, shippedAt: null });

      const parts = Object.fromEntries(
        (await customerOrder(customer, orderId)).suborders.map((part) => [part.shopName, part]),
      );
      expect(parts["Centro Pádel"]).toMatchObject({
        delivery_status: "enviado",
        trackingNumber: "ES 1234-5678",
        shippedAt: seller.shippedAt,
      });
      expect(parts["Tienda Smash"]).toMatchObject({
        delivery_status: "pendiente",
        trackingNumber: null,
        shippedAt: null,
      });
      const adminParts = (await call("GET", `/admin/order/${orderId}`, admin)).json().order.suborders as {
        shopName: string;
        trackingNumber: string | null;
      }[];
      expect(adminParts.find((part) => part.shopName === "Centro Pádel")!.trackingNumber).toBe("ES 1234-5678");

      expect((await storedNotifications(api.db, customer.id)).at(-1)!.message).toBe(
        `Tu pedido #${orderNumber(orderId)} de Centro Pádel está ahora «Enviado». Número de seguimiento: ES 1234-5678.`,
      );
      const [entry] = await api.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, "pedido.estado")));
      expect(entry).toMatchObject({
        actorId: sellers.centro.id,
        after: { deliveryStatus: "Centro Pádel: enviado", trackingNumber: "ES 1234-5678" },
      });

      // Delivered later without a number: the number given when shipping stays.
      expect((await sellerMoves(sellers.centro, centroSub, { status: "entregado" })).statusCode).toBe(200);
      const delivered = await sellerDetail(sellers.centro, centroSub);
      expect(delivered).toMatchObject({
        delivery_status: "entregado",
        trackingNumber: "ES 1234-5678",
        shippedAt: seller.shippedAt,
      });
      expect(delivered.deliveredAt).not.toBeNull();
      expect(handedOverLabel(delivered)).toBe("Enviado el");
    });

    it("nadie entrega una parte sin enviarla antes; una entregada así antes de la regla se fecha como entregada", async () => {
      const { customer, orderId } = await paidOrder();
      const refused = await call("PUT", `/admin/order-status/update/${orderId}`, admin, { status: "entregado" });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(new RegExp(`: ${DELIVERED_ONLY_AFTER_SHIPPED}$`));
      expect((await customerOrder(customer, orderId)).suborders.map((part) => part.delivery_status)).toEqual([
        "pendiente",
        "pendiente",
      ]);
      // Before issue 31 a part could be delivered at once: both moments were stamped in one statement.
      await api.db.execute(
        sql`update shop_orders set delivery_status = 'entregado', shipped_at = now(), delivered_at = now() where order_id = ${orderId}`,
      );
      const order = await customerOrder(customer, orderId);
      for (const part of order.suborders) {
        expect(part.deliveredAt).not.toBeNull();
        expect(part.shippedAt).toBe(part.deliveredAt);
        expect(handedOverLabel(part)).toBe("Entregado el");
      }
    });

    it("la administración envía todo el pedido con un número, que llevan todas las partes que se mueven", async () => {
      const { customer, orderId } = await paidOrder();
      const moved = await call("PUT", `/admin/order-status/update/${orderId}`, admin, {
        status: "enviado",
        trackingNumber: "CORREOS-99887766",
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const order = await customerOrder(customer, orderId);
      expect(order.suborders.map((part) => [part.delivery_status, part.trackingNumber])).toEqual([
        ["enviado", "CORREOS-99887766"],
        ["enviado", "CORREOS-99887766"],
      ]);
      expect((await storedNotifications(api.db, customer.id)).at(-1)!.message).toBe(
        `Tu pedido #${orderNumber(orderId)} está ahora «Enviado». Número de seguimiento: CORREOS-99887766.`,
      );
    });
  });

  describe("un vendedor no compra en su propia tienda", () => {
    const vertex = () => catalogue.bySlug["pala-bullpadel-vertex-04"]!;
    const balls = () => catalogue.bySlug["pelotas-head-padel-pro"]!;

    it("no puede añadir su producto al carrito; sí los de otras tiendas", async () => {
      const seller = sellers.centro;
      const own = await call("POST", "/home/product/add-to-card", seller, {
        userId: seller.id,
        productId: vertex().id,
        quantity: 1,
      });
      expect(own.statusCode).toBe(400);
      expect(own.json().message).toBe(OWN_PRODUCT);
      expect(await cartLineCount(api.db, seller.id)).toBe(0);
      const other = await call("POST", "/home/product/add-to-card", seller, {
        userId: seller.id,
        productId: balls().id,
        quantity: 1,
      });
      expect(other.statusCode, other.body).toBe(201);
      await api.db.delete(cartItems).where(eq(cartItems.userId, seller.id));
    });

    it("al iniciar sesión, sus productos del carrito de visitante se quedan fuera, con un mensaje", async () => {
      const guestId = randomUUID();
      const guest = { headers: { authorization: `Guest ${guestId}` } };
      for (const productId of [vertex().id, balls().id]) {
        expect(
          (await call("POST", "/home/product/add-to-card", guest, { userId: guestId, productId, quantity: 1 }))
            .statusCode,
        ).toBe(201);
      }
      const merged = await call("POST", "/home/product/merge-guest-lists", sellers.centro, { guestId });
      expect(merged.statusCode, merged.body).toBe(200);
      expect(merged.json().message).toBe(ownProductsLeftOut(1));
      const lines = await api.db
        .select({ productId: cartItems.productId })
        .from(cartItems)
        .where(eq(cartItems.userId, sellers.centro.id));
      expect(lines).toEqual([{ productId: balls().id }]);
      expect(await api.db.select().from(cartItems).where(eq(cartItems.guestId, guestId))).toHaveLength(0);
      await api.db.delete(cartItems).where(eq(cartItems.userId, sellers.centro.id));
    });

    it("no puede hacer un pedido con un producto suyo que ya estaba en el carrito: nada cambia", async () => {
      const seller = sellers.centro;
      await putInCart(api.db, seller.id, balls().id, 1);
      await putInCart(api.db, seller.id, vertex().id, 1);
      const [vertexStock, ballStock] = [await stockOf(api.db, vertex().id), await stockOf(api.db, balls().id)];
      const refused = await placeOrder(api.app, seller);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ownProductInOrder("Pala Bullpadel Vertex 04"));
      expect(await api.db.select().from(orders).where(eq(orders.userId, seller.id))).toHaveLength(0);
      expect([await stockOf(api.db, vertex().id), await stockOf(api.db, balls().id)]).toEqual([vertexStock, ballStock]);
      expect(await cartLineCount(api.db, seller.id)).toBe(2);
      await api.db.delete(cartItems).where(eq(cartItems.userId, seller.id));
    });
  });

  describe("los avisos de un vendedor llevan a sus páginas", () => {
    it("pedido, pago y oferta llevan a su parte del pedido; el cliente no la recibe; una reseña, a su producto", async () => {
      const { customer, orderId, centroSub, smashSub } = await (async () => {
        const placed = await customerWithOrder(api.app, api.db, catalogue);
        const subs = await subOrderIds(api.app, placed.customer, placed.orderId);
        return { ...placed, centroSub: subs["Centro Pádel"]!, smashSub: subs["Tienda Smash"]! };
      })();
      const offer = await call("POST", "/home/customer/offer", customer, { shopOrderId: centroSub, price: 100 });
      expect(offer.statusCode, offer.body).toBe(201);
      await payFromWallet(api.app, api.db, customer, orderId);

      const aboutOrder = (notices: NotificationItem[]) => notices.filter((notice) => notice.orderId === orderId);
      const centro = aboutOrder(await noticesOf(sellers.centro));
      expect(centro.map((notice) => notice.type).sort()).toEqual(["oferta", "pago", "pedido"]);
      for (const notice of centro) expect(notice.sellerOrderId).toBe(centroSub);
      const smash = aboutOrder(await noticesOf(sellers.smash));
      expect(smash.map((notice) => notice.type).sort()).toEqual(["pago", "pedido"]);
      for (const notice of smash) expect(notice.sellerOrderId).toBe(smashSub);
      const own = aboutOrder(await noticesOf(customer));
      expect(own.length).toBeGreaterThan(0);
      for (const notice of own) expect(notice).not.toHaveProperty("sellerOrderId");

      const review = await call("POST", "/home/customer/submit-review", customer, {
        productId: catalogue.bySlug["pala-bullpadel-vertex-04"]!.id,
        rating: 5,
        text: "Una pala excelente, llegó muy rápido.",
      });
      expect(review.statusCode, review.body).toBe(201);
      const reviewNotice = (await noticesOf(sellers.centro)).find((notice) => notice.type === "resena");
      expect(reviewNotice!.product).toEqual({
        _id: catalogue.bySlug["pala-bullpadel-vertex-04"]!.id,
        slug: "pala-bullpadel-vertex-04",
        own: true,
      });
    });
  });

  it("aceptar una oferta queda en el registro de auditoría del pedido", async () => {
    const placed = await customerWithOrder(api.app, api.db, catalogue);
    const centroSub = (await subOrderIds(api.app, placed.customer, placed.orderId))["Centro Pádel"]!;
    const offer = await call("POST", "/home/customer/offer", placed.customer, { shopOrderId: centroSub, price: 15000 });
    expect(offer.statusCode, offer.body).toBe(201);
    const answered = await call("POST", "/seller/handle-seller-response/", sellers.centro, {
      offerId: offer.json().offer._id,
      status: "aceptada",
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, placed.orderId), eq(auditLog.action, "pedido.oferta")));
    expect(entry).toMatchObject({
      actorId: sellers.centro.id,
      entity: "pedido",
      before: { shop: "Centro Pádel", offer: 15000, status: "pendiente" },
      after: { subtotal: 15000, status: "aceptada" },
    });
    expect(
      (await customerOrder(placed.customer, placed.orderId)).suborders.find((part) => part.shopName === "Centro Pádel")!
        .subtotal,
    ).toBe(15000);
  });
});
