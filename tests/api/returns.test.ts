import { and, eq, like, sql } from "drizzle-orm";
import { formatUsd } from "#contract/money-format";
import { orderNumber } from "#contract/order-labels";
import { longDate } from "#contract/store-time";
import { beforeAll, describe, expect, it } from "vitest";
import {
  RETURN_ALREADY_ANSWERED,
  RETURN_ALREADY_OPEN,
  RETURN_BLOCKS_CANCELLATION,
  RETURN_LINE_UNKNOWN,
  RETURN_NOT_ACCEPTED,
  RETURN_NOTHING_CHOSEN,
  RETURN_PART_NOT_DELIVERED,
  RETURN_WINDOW_CLOSED,
  returnAdminReceiveTooEarly,
  returnQuantityTooHigh,
  returnSaleSpent,
  type ReturnsAnswer,
} from "#contract/returns";
import {
  auditLog,
  mailOutbox,
  notifications,
  orderReturns,
  orders,
  shopOrders,
  walletEntries,
} from "../../api/src/db/schema";
import { signedInUser, stockOf, type Customer } from "./orders-support";
import { movePart } from "./receipt-support";
import {
  ACCEPT,
  acceptedGripReturn,
  acceptedReturn,
  ageReturn,
  answerReturn,
  deliveredOrder,
  insertPercentCoupon,
  markReceived,
  requestReturn,
  returnsShop,
} from "./returns-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import { booksOf, ledgerSum } from "./wallet-support";
import { savePayout, withdraw } from "./withdrawals-support";
import { returnMoney, storeDiscountShares } from "../../api/src/modules/returns/pricing";

describe("devoluciones y reembolsos", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let admin: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admin = await signedInUser(api.db, "admin");
  });

  const returnsOf = async (user: Customer, orderId: string): Promise<ReturnsAnswer> => {
    const response = await api.app.inject({ method: "GET", url: `/returns/order/${orderId}`, headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  const expectBooksClean = async () => {
    const books = await booksOf(api.app, admin);
    expect(books.shops.filter((row) => row.difference !== 0)).toEqual([]);
    expect(books.wallets).toEqual([]);
  };

  it("dos devoluciones parciales con cupón de la tienda y de la casa: reembolsan lo pagado al céntimo", async () => {
    const shop = await returnsShop(api.db, catalogue);
    const shopCode = `TIENDA-${shop.shop.id.slice(0, 6)}`.toUpperCase();
    await insertPercentCoupon(api.db, shopCode, 10, shop.shop.id);
    await insertPercentCoupon(api.db, `CASA-${shop.shop.id.slice(0, 6)}`.toUpperCase(), 10, null);
    const order = await deliveredOrder(api.app, api.db, shop, {
      coupons: [shopCode, `CASA-${shop.shop.id.slice(0, 6)}`.toUpperCase()],
    });
    // 8000 of goods, 10 % of the shop (800), 10 % of the store on the rest (720), 500 of shipping;
    // 5 % commission on 7200: the seller was credited 7700 − 360.
    const [paidOrder] = await api.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(paidOrder).toMatchObject({
      subtotal: 8000,
      shopDiscount: 800,
      discount: 720,
      shippingFee: 500,
      total: 6980,
    });
    const customerBefore = await ledgerSum(api.db, order.customer.id);
    const sellerBefore = await ledgerSum(api.db, shop.seller.id);
    expect(sellerBefore).toBe(7340);

    const listed = await returnsOf(order.customer, order.orderId);
    expect(listed.parts).toEqual([expect.objectContaining({ shopOrderId: order.partId, canRequest: true })]);

    const first = await acceptedReturn(api.app, order.customer, shop.seller, order.partId, [
      { orderItemId: order.lines.shirtM, quantity: 1 },
      { orderItemId: order.lines.grip, quantity: 0 },
    ]);
    const received = await markReceived(api.app, shop.seller, first);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().orderReturn).toMatchObject({
      status: "reembolsada",
      refund: { amount: 2430, shipping: 0, method: "cartera", sellerReversal: 2565, commission: 135 },
    });
    expect(await stockOf(api.db, shop.shirt.id, "M")).toBe(10);
    expect(await stockOf(api.db, shop.shirt.id, "L")).toBe(9);
    const [partialPart] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, order.partId));
    expect(partialPart!.paymentStatus).toBe("pagado");
    await expectBooksClean();

    // The rest brings the whole part back: the shipping too, and the sums hit what was paid.
    const second = await acceptedReturn(api.app, order.customer, shop.seller, order.partId, [
      { orderItemId: order.lines.shirtL, quantity: 1 },
      { orderItemId: order.lines.grip, quantity: 1 },
    ]);
    const whole = await markReceived(api.app, shop.seller, second);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().orderReturn.refund).toMatchObject({ amount: 4550, shipping: 500, sellerReversal: 4775 });
    expect(await ledgerSum(api.db, order.customer.id)).toBe(customerBefore + 6980);
    expect(await ledgerSum(api.db, shop.seller.id)).toBe(0);
    expect(await stockOf(api.db, shop.shirt.id, "L")).toBe(10);
    expect(await stockOf(api.db, shop.grip.id)).toBe(10);
    const [wholePart] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, order.partId));
    expect(wholePart!.paymentStatus).toBe("reembolsado");
    const [refundedOrder] = await api.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(refundedOrder!.paymentStatus).toBe("reembolsado");
    await expectBooksClean();
    const books = await booksOf(api.app, admin);
    expect(books.shops.find((row) => row.shopId === shop.shop.id)).toMatchObject({
      paidSales: 7340,
      cancelledSales: 0,
      returnedSales: 7340,
      expected: 0,
      ledger: 0,
    });

    // Nothing is left to return; every step told the other side and was audited.
    const after = await returnsOf(order.customer, order.orderId);
    expect(after.parts[0]!.canRequest).toBe(false);
    expect(after.parts[0]!.lines.every((line) => line.returnable === 0)).toBe(true);
    const actions = await api.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.orderId), like(auditLog.action, "devolucion.%")));
    expect(actions.map((row) => row.action).sort()).toEqual([
      "devolucion.aceptar",
      "devolucion.aceptar",
      "devolucion.reembolsar",
      "devolucion.reembolsar",
      "devolucion.solicitar",
      "devolucion.solicitar",
    ]);
    const toSeller = await api.db.select().from(notifications).where(eq(notifications.userId, shop.seller.id));
    expect(toSeller.filter((row) => row.message.includes("pide devolver"))).toHaveLength(2);
    const toCustomer = await api.db.select().from(notifications).where(eq(notifications.userId, order.customer.id));
    expect(toCustomer.map((row) => row.message)).toContain(
      `${shop.shop.name} recibió tu devolución del pedido #${orderNumber(order.orderId)}: te devolvimos ${formatUsd(4550)} a tu cartera.`,
    );
    const mails = (await api.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order-return"))).filter((mail) =>
      mail.subject.includes(orderNumber(order.orderId)),
    );
    expect(mails.filter((mail) => mail.userId !== admin.id)).toHaveLength(6);
    // Every admin hears of each request, with the day from which they may answer in the shop's place,
    // and their link opens the admin's page of the order.
    const toAdmin = await api.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    const adminNotices = toAdmin.filter((row) => row.orderId === order.orderId);
    expect(adminNotices).toHaveLength(2);
    expect(adminNotices[0]!.message).toMatch(
      new RegExp(
        `^Devolución pedida en el pedido #${orderNumber(order.orderId)} de ${shop.shop.name}\\. Si la tienda no contesta, puedes decidir tú en el pedido a partir del \\d{1,2} de [a-z]+ de \\d{4}\\.$`,
      ),
    );
    const adminMails = mails.filter((mail) => mail.userId === admin.id);
    expect(adminMails).toHaveLength(2);
    expect(adminMails[0]!.link).toContain(`/dashboard/admin/orders/${order.orderId}`);
  });

  it("rechaza lo que no se puede devolver, con su motivo", async () => {
    const shop = await returnsShop(api.db, catalogue);
    const order = await deliveredOrder(api.app, api.db, shop);
    const stranger = await signedInUser(api.db);
    const one = [{ orderItemId: order.lines.shirtM, quantity: 1 }];

    expect((await requestReturn(api.app, stranger, order.partId, one)).statusCode).toBe(404);
    const nothing = await requestReturn(api.app, order.customer, order.partId, [
      { orderItemId: order.lines.shirtM, quantity: 0 },
    ]);
    expect([nothing.statusCode, nothing.json().message]).toEqual([400, RETURN_NOTHING_CHOSEN]);
    const unknown = await requestReturn(api.app, order.customer, order.partId, [
      { orderItemId: crypto.randomUUID(), quantity: 1 },
    ]);
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, RETURN_LINE_UNKNOWN]);
    const tooMany = await requestReturn(api.app, order.customer, order.partId, [
      { orderItemId: order.lines.shirtM, quantity: 2 },
    ]);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([
      409,
      returnQuantityTooHigh(`Camiseta ${shop.shirt.slug.replace("camiseta-", "")}`, 1),
    ]);
    const noReason = await api.app.inject({
      method: "POST",
      url: "/home/customer/returns",
      headers: order.customer.headers,
      payload: { shopOrderId: order.partId, lines: one, reason: "  " },
    });
    expect(noReason.statusCode).toBe(400);

    expect((await requestReturn(api.app, order.customer, order.partId, one)).statusCode).toBe(201);
    const again = await requestReturn(api.app, order.customer, order.partId, [
      { orderItemId: order.lines.grip, quantity: 1 },
    ]);
    expect([again.statusCode, again.json().message]).toEqual([409, RETURN_ALREADY_OPEN]);

    const late = await deliveredOrder(api.app, api.db, shop, { deliveredDaysAgo: 15 });
    const closed = await requestReturn(api.app, late.customer, late.partId, [
      { orderItemId: late.lines.grip, quantity: 1 },
    ]);
    expect([closed.statusCode, closed.json().message]).toEqual([409, RETURN_WINDOW_CLOSED]);

    const sent = await deliveredOrder(api.app, api.db, shop);
    await api.db.update(shopOrders).set({ deliveryStatus: "enviado" }).where(eq(shopOrders.id, sent.partId));
    const notDelivered = await requestReturn(api.app, sent.customer, sent.partId, [
      { orderItemId: sent.lines.grip, quantity: 1 },
    ]);
    expect([notDelivered.statusCode, notDelivered.json().message]).toEqual([409, RETURN_PART_NOT_DELIVERED]);
  });

  it("la tienda rechaza con un motivo, contesta una sola vez, y el cliente puede volver a pedirla", async () => {
    const shop = await returnsShop(api.db, catalogue);
    const other = await returnsShop(api.db, catalogue);
    const order = await deliveredOrder(api.app, api.db, shop);
    const asked = await requestReturn(api.app, order.customer, order.partId, [
      { orderItemId: order.lines.grip, quantity: 1 },
    ]);
    const id = asked.json().orderReturn._id as string;

    expect((await answerReturn(api.app, other.seller, id, ACCEPT)).statusCode).toBe(404);
    expect((await answerReturn(api.app, order.customer, id, ACCEPT)).statusCode).toBe(403);
    expect((await markReceived(api.app, shop.seller, id)).json().message).toBe(RETURN_NOT_ACCEPTED);
    const noReason = await answerReturn(api.app, shop.seller, id, { decision: "rechazar", reason: "" });
    expect(noReason.statusCode).toBe(400);
    const refused = await answerReturn(api.app, shop.seller, id, {
      decision: "rechazar",
      reason: "El grip está usado.",
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().orderReturn).toMatchObject({ status: "rechazada", refusal: "El grip está usado." });
    const twice = await answerReturn(api.app, shop.seller, id, ACCEPT);
    expect([twice.statusCode, twice.json().message]).toEqual([409, RETURN_ALREADY_ANSWERED]);
    const told = await api.db.select().from(notifications).where(eq(notifications.userId, order.customer.id));
    expect(told.some((row) => row.message.includes("rechazó tu devolución"))).toBe(true);

    // A refused return takes no units: the same line can be asked again.
    expect(
      (await requestReturn(api.app, order.customer, order.partId, [{ orderItemId: order.lines.grip, quantity: 1 }]))
        .statusCode,
    ).toBe(201);
  });

  it("la administración contesta en lugar de la tienda solo pasado el plazo, y la tienda lo sabe", async () => {
    const shop = await returnsShop(api.db, catalogue);
    const order = await deliveredOrder(api.app, api.db, shop);
    const asked = await requestReturn(api.app, order.customer, order.partId, [
      { orderItemId: order.lines.grip, quantity: 1 },
    ]);
    const id = asked.json().orderReturn._id as string;
    const early = await answerReturn(api.app, admin, id, ACCEPT, true);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(
      /^La tienda aún tiene tiempo para contestar \(3 días\): podrás decidir desde el/,
    );
    expect((await answerReturn(api.app, shop.seller, id, ACCEPT)).statusCode).toBe(200);

    const second = await deliveredOrder(api.app, api.db, shop);
    const late = await requestReturn(api.app, second.customer, second.partId, [
      { orderItemId: second.lines.grip, quantity: 1 },
    ]);
    const lateId = late.json().orderReturn._id as string;
    await api.db.execute(sql`update order_returns set created_at = now() - interval '73 hours' where id = ${lateId}`);
    const byAdmin = await answerReturn(api.app, admin, lateId, ACCEPT, true);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().orderReturn).toMatchObject({ status: "aceptada", answeredBy: "admin" });
    const told = await api.db.select().from(notifications).where(eq(notifications.userId, shop.seller.id));
    expect(told.some((row) => row.message.startsWith("La administración aceptó la devolución"))).toBe(true);
    // The seller still receives the goods and makes the refund.
    expect((await markReceived(api.app, shop.seller, lateId)).statusCode).toBe(200);
  });

  it("la administración marca «Recibido» en lugar de la tienda solo pasado el plazo desde que la aceptó", async () => {
    const { shop, order, id, customerBefore, sellerBefore } = await acceptedGripReturn(api.app, api.db, catalogue);
    const [accepted] = await api.db.select().from(orderReturns).where(eq(orderReturns.id, id));
    const from = accepted!.answeredAt!.getTime() + 72 * 3_600_000;
    const early = await markReceived(api.app, admin, id, true);
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      returnAdminReceiveTooEarly(longDate(new Date(from).toISOString()), 3),
    ]);
    expect((await returnsOf(admin, order.orderId)).returns[0]!.adminMayReceiveAt).toBe(new Date(from).toISOString());
    // Still the seller's: another seller's call is "not found", whatever the time.
    const stranger = await returnsShop(api.db, catalogue);
    expect((await markReceived(api.app, stranger.seller, id)).statusCode).toBe(404);

    // The request and the acceptance 73 hours ago: the admin marks it, through the seller's own refund.
    await ageReturn(api.db, id, 73);
    const byAdmin = await markReceived(api.app, admin, id, true);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().orderReturn).toMatchObject({
      status: "reembolsada",
      receivedBy: "admin",
      adminMayReceiveAt: null,
      refund: { amount: 2000, method: "cartera", sellerReversal: 1900 },
    });
    expect(await ledgerSum(api.db, order.customer.id)).toBe(customerBefore + 2000);
    expect(await ledgerSum(api.db, shop.seller.id)).toBe(sellerBefore - 1900);
    expect(await stockOf(api.db, shop.grip.id)).toBe(10);
    const [audited] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.orderId), eq(auditLog.action, "devolucion.reembolsar")));
    expect(audited).toMatchObject({ actorId: admin.id, after: expect.objectContaining({ receivedBy: "admin" }) });
    const [row] = await api.db.select().from(orderReturns).where(eq(orderReturns.id, id));
    expect(row).toMatchObject({ receivedBy: admin.id, receivedByAdmin: true });
    // Both sides are told, each by notification and mail; the seller's own «Recibido» says so too.
    const number = orderNumber(order.orderId);
    const toCustomer = await api.db.select().from(notifications).where(eq(notifications.userId, order.customer.id));
    expect(toCustomer.map((notice) => notice.message)).toContain(
      `Mercado Pádel dio por recibida tu devolución del pedido #${number} en lugar de ${shop.shop.name}: te devolvimos ${formatUsd(2000)} a tu cartera.`,
    );
    const toSeller = await api.db.select().from(notifications).where(eq(notifications.userId, shop.seller.id));
    expect(toSeller.map((notice) => notice.message)).toContain(
      `La administración dio por recibida la devolución del pedido #${number} de ${shop.shop.name} porque la tienda no la marcó a tiempo: se reembolsó al cliente y se descontaron ${formatUsd(1900)} de tu cartera.`,
    );
    const mails = await api.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.kind, "order-return"), like(mailOutbox.subject, `Devolución reembolsada: pedido #${number}`)),
      );
    expect(mails.map((mail) => mail.userId).sort()).toEqual([order.customer.id, shop.seller.id].sort());
    // Once refunded, nobody marks it again.
    expect((await markReceived(api.app, shop.seller, id)).json().message).toBe(RETURN_NOT_ACCEPTED);
    expect((await markReceived(api.app, admin, id, true)).statusCode).toBe(409);
    await expectBooksClean();
  });

  it("una parte con devoluciones ya no se cancela entera", async () => {
    const shop = await returnsShop(api.db, catalogue);
    const order = await deliveredOrder(api.app, api.db, shop);
    await requestReturn(api.app, order.customer, order.partId, [{ orderItemId: order.lines.grip, quantity: 1 }]);
    const cancelled = await movePart(api.app, admin, order.partId, "cancelado");
    expect([cancelled.statusCode, cancelled.json().message]).toEqual([409, RETURN_BLOCKS_CANCELLATION]);
  });

  it("pagado con la tarjeta de prueba: el reembolso queda registrado como de prueba, sin mover la cartera", async () => {
    const shop = await returnsShop(api.db, catalogue);
    const order = await deliveredOrder(api.app, api.db, shop, { pay: "tarjeta" });
    const customerBefore = await ledgerSum(api.db, order.customer.id);
    const id = await acceptedReturn(api.app, order.customer, shop.seller, order.partId, [
      { orderItemId: order.lines.grip, quantity: 1 },
    ]);
    const received = await markReceived(api.app, shop.seller, id);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().orderReturn.refund).toMatchObject({
      amount: 2000,
      method: "tarjeta_prueba",
      reference: null,
      sellerReversal: 1900,
    });
    expect(await ledgerSum(api.db, order.customer.id)).toBe(customerBefore);
    const told = await api.db.select().from(notifications).where(eq(notifications.userId, order.customer.id));
    expect(told.some((row) => row.message.includes("modo de prueba: no se movió dinero real"))).toBe(true);
    await expectBooksClean();
  });

  it("no reembolsa lo que la tienda ya retiró: la cartera del vendedor nunca queda en negativo", async () => {
    const shop = await returnsShop(api.db, catalogue);
    // Delivered 8 days ago: the sale's money is available and the seller withdraws all of it.
    const order = await deliveredOrder(api.app, api.db, shop, { deliveredDaysAgo: 8 });
    expect((await savePayout(api.app, shop.seller)).statusCode).toBe(200);
    expect((await withdraw(api.app, shop.seller, 8100)).statusCode).toBe(201);
    const id = await acceptedReturn(api.app, order.customer, shop.seller, order.partId, [
      { orderItemId: order.lines.grip, quantity: 1 },
    ]);
    const refused = await markReceived(api.app, shop.seller, id);
    expect([refused.statusCode, refused.json().message]).toEqual([409, returnSaleSpent(1900, 0)]);
    const [row] = await api.db.select().from(orderReturns).where(eq(orderReturns.id, id));
    expect(row!.status).toBe("aceptada");
    const entries = await api.db
      .select()
      .from(walletEntries)
      .where(like(walletEntries.reference, `%${id}`));
    expect(entries).toEqual([]);
    await expectBooksClean();
  });

  it("solo la clienta, la tienda de la parte y la administración ven las devoluciones", async () => {
    const shop = await returnsShop(api.db, catalogue);
    const other = await returnsShop(api.db, catalogue);
    const order = await deliveredOrder(api.app, api.db, shop);
    const url = `/returns/order/${order.orderId}`;
    expect((await api.app.inject({ method: "GET", url, headers: other.seller.headers })).statusCode).toBe(404);
    expect((await api.app.inject({ method: "GET", url, headers: shop.seller.headers })).statusCode).toBe(200);
    expect((await api.app.inject({ method: "GET", url, headers: admin.headers })).statusCode).toBe(200);
    expect((await api.app.inject({ method: "GET", url })).statusCode).toBe(401);
  });
});

describe("devoluciones con RETURN_SELLER_ANSWER_DAYS=0", () => {
  const api = useTestApi({ config: { returns: { sellerAnswerDays: 0 } } });

  it("la administración contesta y marca «Recibido» en lugar de la tienda en el acto, y la referencia lo dice", async () => {
    const catalogue = await insertCatalogue(api.db);
    const admin = await signedInUser(api.db, "admin");
    const shop = await returnsShop(api.db, catalogue);
    const order = await deliveredOrder(api.app, api.db, shop);
    const asked = await requestReturn(api.app, order.customer, order.partId, [
      { orderItemId: order.lines.grip, quantity: 1 },
    ]);
    const id = asked.json().orderReturn._id as string;
    expect(asked.json().orderReturn.adminMayAnswerAt).toBe(asked.json().orderReturn.createdAt);
    const answered = await answerReturn(api.app, admin, id, ACCEPT, true);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().orderReturn).toMatchObject({ answeredBy: "admin" });
    expect(answered.json().orderReturn.adminMayReceiveAt).toBe(answered.json().orderReturn.answeredAt);
    const received = await markReceived(api.app, admin, id, true);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().orderReturn).toMatchObject({ status: "reembolsada", receivedBy: "admin" });

    const reference = (await api.app.inject({ method: "GET", url: "/openapi.json" })).json() as {
      paths: Record<string, Record<string, { description: string }>>;
    };
    expect(reference.paths["/admin/returns/{id}/answer"]!.put!.description).toMatch(
      /^Admins only, once 0 days have passed/,
    );
    expect(reference.paths["/admin/returns/{id}/received"]!.put!.description).toMatch(
      /^Admins only, once 0 days have passed/,
    );
  });
});

describe("el importe de una devolución", () => {
  // Two lines at 5 % (worth 499) and 10 % (worth 500): the commission shared by value × rate.
  const part = {
    linesValue: 999,
    subtotal: 999,
    discount: 97,
    shippingFee: 500,
    commission: 68,
    commissionWeight: 499 * 500 + 500 * 1000,
    storeDiscount: 33,
  };
  /** `value` cents of the 5 % line, then of the 10 % one. */
  const returned = (value: number) => ({
    value,
    commissionWeight: Math.min(value, 499) * 500 + Math.max(value - 499, 0) * 1000,
  });

  it("devuelta de una en una, ninguna suma supera lo pagado y el total es exacto", () => {
    let refunded = 0;
    let reversed = 0;
    let before = 0;
    let commission = 0;
    for (const value of [1, 1, 7, 90, 100, 300, 500]) {
      const after = before + value;
      const money = returnMoney(part, returned(before), returned(after), after === 999);
      commission += money.commission;
      expect(money.refund).toBeGreaterThanOrEqual(0);
      expect(money.sellerReversal).toBeGreaterThanOrEqual(0);
      refunded += money.refund;
      reversed += money.sellerReversal;
      expect(refunded).toBeLessThanOrEqual(999 - 97 - 33 + 500);
      before = after;
    }
    expect(refunded).toBe(999 - 97 - 33 + 500);
    expect(reversed).toBe(999 - 97 + 500 - 68);
    expect(commission).toBe(68);
  });

  it("la comisión devuelta sigue la tasa de cada línea", () => {
    // Only the 10 % line back (value 500 of 999): two thirds of the commission's weight, not half.
    const money = returnMoney(part, returned(0), { value: 500, commissionWeight: 500 * 1000 }, false);
    expect(money.commission).toBe(Math.floor((68 * 500_000) / 749_500));
  });

  it("el cupón de la casa se reparte entre las partes y suma su descuento", () => {
    const shares = storeDiscountShares(1001, [
      { id: "b", subtotal: 3333, discount: 0 },
      { id: "a", subtotal: 3333, discount: 333 },
      { id: "c", subtotal: 1, discount: 0 },
    ]);
    expect([...shares.values()].reduce((sum, share) => sum + share, 0)).toBe(1001);
    expect(shares.get("c")).toBeLessThanOrEqual(1);
  });
});
