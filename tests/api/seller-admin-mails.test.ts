import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatUsd } from "#contract/money-format";
import { orderNumber } from "#contract/order-labels";
import { mailOutbox, users } from "../../api/src/db/schema";
import { customerWithOrder, splitShopOwners, subOrderIds, type TwoSellers } from "./notifications-support";
import { creditWallet, orderWithOffer, placedOrderId, putInCart, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, insertOwnBalls, useTestApi, type Catalogue } from "./support";
import { confirm, paidSale, receivedDaysAgo, reject, savePayout, withdraw } from "./withdrawals-support";

/**
 * Issue 33, the seller's and the admin's e-mails: each event writes its mail in its own transaction,
 * to the right person, with the link to the page it is about (support.ts: PUBLIC_WEB_URL
 * http://127.0.0.1:3000 unless the test API says otherwise).
 */
describe("correos del vendedor y de la administración", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let sellers: TwoSellers;
  let admin: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = await splitShopOwners(api.db, catalogue);
    admin = await signedInUser(api.db, "admin");
  });

  const mailsOf = (userId: string, kind: string) =>
    api.db
      .select({
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        link: mailOutbox.link,
        headers: mailOutbox.headers,
      })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)))
      .orderBy(mailOutbox.createdAt);
  const emailOf = async (userId: string) =>
    (await api.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;

  it("una oferta escribe al vendedor con su plazo, y su respuesta al cliente con el total nuevo", async () => {
    const vertex = catalogue.bySlug["pala-bullpadel-vertex-04"]!;
    const customer = await signedInUser(api.db);
    const { orderId, part, offerId } = await orderWithOffer(api.app, api.db, customer, vertex.id);
    const number = orderNumber(orderId);

    const [received] = await mailsOf(sellers.centro.id, "offer-received");
    expect(received).toMatchObject({
      to: await emailOf(sellers.centro.id),
      subject: `Nueva oferta de ${formatUsd(part.subtotal - 1000)} en el pedido #${number}`,
    });
    expect(received!.link).toMatch(new RegExp(`/dashboard/seller/orders/details/${part.id}$`));
    expect(received!.text).toContain("Responde antes del");
    expect(received!.text).toContain("hora de Madrid");
    // Optional: it carries the one-click unsubscribe.
    expect(received!.headers).toHaveProperty("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");

    const answered = await api.app.inject({
      method: "POST",
      url: "/seller/handle-seller-response/",
      headers: sellers.centro.headers,
      payload: { offerId, status: "aceptada" },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const [reply] = await mailsOf(customer.id, "offer-answered");
    expect(reply!.subject).toBe(`Centro Pádel aceptó tu oferta del pedido #${number}`);
    expect(reply!.link).toMatch(new RegExp(`/dashboard/order/details/${orderId}$`));
    expect(reply!.text).toContain("Nuevo total del pedido");
    expect(reply!.text).toContain("Paga antes del");
  });

  it("un mensaje del pedido escribe al otro lado, sin copiar el texto del mensaje", async () => {
    const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue);
    const centro = (await subOrderIds(api.app, customer, orderId))["Centro Pádel"]!;
    const sent = await api.app.inject({
      method: "POST",
      url: "/home/customer/order-message",
      headers: customer.headers,
      payload: { shopOrderId: centro, body: "<a href='https://malo.test'>pincha</a>" },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [mail] = await mailsOf(sellers.centro.id, "order-message");
    expect(mail!.subject).toBe(`Nuevo mensaje del cliente en el pedido #${orderNumber(orderId)}`);
    expect(mail!.link).toMatch(new RegExp(`/dashboard/seller/orders/details/${centro}$`));
    expect(mail!.text).not.toContain("malo.test");
  });

  it("una reseña escribe al vendedor del producto, con el enlace a sus reseñas sin responder", async () => {
    const product = await insertOwnBalls(api.db, catalogue, "pelotas-correo-resena", {
      shopId: catalogue.shops.smash.id,
      stock: 10,
    });
    const buyer = await signedInUser(api.db);
    await putInCart(api.db, buyer.id, product.id, 1);
    const orderId = await placedOrderId(api.app, buyer);
    await creditWallet(api.db, buyer.id, 10_000);
    await api.app.inject({ method: "POST", url: "/payment/wallet", headers: buyer.headers, payload: { orderId } });
    const written = await api.app.inject({
      method: "POST",
      url: "/home/customer/submit-review",
      headers: buyer.headers,
      payload: { productId: product.id, rating: 4, text: "Botan muy bien en pista cubierta." },
    });
    expect(written.statusCode, written.body).toBe(201);
    const [mail] = await mailsOf(sellers.smash.id, "new-review");
    expect(mail!.subject).toBe(`Nueva reseña de 4 estrellas en «${product.name}»`);
    expect(mail!.link).toMatch(/\/dashboard\/seller\/reviews\?filtro=sin_responder$/);
    expect(mail!.text).toContain("Botan muy bien en pista cubierta.");
  });

  it("la venta de las últimas unidades avisa al vendedor de que el producto se agotó, y solo entonces", async () => {
    const product = await insertOwnBalls(api.db, catalogue, "pelotas-ultimas", {
      shopId: catalogue.shops.smash.id,
      stock: 2,
    });
    const first = await signedInUser(api.db);
    await putInCart(api.db, first.id, product.id, 1);
    await placedOrderId(api.app, first);
    const soldOut = () =>
      mailsOf(sellers.smash.id, "out-of-stock").then((mails) =>
        mails.filter((mail) => mail.subject === `Agotado: «${product.name}»`),
      );
    expect(await soldOut()).toHaveLength(0);
    const second = await signedInUser(api.db);
    await putInCart(api.db, second.id, product.id, 1);
    await placedOrderId(api.app, second);
    const [mail] = await soldOut();
    expect(mail!.link).toMatch(new RegExp(`/dashboard/seller/control/${product.id}$`));
  });

  it("un retiro pedido escribe a cada administrador; pagado o rechazado, al vendedor", async () => {
    await savePayout(api.app, sellers.centro);
    const paid = await paidSale(api.app, api.db, catalogue);
    await receivedDaysAgo(api.db, paid.centroPart, 30);
    const other = await paidSale(api.app, api.db, catalogue);
    await receivedDaysAgo(api.db, other.centroPart, 30);

    const requested = await withdraw(api.app, sellers.centro, paid.net);
    expect(requested.statusCode, requested.body).toBe(201);
    const toPay = await mailsOf(admin.id, "withdrawal-to-pay");
    expect(toPay.at(-1)!.subject).toBe(`Retiro por pagar: ${formatUsd(paid.net)} de Centro Pádel`);
    expect(toPay.at(-1)!.link).toMatch(/\/dashboard\/admin\/withdrawals$/);
    expect((await confirm(api.app, admin, requested.json().withdrawal._id, "TRF-778")).statusCode).toBe(200);

    const second = await withdraw(api.app, sellers.centro, other.net);
    expect(second.statusCode, second.body).toBe(201);
    expect((await reject(api.app, admin, second.json().withdrawal._id)).statusCode).toBe(200);

    const decided = await mailsOf(sellers.centro.id, "withdrawal-decided");
    expect(decided.map((mail) => mail.subject)).toEqual([
      `Te pagamos tu retiro de ${formatUsd(paid.net)}`,
      `Tu retiro de ${formatUsd(other.net)} fue rechazado`,
    ]);
    expect(decided[0]!.text).toContain("TRF-778");
    expect(decided[1]!.text).toContain("Los datos de la cuenta no coinciden.");
    // About the seller's money: always sent, so no unsubscribe.
    expect(decided[0]!.headers).toEqual({});
  });
});
