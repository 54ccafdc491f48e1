import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { notifications, offers, orders, shopOrders } from "../../api/src/db/schema";
import { notify } from "../../api/src/modules/notifications/service";
import { formatUsd as usd } from "#contract/money-format";
import { orderNumber } from "#contract/order-labels";
import { DELIVERED_ONLY_AFTER_SHIPPED } from "#contract/orders";
import { walletBalance } from "../../api/src/modules/wallet/ledger";
import { makeOverdue, signedInUser, stockOf, type Customer } from "./orders-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import {
  customerWithOrder,
  payFromWallet,
  splitShopOwners,
  storedNotifications,
  subOrderIds,
  type TwoSellers,
} from "./notifications-support";

describe("notificaciones", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let sellers: TwoSellers;
  let admin: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = await splitShopOwners(api.db, catalogue);
    admin = await signedInUser(api.db, "admin");
  });

  const call = (method: "GET" | "PATCH" | "DELETE" | "POST" | "PUT", url: string, user?: Customer, payload?: unknown) =>
    api.app.inject({ method, url, headers: user?.headers, payload: payload as object | undefined });

  /** `count` notifications for the user, one second apart, the last one newest. */
  async function seedNotifications(userId: string, count: number) {
    for (let index = 1; index <= count; index++) {
      await notify(api.db, [{ userId, type: "sistema", message: `Aviso ${index}` }]);
      await api.db.execute(
        sql`update notifications set created_at = now() - make_interval(secs => ${count - index}) where message = ${`Aviso ${index}`} and user_id = ${userId}`,
      );
    }
  }

  describe("lista, lectura y borrado", () => {
    it("lista las del usuario, las más nuevas primero, por páginas y con los contadores", async () => {
      const user = await signedInUser(api.db);
      await seedNotifications(user.id, 7);

      const first = await call("GET", `/user/notifications/${user.id}?page=1&parPage=5`, user);
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body).toMatchObject({ totalNotification: 7, unreadCount: 7, page: 1, parPage: 5 });
      expect(body.notifications.map((item: { message: string }) => item.message)).toEqual([
        "Aviso 7",
        "Aviso 6",
        "Aviso 5",
        "Aviso 4",
        "Aviso 3",
      ]);
      expect(body.notifications[0]).toEqual({
        _id: expect.any(String),
        message: "Aviso 7",
        orderId: null,
        type: "sistema",
        read: false,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      const second = (await call("GET", `/user/notifications/${user.id}?page=2&parPage=5`, user)).json();
      expect(second.notifications.map((item: { message: string }) => item.message)).toEqual(["Aviso 2", "Aviso 1"]);

      // Without paging, the spec's plain list, newest first.
      const all = (await call("GET", `/user/notifications/${user.id}`, user)).json();
      expect(all.map((item: { message: string }) => item.message)).toEqual([
        "Aviso 7",
        "Aviso 6",
        "Aviso 5",
        "Aviso 4",
        "Aviso 3",
        "Aviso 2",
        "Aviso 1",
      ]);
      expect((await call("GET", `/user/notifications/${user.id}?parPage=3`, user)).json()).toMatchObject({
        page: 1,
        parPage: 3,
        totalNotification: 7,
      });
      expect((await call("GET", `/user/notifications/${user.id}?parPage=500`, user)).statusCode).toBe(400);
      expect((await call("GET", `/user/notifications/${user.id}?page=1e20`, user)).json()).toMatchObject({
        message: "La página no es válida.",
      });
      expect((await call("GET", `/user/notifications/${user.id}?page=99`, user)).json()).toMatchObject({
        notifications: [],
        totalNotification: 7,
      });

      expect((await call("GET", `/user/notifications-unread/${user.id}`, user)).json()).toEqual({ unreadCount: 7 });
      // The header's counts carry it too, so a page needs one call for all its badges.
      expect((await call("GET", `/home/product/get-counts/${user.id}`, user)).json()).toMatchObject({
        notification_count: 7,
      });
    });

    it("solo el propio usuario o un administrador leen la lista; sin sesión, 401", async () => {
      const owner = await signedInUser(api.db);
      const stranger = await signedInUser(api.db);
      await seedNotifications(owner.id, 1);
      expect((await call("GET", `/user/notifications/${owner.id}`)).statusCode).toBe(401);
      const refused = await call("GET", `/user/notifications/${owner.id}`, stranger);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: "No tienes permiso para esta acción." });
      expect((await call("GET", `/user/notifications-unread/${owner.id}`, stranger)).statusCode).toBe(403);
      expect((await call("GET", `/user/notifications/${owner.id}`, admin)).json()).toHaveLength(1);
      expect((await call("GET", "/user/notifications/no-es-un-id", owner)).json()).toMatchObject({
        message: "El usuario no es válido.",
      });
    });

    it("marca como leída la propia y responde la notificación; la de otro no existe", async () => {
      const owner = await signedInUser(api.db);
      const stranger = await signedInUser(api.db);
      await seedNotifications(owner.id, 2);
      const [notification] = await storedNotifications(api.db, owner.id);

      const refused = await call("PATCH", `/user/notifiactions-read/${notification!.id}`, stranger);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: "Notificación no encontrada." });
      // Not even an admin marks someone else's notification.
      expect((await call("PATCH", `/user/notifiactions-read/${notification!.id}`, admin)).statusCode).toBe(404);

      const marked = await call("PATCH", `/user/notifiactions-read/${notification!.id}`, owner);
      expect(marked.statusCode).toBe(200);
      // The spec's answer: the updated notification itself.
      expect(marked.json()).toMatchObject({ _id: notification!.id, read: true, message: "Aviso 1" });
      expect((await call("GET", `/user/notifications-unread/${owner.id}`, owner)).json()).toEqual({ unreadCount: 1 });
      const unread = (await call("GET", `/user/notifications/${owner.id}?unread=true`, owner)).json();
      expect(unread.map((item: { message: string }) => item.message)).toEqual(["Aviso 2"]);
      expect((await call("GET", `/user/notifications/${owner.id}?unread=true&page=1`, owner)).json()).toMatchObject({
        totalNotification: 1,
        unreadCount: 1,
      });
      expect((await call("PATCH", `/user/notifiactions-read/${crypto.randomUUID()}`, owner)).statusCode).toBe(404);
    });

    it("borra solo la propia", async () => {
      const owner = await signedInUser(api.db);
      const stranger = await signedInUser(api.db);
      await seedNotifications(owner.id, 1);
      const [notification] = await storedNotifications(api.db, owner.id);

      expect((await call("DELETE", `/user/delete-notifications/${notification!.id}`)).statusCode).toBe(401);
      expect((await call("DELETE", `/user/delete-notifications/${notification!.id}`, stranger)).statusCode).toBe(404);
      expect((await call("DELETE", `/user/delete-notifications/${notification!.id}`, admin)).statusCode).toBe(404);
      expect(await storedNotifications(api.db, owner.id)).toHaveLength(1);

      const deleted = await call("DELETE", `/user/delete-notifications/${notification!.id}`, owner);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: "Notificación eliminada." });
      expect(await storedNotifications(api.db, owner.id)).toHaveLength(0);
      expect((await call("DELETE", `/user/delete-notifications/${notification!.id}`, owner)).statusCode).toBe(404);
    });

    it("entrega un token de conexión de corta duración, solo con sesión", async () => {
      const user = await signedInUser(api.db);
      expect((await call("POST", "/user/socket-token")).statusCode).toBe(401);
      const answer = await call("POST", "/user/socket-token", user);
      expect(answer.statusCode).toBe(200);
      const { token, expiresIn } = answer.json();
      expect(expiresIn).toBe(60);
      const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
      expect(claims).toMatchObject({ sub: user.id, aud: "mercado-padel-socket" });
      expect(claims.exp - claims.iat).toBe(60);
      // It is no access token: the API refuses it as a bearer.
      expect(
        (
          await call("GET", `/user/notifications/${user.id}`, {
            ...user,
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode,
      ).toBe(401);
    });
  });

  describe("eventos de pedidos", () => {
    it("al hacer un pedido avisa a cada vendedor de su parte, y al pagarlo al cliente y a los vendedores", async () => {
      const before = {
        centro: (await storedNotifications(api.db, sellers.centro.id)).length,
        smash: (await storedNotifications(api.db, sellers.smash.id)).length,
      };
      const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue);
      const number = orderNumber(orderId);

      const centroPlaced = (await storedNotifications(api.db, sellers.centro.id)).slice(before.centro);
      const smashPlaced = (await storedNotifications(api.db, sellers.smash.id)).slice(before.smash);
      expect(centroPlaced).toEqual([
        expect.objectContaining({
          type: "pedido",
          orderId,
          read: false,
          message: `Nuevo pedido #${number} para Centro Pádel: 1 unidad, pendiente de pago.`,
        }),
      ]);
      expect(smashPlaced).toEqual([
        expect.objectContaining({
          type: "pedido",
          orderId,
          message: `Nuevo pedido #${number} para Tienda Smash: 2 unidades, pendiente de pago.`,
        }),
      ]);
      expect(await storedNotifications(api.db, customer.id)).toEqual([]);

      await payFromWallet(api.app, api.db, customer, orderId);
      expect(await storedNotifications(api.db, customer.id)).toEqual([
        expect.objectContaining({ type: "pago", orderId, message: `Pago confirmado del pedido #${number}.` }),
      ]);
      expect((await storedNotifications(api.db, sellers.centro.id)).slice(before.centro + 1)).toEqual([
        expect.objectContaining({
          type: "pago",
          orderId,
          message: `El pedido #${number} para Centro Pádel está pagado: ya puedes prepararlo.`,
        }),
      ]);
      expect((await storedNotifications(api.db, sellers.smash.id)).slice(before.smash + 1)).toEqual([
        expect.objectContaining({
          type: "pago",
          orderId,
          message: `El pedido #${number} para Tienda Smash está pagado: ya puedes prepararlo.`,
        }),
      ]);

      // Paying again changes nothing and tells no one twice.
      await payFromWallet(api.app, api.db, customer, orderId);
      expect(await storedNotifications(api.db, customer.id)).toHaveLength(1);
    });

    it("un pedido que no se pudo hacer no avisa a nadie", async () => {
      const before = (await storedNotifications(api.db, sellers.centro.id)).length;
      const customer = await signedInUser(api.db);
      const response = await call("POST", "/home/order/palce-order", customer, {
        userId: customer.id,
        shippingInfo: {
          name: "Ana",
          address: "Calle Mayor 1",
          province: "Madrid",
          city: "Madrid",
          area: "Centro",
          postCode: "28013",
          phone: "+34 612 345 678",
        },
      });
      expect(response.statusCode).toBe(400);
      expect(await storedNotifications(api.db, sellers.centro.id)).toHaveLength(before);
    });
  });

  describe("cambios de estado", () => {
    const statusOf = async (orderId: string) => {
      const [order] = await api.db.select({ status: orders.deliveryStatus }).from(orders).where(eq(orders.id, orderId));
      const subs = await api.db
        .select({ id: shopOrders.id, status: shopOrders.deliveryStatus })
        .from(shopOrders)
        .where(eq(shopOrders.orderId, orderId));
      return { order: order!.status, subs: Object.fromEntries(subs.map((sub) => [sub.id, sub.status])) };
    };
    // Shipping carries the carrier's tracking number.
    const change = (status: unknown) =>
      status === "enviado" ? { status, trackingNumber: "ES-123456789" } : { status };
    const sellerUpdate = (user: Customer | undefined, subOrderId: string, status: unknown) =>
      call("PUT", `/seller/order-status/update/${subOrderId}`, user, change(status));
    const adminUpdate = (user: Customer | undefined, orderId: string, status: unknown) =>
      call("PUT", `/admin/order-status/update/${orderId}`, user, change(status));

    async function paidOrder() {
      const placed = await customerWithOrder(api.app, api.db, catalogue);
      await payFromWallet(api.app, api.db, placed.customer, placed.orderId);
      const subs = await subOrderIds(api.app, placed.customer, placed.orderId);
      return { ...placed, centroSub: subs["Centro Pádel"]!, smashSub: subs["Tienda Smash"]! };
    }

    it("el vendedor mueve su subpedido hacia delante; el pedido muestra el menos avanzado y el cliente recibe el aviso", async () => {
      const { customer, orderId, centroSub, smashSub } = await paidOrder();
      const number = orderNumber(orderId);

      const moved = await sellerUpdate(sellers.centro, centroSub, "procesando");
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toEqual({
        message: "Estado del pedido actualizado.",
        orderStatus: "pendiente",
        suborders: [{ _id: centroSub, delivery_status: "procesando" }],
      });
      expect(await statusOf(orderId)).toEqual({
        order: "pendiente",
        subs: { [centroSub]: "procesando", [smashSub]: "pendiente" },
      });
      expect((await storedNotifications(api.db, customer.id)).at(-1)).toMatchObject({
        type: "pedido",
        orderId,
        message: `Tu pedido #${number} de Centro Pádel está ahora «En preparación».`,
      });

      // Skipping a step forward is allowed; the order follows its least advanced part.
      expect((await sellerUpdate(sellers.centro, centroSub, "enviado")).statusCode).toBe(200);
      expect((await sellerUpdate(sellers.smash, smashSub, "procesando")).json().orderStatus).toBe("procesando");
      expect((await statusOf(orderId)).order).toBe("procesando");
      // Delivered only once sent (issue 31).
      expect((await sellerUpdate(sellers.smash, smashSub, "entregado")).json()).toEqual({
        message: DELIVERED_ONLY_AFTER_SHIPPED,
      });
      expect((await sellerUpdate(sellers.smash, smashSub, "enviado")).json().orderStatus).toBe("enviado");
      expect((await sellerUpdate(sellers.smash, smashSub, "entregado")).json().orderStatus).toBe("enviado");
      expect((await sellerUpdate(sellers.centro, centroSub, "entregado")).json().orderStatus).toBe("entregado");
      expect(
        (await storedNotifications(api.db, customer.id)).filter((notice) => notice.type === "pedido"),
      ).toHaveLength(6);
    });

    it("rechaza transiciones no permitidas con un mensaje claro y sin avisar", async () => {
      const { customer, orderId, centroSub } = await paidOrder();
      const noticesBefore = (await storedNotifications(api.db, customer.id)).length;

      const same = await sellerUpdate(sellers.centro, centroSub, "pendiente");
      expect(same.statusCode).toBe(409);
      expect(same.json()).toEqual({ message: "El pedido ya está «Pendiente»." });

      await sellerUpdate(sellers.centro, centroSub, "enviado");
      const back = await sellerUpdate(sellers.centro, centroSub, "procesando");
      expect(back.statusCode).toBe(409);
      expect(back.json()).toEqual({ message: "El pedido no puede volver a «En preparación»." });
      expect((await sellerUpdate(sellers.centro, centroSub, "cancelado")).json()).toEqual({
        message: "Un pedido enviado ya no se puede cancelar.",
      });
      await sellerUpdate(sellers.centro, centroSub, "entregado");
      expect((await sellerUpdate(sellers.centro, centroSub, "enviado")).json()).toEqual({
        message: "El pedido ya fue entregado: su estado ya no cambia.",
      });

      const invalid = await sellerUpdate(sellers.centro, centroSub, "perdido");
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toBe(
        "Estado no válido: usa pendiente, procesando, enviado, entregado, cancelado.",
      );
      expect((await call("PUT", `/seller/order-status/update/${centroSub}`, sellers.centro)).statusCode).toBe(400);

      // Only the two moves that succeeded told the customer anything.
      expect(await storedNotifications(api.db, customer.id)).toHaveLength(noticesBefore + 2);
      expect((await statusOf(orderId)).subs[centroSub]).toBe("entregado");
    });

    it("un pedido sin pagar no se prepara; cancelarlo devuelve el stock y deja de cobrar esa parte", async () => {
      const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue);
      const subs = await subOrderIds(api.app, customer, orderId);
      const balls = catalogue.bySlug["pelotas-head-padel-pro"]!.id;
      const ballsBefore = await stockOf(api.db, balls);
      const [before] = await api.db.select().from(orders).where(eq(orders.id, orderId));

      expect((await sellerUpdate(sellers.smash, subs["Tienda Smash"]!, "procesando")).json()).toEqual({
        message: "El pedido aún no está pagado: no se puede preparar ni enviar.",
      });
      const cancelled = await sellerUpdate(sellers.smash, subs["Tienda Smash"]!, "cancelado");
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().orderStatus).toBe("pendiente");
      expect(await stockOf(api.db, balls)).toBe(ballsBefore + 2);
      const [after] = await api.db.select().from(orders).where(eq(orders.id, orderId));
      const [smashPart] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, subs["Tienda Smash"]!));
      expect(after!.subtotal).toBe(before!.subtotal - smashPart!.subtotal);
      expect(after!.total).toBe(before!.total - smashPart!.total);
      expect((await storedNotifications(api.db, customer.id)).at(-1)!.message).toBe(
        `Tu pedido #${orderNumber(orderId)} de Tienda Smash está ahora «Cancelado».`,
      );

      // Cancelling the last part cancels the order; nothing moves it any more.
      expect((await sellerUpdate(sellers.centro, subs["Centro Pádel"]!, "cancelado")).json().orderStatus).toBe(
        "cancelado",
      );
      expect((await statusOf(orderId)).order).toBe("cancelado");
      expect((await adminUpdate(admin, orderId, "procesando")).json()).toEqual({
        message: "El pedido está cancelado: su estado ya no cambia.",
      });
    });

    it("cancelar una parte pagada la reembolsa en la cartera, con el cupón aplicado a lo que queda, y descuenta la venta al vendedor", async () => {
      const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue, "AHORRA20");
      await payFromWallet(api.app, api.db, customer, orderId);
      const subs = await subOrderIds(api.app, customer, orderId);
      const number = orderNumber(orderId);
      const balls = catalogue.bySlug["pelotas-head-padel-pro"]!.id;
      const ballsBefore = await stockOf(api.db, balls);
      const [paid] = await api.db.select().from(orders).where(eq(orders.id, orderId));
      const balanceAfterPaying = await walletBalance(api.db, customer.id);
      const smashBefore = await walletBalance(api.db, sellers.smash.id);
      const [smashPart] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, subs["Tienda Smash"]!));

      const cancelled = await sellerUpdate(sellers.smash, subs["Tienda Smash"]!, "cancelado");
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const [left] = await api.db.select().from(orders).where(eq(orders.id, orderId));
      // What is left still gets its 20 %: the refund is what the order costs less now.
      expect(left!.discount).toBe(Math.round(left!.subtotal * 0.2));
      const refund = paid!.total - left!.total;
      expect(refund).toBe(smashPart!.total - (paid!.discount - left!.discount));
      expect(await walletBalance(api.db, customer.id)).toBe(balanceAfterPaying + refund);
      expect(await walletBalance(api.db, sellers.smash.id)).toBe(
        smashBefore - (smashPart!.total - smashPart!.commission),
      );
      expect(await stockOf(api.db, balls)).toBe(ballsBefore + 2);
      const [smashAfter] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, subs["Tienda Smash"]!));
      expect(smashAfter).toMatchObject({ deliveryStatus: "cancelado", paymentStatus: "reembolsado" });
      expect(left).toMatchObject({ deliveryStatus: "pendiente", paymentStatus: "pagado" });
      expect((await storedNotifications(api.db, customer.id)).at(-1)!.message).toBe(
        `Tu pedido #${number} de Tienda Smash está ahora «Cancelado». Te devolvimos ${usd(refund)} a tu cartera.`,
      );
      const { order } = (await call("GET", `/home/order/${orderId}`, customer)).json();
      expect(order).toMatchObject({
        price: left!.total,
        amountPaid: paid!.total,
        refunded: refund,
        payment_status: "pagado",
      });
      const wallet = (await call("GET", `/wallet/${customer.id}`, customer)).json();
      expect(wallet.entries[0]).toMatchObject({
        amount: refund,
        reason: `Reembolso del pedido #${number} (Tienda Smash)`,
      });
      // The seller cancelled their own sale: no notice to them about it.
      expect((await storedNotifications(api.db, sellers.smash.id)).at(-1)!.message).not.toContain("canceló");

      // An admin cancels the rest: everything paid is back and the coupon use is released.
      const centroBefore = await walletBalance(api.db, sellers.centro.id);
      const [centroPart] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, subs["Centro Pádel"]!));
      const rest = await adminUpdate(admin, orderId, "cancelado");
      expect(rest.statusCode, rest.body).toBe(200);
      expect(await walletBalance(api.db, customer.id)).toBe(balanceAfterPaying + paid!.total);
      expect(await walletBalance(api.db, sellers.centro.id)).toBe(
        centroBefore - (centroPart!.total - centroPart!.commission),
      );
      const [final] = await api.db.select().from(orders).where(eq(orders.id, orderId));
      expect(final).toMatchObject({ deliveryStatus: "cancelado", paymentStatus: "reembolsado", total: 0 });
      expect((await storedNotifications(api.db, customer.id)).at(-1)!.message).toBe(
        `Tu pedido #${number} está ahora «Cancelado». Te devolvimos ${usd(left!.total)} a tu cartera.`,
      );
      expect((await storedNotifications(api.db, sellers.centro.id)).at(-1)!.message).toBe(
        `La administración canceló el pedido #${number} para Centro Pádel: se reembolsó al cliente y se descontó la venta de tu cartera.`,
      );
      const uses = await api.db.execute<{ count: number }>(
        sql`select count(*)::int as count from coupon_redemptions where order_id = ${orderId}`,
      );
      expect(uses.rows[0]!.count).toBe(0);
    });

    it("una parte cancelada antes del pago no se cobra ni se abona a su vendedor", async () => {
      const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue);
      const subs = await subOrderIds(api.app, customer, orderId);
      expect((await sellerUpdate(sellers.smash, subs["Tienda Smash"]!, "cancelado")).statusCode).toBe(200);
      const smashBefore = await walletBalance(api.db, sellers.smash.id);

      await payFromWallet(api.app, api.db, customer, orderId);
      const [smashPart] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, subs["Tienda Smash"]!));
      expect(smashPart).toMatchObject({ deliveryStatus: "cancelado", paymentStatus: "sin_pagar" });
      expect(await walletBalance(api.db, sellers.smash.id)).toBe(smashBefore);
      const [centroPart] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, subs["Centro Pádel"]!));
      expect(centroPart!.paymentStatus).toBe("pagado");
    });

    it("un pedido con una parte ya cancelada que luego caduca no devuelve dos veces su stock", async () => {
      const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue);
      const subs = await subOrderIds(api.app, customer, orderId);
      const balls = catalogue.bySlug["pelotas-head-padel-pro"]!.id;
      const vertex = catalogue.bySlug["pala-bullpadel-vertex-04"]!.id;
      const ballsBefore = await stockOf(api.db, balls);
      const vertexBefore = await stockOf(api.db, vertex);

      expect((await sellerUpdate(sellers.smash, subs["Tienda Smash"]!, "cancelado")).statusCode).toBe(200);
      expect(await stockOf(api.db, balls)).toBe(ballsBefore + 2);
      await makeOverdue(api.db, orderId);
      await api.db.execute(sql`select expire_unpaid_orders()`);

      expect(await stockOf(api.db, balls)).toBe(ballsBefore + 2);
      expect(await stockOf(api.db, vertex)).toBe(vertexBefore + 1);

      // An order its sellers cancelled whole is not announced again as expired.
      const other = await customerWithOrder(api.app, api.db, catalogue);
      const otherSubs = await subOrderIds(api.app, other.customer, other.orderId);
      for (const [shop, seller] of [
        ["Tienda Smash", sellers.smash],
        ["Centro Pádel", sellers.centro],
      ] as const) {
        expect((await sellerUpdate(seller, otherSubs[shop]!, "cancelado")).statusCode).toBe(200);
      }
      const ballsAfterCancel = await stockOf(api.db, balls);
      await makeOverdue(api.db, other.orderId);
      await api.db.execute(sql`select expire_unpaid_orders()`);
      expect(await stockOf(api.db, balls)).toBe(ballsAfterCancel);
      expect(
        (await storedNotifications(api.db, other.customer.id)).map((notice) => notice.message).join(" "),
      ).not.toContain("caducó");
    });

    it("cancelar una parte cierra sus ofertas pendientes y el cupón se aplica a lo que queda", async () => {
      const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue, "AHORRA20");
      const subs = await subOrderIds(api.app, customer, orderId);
      const offer = await api.app.inject({
        method: "POST",
        url: "/home/customer/offer",
        headers: customer.headers,
        payload: { shopOrderId: subs["Tienda Smash"]!, price: 100 },
      });
      expect(offer.statusCode, offer.body).toBe(201);

      expect((await sellerUpdate(sellers.smash, subs["Tienda Smash"]!, "cancelado")).statusCode).toBe(200);
      const [closed] = await api.db
        .select({ status: offers.status })
        .from(offers)
        .where(eq(offers.id, offer.json().offer._id));
      expect(closed!.status).toBe("cerrada");
      const [order] = await api.db.select().from(orders).where(eq(orders.id, orderId));
      const [centroPart] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, subs["Centro Pádel"]!));
      expect(order).toMatchObject({
        subtotal: centroPart!.subtotal,
        discount: Math.round(centroPart!.subtotal * 0.2),
        total: centroPart!.subtotal - Math.round(centroPart!.subtotal * 0.2) + centroPart!.shippingFee,
      });
    });

    it("solo el vendedor dueño de la tienda o un administrador cambian un subpedido", async () => {
      const { customer, centroSub } = await paidOrder();
      const otherSeller = await signedInUser(api.db, "seller");

      expect((await sellerUpdate(undefined, centroSub, "procesando")).statusCode).toBe(401);
      const asCustomer = await sellerUpdate(customer, centroSub, "procesando");
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json()).toEqual({ message: "No tienes permiso para esta acción." });
      // The other shop's seller and a seller with no part in the order are told it does not exist.
      expect((await sellerUpdate(sellers.smash, centroSub, "procesando")).json()).toEqual({
        message: "Pedido no encontrado.",
      });
      expect((await sellerUpdate(otherSeller, centroSub, "procesando")).statusCode).toBe(404);
      expect((await sellerUpdate(sellers.centro, crypto.randomUUID(), "procesando")).statusCode).toBe(404);
      expect((await sellerUpdate(admin, centroSub, "procesando")).statusCode).toBe(200);
    });

    it("el administrador mueve todo el pedido y el cliente recibe un aviso; nadie más puede", async () => {
      const { customer, orderId, centroSub, smashSub } = await paidOrder();
      const number = orderNumber(orderId);
      expect((await adminUpdate(sellers.centro, orderId, "enviado")).statusCode).toBe(403);
      expect((await adminUpdate(customer, orderId, "enviado")).statusCode).toBe(403);
      expect((await adminUpdate(admin, crypto.randomUUID(), "enviado")).statusCode).toBe(404);

      await sellerUpdate(sellers.centro, centroSub, "enviado");
      const moved = await adminUpdate(admin, orderId, "procesando");
      expect(moved.statusCode, moved.body).toBe(200);
      // Only the part behind the new status moves; the sent one stays sent.
      expect(moved.json()).toEqual({
        message: "Estado del pedido actualizado.",
        orderStatus: "procesando",
        suborders: [{ _id: smashSub, delivery_status: "procesando" }],
      });
      expect(await statusOf(orderId)).toEqual({
        order: "procesando",
        subs: { [centroSub]: "enviado", [smashSub]: "procesando" },
      });
      expect((await storedNotifications(api.db, customer.id)).at(-1)!.message).toBe(
        `Tu pedido #${number} está ahora «En preparación».`,
      );

      expect((await adminUpdate(admin, orderId, "procesando")).json()).toEqual({
        message: "El pedido ya está «En preparación».",
      });
      // Delivered only once sent, part by part (issue 31): the part in preparation holds the whole order back.
      expect((await adminUpdate(admin, orderId, "entregado")).json()).toEqual({
        message: `Tienda Smash: ${DELIVERED_ONLY_AFTER_SHIPPED}`,
      });
      expect((await adminUpdate(admin, orderId, "enviado")).json().orderStatus).toBe("enviado");
      expect((await adminUpdate(admin, orderId, "entregado")).json().orderStatus).toBe("entregado");
      expect((await statusOf(orderId)).subs).toEqual({ [centroSub]: "entregado", [smashSub]: "entregado" });
      expect(await api.db.select().from(notifications).where(eq(notifications.orderId, orderId))).not.toHaveLength(0);
    });
  });
});
