import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatUsd } from "#contract/money-format";
import { orderNumber } from "#contract/order-labels";
import { formatDateForRegion } from "#contract/region-time";
import { mailOptOuts, mailOutbox, orders, products, users } from "../../api/src/db/schema";
import { expireUnpaidOrders } from "../../api/src/modules/orders/expiry";
import { TEST_CARD_DECLINED } from "../../api/src/modules/payments/service";
import { queueOrderPaidMails } from "../../api/src/modules/mail/order-mails";
import { composeMail, mailContextOf } from "../../api/src/modules/mail/render";
import { partShippedMail } from "../../api/src/modules/mail/templates/part-shipped";
import { creditWallet, makeOverdue, placedOrderId, putInCart, signedInUser, type Customer } from "./orders-support";
import { subOrderIds } from "./notifications-support";
import { moveOrder, movePart } from "./receipt-support";
import {
  FAILED_BEFORE_COMMIT,
  failingBeforeCommit,
  insertCatalogue,
  testConfig,
  useTestApi,
  type Catalogue,
} from "./support";
import { ownShop, payFromWallet, type OwnShop } from "./wallet-support";

/** The web address testConfig gives the API: every mail's link starts with it. */
const WEB = testConfig().publicWebUrl;

/**
 * Issue 33, the order's mails: each event of an order's life queues its mails in mail_outbox in
 * the event's own transaction, rendered from its template, with a link to the page it is about.
 */
describe("Correos del pedido", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let admin: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admin = await signedInUser(api.db, "admin");
  });

  const emailOf = async (userId: string) => {
    const [user] = await api.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return user!.email;
  };
  /** The queued mails to these users, in kind order (one transaction writes several at once). */
  const mailsTo = async (...userIds: string[]) => {
    const rows = await api.db.select().from(mailOutbox).where(inArray(mailOutbox.userId, userIds));
    return rows.sort((a, b) => a.kind.localeCompare(b.kind));
  };
  const placedOrder = async (shop: OwnShop) => {
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, shop.productId, 2);
    const orderId = await placedOrderId(api.app, customer);
    const [order] = await api.db.select().from(orders).where(eq(orders.id, orderId));
    const [product] = await api.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, shop.productId));
    return { customer, orderId, order: order!, productName: product!.name };
  };

  it("pedido realizado, pagado, enviado y entregado: un correo por paso, con su enlace", async () => {
    const shop = await ownShop(api.db, catalogue);
    const { customer, orderId, order, productName } = await placedOrder(shop);
    const number = orderNumber(orderId);
    const [customerEmail, sellerEmail] = [await emailOf(customer.id), await emailOf(shop.seller.id)];
    const payBy = formatDateForRegion(order.expiresAt.toISOString(), "es");

    const placed = await mailsTo(customer.id, shop.seller.id);
    expect(placed.map((mail) => [mail.toAddress, mail.kind, mail.subject, mail.link])).toEqual([
      [
        customerEmail,
        "order-placed",
        `Pedido #${number}: paga ${formatUsd(order.total)} antes del ${payBy}`,
        `${WEB}/payment?orderId=${orderId}`,
      ],
    ]);
    expect(placed[0]!.text).toContain(`Total a pagar: ${formatUsd(order.total)}`);
    expect(placed[0]!.text).toContain(`2 × ${productName}`);
    expect(placed[0]!.html).toContain(`href="${WEB}/payment?orderId=${orderId}"`);

    await creditWallet(api.db, customer.id, order.total);
    expect((await payFromWallet(api.app, customer, orderId)).statusCode).toBe(200);
    const partId = (await subOrderIds(api.app, customer, orderId))[shop.shopName]!;
    const paid = (await mailsTo(customer.id, shop.seller.id)).filter((mail) => mail.kind !== "order-placed");
    expect(paid.map((mail) => [mail.toAddress, mail.kind, mail.subject, mail.link])).toEqual([
      [
        customerEmail,
        "order-paid",
        `Recibo del pedido #${number}: ${formatUsd(order.total)} pagados`,
        `${WEB}/dashboard/order/details/${orderId}`,
      ],
      [
        sellerEmail,
        "sale-to-prepare",
        `Pedido #${number} pagado en ${shop.shopName}: prepáralo`,
        `${WEB}/dashboard/seller/orders/details/${partId}`,
      ],
    ]);
    const [receipt, sale] = paid;
    for (const fact of [
      shop.shopName,
      `2 × ${productName}: ${formatUsd(40_000)}`,
      `Envío: ${formatUsd(order.shippingFee)}`,
      `Total pagado: ${formatUsd(order.total)}`,
      "Forma de pago: Cartera",
      "Calle Mayor 12, 3.º B",
    ])
      expect(receipt!.text).toContain(fact);
    for (const fact of [`2 × ${productName}`, "Cliente: Lucía Pérez", "Enviar a: Lucía Pérez, Calle Mayor 12"])
      expect(sale!.text).toContain(fact);

    expect((await movePart(api.app, shop.seller, partId, "procesando")).statusCode).toBe(200);
    const sent = await movePart(api.app, shop.seller, partId, "enviado");
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await movePart(api.app, shop.seller, partId, "entregado")).statusCode).toBe(200);
    const moved = (await mailsTo(customer.id, shop.seller.id)).filter((mail) => mail.kind.startsWith("part-"));
    expect(moved.map((mail) => [mail.toAddress, mail.kind, mail.subject, mail.link])).toEqual([
      [
        customerEmail,
        "part-delivered",
        `${shop.shopName} entregó tu pedido #${number}`,
        `${WEB}/dashboard/order/details/${orderId}`,
      ],
      [
        customerEmail,
        "part-shipped",
        `${shop.shopName} envió tu pedido #${number}`,
        `${WEB}/dashboard/order/details/${orderId}`,
      ],
    ]);
    expect(moved[1]!.text).toContain("Número de seguimiento: ES-2026-445566");
    // «Procesando» sends nothing: five mails in all.
    expect(await mailsTo(customer.id, shop.seller.id)).toHaveLength(5);
  });

  it("una cancelación con reembolso dice cuánto vuelve y adónde; sin pago, que no hay nada que devolver", async () => {
    const shop = await ownShop(api.db, catalogue);
    const { customer, orderId, order } = await placedOrder(shop);
    await creditWallet(api.db, customer.id, order.total);
    expect((await payFromWallet(api.app, customer, orderId)).statusCode).toBe(200);
    const partId = (await subOrderIds(api.app, customer, orderId))[shop.shopName]!;
    expect((await movePart(api.app, shop.seller, partId, "cancelado")).statusCode).toBe(200);
    const [cancelled] = (await mailsTo(customer.id)).filter((mail) => mail.kind === "order-cancelled");
    expect(cancelled).toMatchObject({
      toAddress: await emailOf(customer.id),
      subject: `Pedido #${orderNumber(orderId)} cancelado: te devolvimos ${formatUsd(order.total)}`,
      link: `${WEB}/dashboard/order/details/${orderId}`,
    });
    expect(cancelled!.text).toContain(`La tienda canceló tu pedido #${orderNumber(orderId)}`);
    expect(cancelled!.text).toContain(`Reembolso: ${formatUsd(order.total)}`);
    expect(cancelled!.text).toContain("Devuelto a: tu cartera de Mercado Pádel");
    expect((await mailsTo(customer.id, shop.seller.id)).map((mail) => mail.kind)).toEqual([
      "order-cancelled",
      "order-paid",
      "order-placed",
      "sale-to-prepare",
    ]);

    const unpaid = await placedOrder(shop);
    expect((await moveOrder(api.app, admin, unpaid.orderId, "cancelado")).statusCode).toBe(200);
    const [adminCancelled] = (await mailsTo(unpaid.customer.id)).filter((mail) => mail.kind === "order-cancelled");
    expect(adminCancelled!.subject).toBe(`Pedido #${orderNumber(unpaid.orderId)} cancelado`);
    expect(adminCancelled!.text).toContain("Mercado Pádel canceló tu pedido");
    expect(adminCancelled!.text).toContain("no hay dinero que devolver");
  });

  it("un evento que no llega a guardarse no deja correo", async () => {
    const shop = await ownShop(api.db, catalogue);
    const { customer, orderId } = await placedOrder(shop);
    // A declined card rolls the payment back: no receipt, no sale to prepare.
    const declined = await api.app.inject({
      method: "POST",
      url: "/payment/card",
      headers: customer.headers,
      payload: { orderId, cardNumber: TEST_CARD_DECLINED },
    });
    expect(declined.statusCode, declined.body).toBe(400);
    // The mails of a payment whose transaction fails after they were queued vanish with it.
    await expect(
      api.db.transaction(async (tx) => {
        await queueOrderPaidMails(tx, orderId, { secret: "secreto-de-prueba", publicApiUrl: WEB, publicWebUrl: WEB });
        expect(await tx.select().from(mailOutbox).where(eq(mailOutbox.userId, shop.seller.id))).toHaveLength(1);
        throw new Error("el pago falla después de encolar");
      }),
    ).rejects.toThrow("el pago falla después de encolar");
    expect((await mailsTo(customer.id, shop.seller.id)).map((mail) => mail.kind)).toEqual(["order-placed"]);
  });

  it("un pedido que caduca sin pagarse escribe «Tu pedido #… caducó» en la transacción de la caducidad", async () => {
    const shop = await ownShop(api.db, catalogue);
    const { customer, orderId, order } = await placedOrder(shop);
    const number = orderNumber(orderId);
    await makeOverdue(api.db, orderId);
    const context = mailContextOf(api.config);
    const expiryMails = async () => (await mailsTo(customer.id)).filter((mail) => mail.kind === "order-expired");
    const expiredAt = async () =>
      (await api.db.select({ expiredAt: orders.expiredAt }).from(orders).where(eq(orders.id, orderId)))[0]!.expiredAt;

    // A sweep lost before its commit: the order is still open and no mail waits.
    await expect(expireUnpaidOrders(failingBeforeCommit(api.db), context)).rejects.toThrow(FAILED_BEFORE_COMMIT);
    expect(await expiredAt()).toBeNull();
    expect(await expiryMails()).toEqual([]);

    // Committed: one mail, with the order's page and the one-click unsubscribe (an optional kind).
    expect(await expireUnpaidOrders(api.db, context)).toBe(1);
    expect(await expiredAt()).not.toBeNull();
    const [expired, ...more] = await expiryMails();
    expect(more).toEqual([]);
    expect(expired).toMatchObject({
      toAddress: await emailOf(customer.id),
      subject: `Tu pedido #${number} caducó`,
      link: `${WEB}/dashboard/order/details/${orderId}`,
    });
    expect(expired!.text).toContain(`Tu pedido #${number} no se pagó a tiempo`);
    expect(expired!.text).toContain(`Total sin pagar: ${formatUsd(order.total)}`);
    expect(expired!.headers).toHaveProperty("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
    // A sweep that finds nothing writes nothing.
    expect(await expireUnpaidOrders(api.db, context)).toBe(0);
    expect(await expiryMails()).toHaveLength(1);

    // A customer who turned the kind off gets the notice, not the mail.
    const quiet = await placedOrder(shop);
    await api.db.insert(mailOptOuts).values({ userId: quiet.customer.id, kind: "order-expired" });
    await makeOverdue(api.db, quiet.orderId);
    expect(await expireUnpaidOrders(api.db, context)).toBe(1);
    expect((await mailsTo(quiet.customer.id)).map((mail) => mail.kind)).toEqual(["order-placed"]);
  });

  it("el HTML y el texto salen enteros sea cual sea su largo (sin bytes nulos)", async () => {
    // React 18's streamed render left zero bytes where a multi-byte character met a chunk's end.
    const recipient = { userId: "u", email: "e@example.com", name: "Lucía", region: "es" as const };
    for (let length = 1; length <= 60; length++) {
      const part = {
        id: "parte",
        shopName: "T".repeat(length),
        ownerId: "o",
        subtotal: 0,
        couponCode: null,
        discount: 0,
        shippingFee: 0,
        total: 0,
        deliveryStatus: "enviado" as const,
        trackingNumber: "ES-1",
        lines: [{ name: "Pelotas Head Padel Pro", size: "", quantity: 2, unitPrice: 700 }],
      };
      const order = { id: "94678709-229e-49c4-80ab-89e948ea309d", parts: [part] } as unknown as Parameters<
        typeof partShippedMail
      >[0];
      const mail = await composeMail(partShippedMail(order, part, recipient, WEB));
      const whole = `${mail.html}${mail.text}`;
      expect(whole.includes("\u0000") || whole.includes("\uFFFD")).toBe(false);
      expect(mail.text).toContain(`${part.shopName} envió estos productos`);
    }
  });
});
