import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN, TOO_MANY_REQUESTS } from "#contract/messages";
import { orderMessageNotice } from "#contract/notification-texts";
import { orderNumber } from "#contract/order-labels";
import {
  ORDER_MESSAGE_MISSING,
  ORDER_MESSAGE_SENT,
  ORDER_MESSAGE_TOO_LONG,
  ORDER_MESSAGES_ADMIN_READ_ONLY,
  ORDER_MESSAGES_NOT_FOUND,
  type OrderMessagesAnswer,
} from "#contract/order-messages";
import { shopSuspendedNoWrites } from "#contract/shops";
import { notifications, orderMessages, shops } from "../../api/src/db/schema";
import { customerWithOrder, splitShopOwners, subOrderIds, type TwoSellers } from "./notifications-support";
import { signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, TEST_RATE_LIMITS, useTestApi, type Catalogue } from "./support";

/**
 * Issue 33, messages per order: on each shop's part of an order its customer and the shop's seller
 * write to each other; an admin reads every thread and writes none. The catalogue's two shops get
 * different sellers (splitShopOwners): Centro Pádel sells the Vertex, Tienda Smash the balls.
 */
describe("mensajes por pedido", () => {
  const LIMIT = 4;
  const api = useTestApi({
    config: { rateLimits: { ...TEST_RATE_LIMITS, orderMessage: { perAccount: LIMIT, perAddress: 100_000 } } },
  });
  let catalogue: Catalogue;
  let sellers: TwoSellers;
  let admin: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = await splitShopOwners(api.db, catalogue);
    admin = await signedInUser(api.db, "admin");
  });

  async function newOrder() {
    const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue);
    const parts = await subOrderIds(api.app, customer, orderId);
    return { customer, orderId, centro: parts["Centro Pádel"]!, smash: parts["Tienda Smash"]! };
  }

  const write = (caller: Customer, side: "customer" | "seller", payload: unknown) =>
    api.app.inject({
      method: "POST",
      url: side === "customer" ? "/home/customer/order-message" : "/seller/order-message",
      headers: caller.headers,
      payload: payload as Record<string, unknown>,
    });

  const read = (caller: Customer, orderId: string) =>
    api.app.inject({ method: "GET", url: `/order-messages/${orderId}`, headers: caller.headers });

  const noticesOf = (userId: string, orderId: string) =>
    api.db
      .select({ type: notifications.type, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.orderId, orderId)));

  it("el cliente escribe a una tienda, su vendedor lo lee y contesta, y cada lado recibe el aviso", async () => {
    const { customer, orderId, centro } = await newOrder();
    const sent = await write(customer, "customer", { shopOrderId: centro, body: "  ¿Me la enviáis hoy?  " });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      message: ORDER_MESSAGE_SENT,
      orderMessage: { author: "cliente", mine: true, body: "¿Me la enviáis hoy?" },
    });
    expect(await noticesOf(sellers.centro.id, orderId)).toContainEqual({
      type: "pedido",
      message: orderMessageNotice(orderNumber(orderId), "Centro Pádel", true),
    });
    // The other shop's seller hears nothing about it.
    expect(await noticesOf(sellers.smash.id, orderId)).not.toContainEqual(
      expect.objectContaining({ message: orderMessageNotice(orderNumber(orderId), "Centro Pádel", true) }),
    );

    const answered = await write(sellers.centro, "seller", { shopOrderId: centro, body: "Sale esta tarde." });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(await noticesOf(customer.id, orderId)).toContainEqual({
      type: "pedido",
      message: orderMessageNotice(orderNumber(orderId), "Centro Pádel", false),
    });

    const forCustomer = (await read(customer, orderId)).json() as OrderMessagesAnswer;
    expect(forCustomer.threads.map((thread) => thread.shopName)).toEqual(["Centro Pádel", "Tienda Smash"]);
    expect(forCustomer.threads[0]!.messages.map(({ author, mine, body }) => ({ author, mine, body }))).toEqual([
      { author: "cliente", mine: true, body: "¿Me la enviáis hoy?" },
      { author: "tienda", mine: false, body: "Sale esta tarde." },
    ]);
    expect(forCustomer.threads[1]!.messages).toEqual([]);

    const forSeller = (await read(sellers.centro, orderId)).json() as OrderMessagesAnswer;
    expect(forSeller.threads.map((thread) => thread.shopOrderId)).toEqual([centro]);
    expect(forSeller.threads[0]!.messages.map(({ author, mine }) => ({ author, mine }))).toEqual([
      { author: "cliente", mine: false },
      { author: "tienda", mine: true },
    ]);
  });

  it("el administrador lee los hilos de cualquier pedido pero no escribe", async () => {
    const { customer, orderId, smash } = await newOrder();
    expect((await write(customer, "customer", { shopOrderId: smash, body: "Hola" })).statusCode).toBe(201);
    const forAdmin = await read(admin, orderId);
    expect(forAdmin.statusCode).toBe(200);
    const threads = (forAdmin.json() as OrderMessagesAnswer).threads;
    expect(threads).toHaveLength(2);
    expect(threads[1]!.messages).toMatchObject([{ author: "cliente", mine: false, body: "Hola" }]);

    for (const side of ["customer", "seller"] as const) {
      const refused = await write(admin, side, { shopOrderId: smash, body: "Soy el admin" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(ORDER_MESSAGES_ADMIN_READ_ONLY);
    }
    expect(await api.db.select().from(orderMessages).where(eq(orderMessages.authorId, admin.id))).toEqual([]);
  });

  it("nadie más lee ni escribe: otro cliente, el vendedor de otra tienda", async () => {
    const { customer, orderId, centro, smash } = await newOrder();
    const stranger = await signedInUser(api.db);
    const strangerRead = await read(stranger, orderId);
    expect(strangerRead.statusCode).toBe(404);
    expect(strangerRead.json().message).toBe(ORDER_MESSAGES_NOT_FOUND);
    expect((await write(stranger, "customer", { shopOrderId: centro, body: "Hola" })).statusCode).toBe(404);
    // A customer has no shop: the seller's call is not theirs.
    const customerAsSeller = await write(customer, "seller", { shopOrderId: centro, body: "Hola" });
    expect(customerAsSeller.statusCode).toBe(403);
    expect(customerAsSeller.json().message).toBe(FORBIDDEN);
    // Tienda Smash's seller neither writes on Centro Pádel's part nor reads it.
    const otherShop = await write(sellers.smash, "seller", { shopOrderId: centro, body: "Hola" });
    expect(otherShop.statusCode).toBe(404);
    const smashView = (await read(sellers.smash, orderId)).json() as OrderMessagesAnswer;
    expect(smashView.threads.map((thread) => thread.shopOrderId)).toEqual([smash]);
    // A seller who did not sell in this order finds no order at all.
    const unrelated = await signedInUser(api.db, "seller");
    expect((await read(unrelated, orderId)).statusCode).toBe(404);
    expect((await read(customer, "no-es-un-id")).statusCode).toBe(400);
  });

  it("el texto va recortado, de 1 a 2000 caracteres, con el mensaje en español", async () => {
    const { customer, centro } = await newOrder();
    for (const [body, message] of [
      ["   ", ORDER_MESSAGE_MISSING],
      [undefined, ORDER_MESSAGE_MISSING],
      ["a".repeat(2001), ORDER_MESSAGE_TOO_LONG],
    ] as const) {
      const refused = await write(customer, "customer", { shopOrderId: centro, body });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    const longest = await write(customer, "customer", { shopOrderId: centro, body: ` ${"a".repeat(2000)} ` });
    expect(longest.statusCode).toBe(201);
  });

  it("el vendedor de una tienda suspendida no escribe, pero sigue leyendo", async () => {
    const { customer, orderId, smash } = await newOrder();
    await api.db
      .update(shops)
      .set({ status: "suspendida", statusReason: "Documentación caducada." })
      .where(eq(shops.id, catalogue.shops.smash.id));
    try {
      const refused = await write(sellers.smash, "seller", { shopOrderId: smash, body: "Hola" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(shopSuspendedNoWrites("Documentación caducada."));
      expect((await read(sellers.smash, orderId)).statusCode).toBe(200);
      // The customer may still write to it: the admin reads why.
      expect((await write(customer, "customer", { shopOrderId: smash, body: "¿Hola?" })).statusCode).toBe(201);
    } finally {
      await api.db
        .update(shops)
        .set({ status: "aprobada", statusReason: null })
        .where(eq(shops.id, catalogue.shops.smash.id));
    }
  });

  it(`más de ${LIMIT} mensajes por cuenta en una hora: 429 con el mensaje en español`, async () => {
    const { customer, centro } = await newOrder();
    for (let sent = 0; sent < LIMIT; sent++) {
      expect((await write(customer, "customer", { shopOrderId: centro, body: `Mensaje ${sent}` })).statusCode).toBe(
        201,
      );
    }
    const limited = await write(customer, "customer", { shopOrderId: centro, body: "Uno más" });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(limited.json().message).toBe(TOO_MANY_REQUESTS.orderMessage);
  });
});
