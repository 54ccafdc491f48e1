import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN } from "#contract/messages";
import { reviewReplyNotice } from "#contract/notification-texts";
import { REPLY_MISSING } from "#contract/reviews";
import { shopSuspendedNoWrites } from "#contract/shops";
import { auditLog, notifications, reviews, shops } from "../../api/src/db/schema";
import { splitShopOwners, type TwoSellers } from "./notifications-support";
import { creditWallet, placedOrderId, putInCart, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, insertOwnBalls, useTestApi, type Catalogue } from "./support";

/**
 * Issue 34, replies to reviews: a shop answers each review of its products once, in public; a second
 * reply replaces the first; the reviewer is told; the reply is audited. Tienda Smash sells the balls.
 */
describe("respuestas a reseñas", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let sellers: TwoSellers;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = await splitShopOwners(api.db, catalogue);
  });

  /** A product of Tienda Smash with one paid buyer's review; returns the review's id and the buyer. */
  async function reviewedProduct(slug: string) {
    const product = await insertOwnBalls(api.db, catalogue, slug, { shopId: catalogue.shops.smash.id, stock: 50 });
    const buyer = await signedInUser(api.db);
    await putInCart(api.db, buyer.id, product.id, 1);
    const orderId = await placedOrderId(api.app, buyer);
    await creditWallet(api.db, buyer.id, 10_000);
    const paid = await api.app.inject({
      method: "POST",
      url: "/payment/wallet",
      headers: buyer.headers,
      payload: { orderId },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const written = await api.app.inject({
      method: "POST",
      url: "/home/customer/submit-review",
      headers: buyer.headers,
      payload: { productId: product.id, rating: 3, text: "Botan bien, pero pierden presión pronto." },
    });
    expect(written.statusCode, written.body).toBe(201);
    const [review] = await api.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.productId, product.id));
    return { product, buyer, reviewId: review!.id };
  }

  const reply = (caller: Customer, payload: Record<string, unknown>) =>
    api.app.inject({ method: "POST", url: "/seller/review-reply", headers: caller.headers, payload });
  const publicReviews = async (productId: string) =>
    (await api.app.inject({ method: "GET", url: `/home/customer/get-reviews/${productId}` })).json().reviews;
  const sellerList = (caller: Customer, query = "") =>
    api.app.inject({ method: "GET", url: `/seller/reviews${query}`, headers: caller.headers });

  it("la tienda responde en público, el cliente recibe el aviso y la respuesta queda auditada", async () => {
    const { product, buyer, reviewId } = await reviewedProduct("pelotas-respuesta");
    const first = await reply(sellers.smash, {
      reviewId,
      text: "  Gracias: cámbialas en la tienda y te damos otras.  ",
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      message: "Respuesta publicada.",
      reply: { text: "Gracias: cámbialas en la tienda y te damos otras.", shopName: "Tienda Smash" },
    });
    const [listed] = await publicReviews(product.id);
    expect(listed.reply).toEqual(first.json().reply);

    const notices = await api.db
      .select({ type: notifications.type, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.id), eq(notifications.productId, product.id)));
    expect(notices).toEqual([{ type: "resena", message: reviewReplyNotice(product.name, "Tienda Smash", false) }]);

    const second = await reply(sellers.smash, { reviewId, text: "Te escribimos por correo para cambiarlas." });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().message).toBe("Respuesta actualizada.");
    expect((await publicReviews(product.id))[0].reply.text).toBe("Te escribimos por correo para cambiarlas.");

    const entries = await api.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "producto"), eq(auditLog.entityId, product.id)))
      .orderBy(auditLog.createdAt);
    expect(entries).toEqual([
      {
        action: "producto.responder_resena",
        actorId: sellers.smash.id,
        before: null,
        after: { reviewId, reply: "Gracias: cámbialas en la tienda y te damos otras." },
      },
      {
        action: "producto.responder_resena",
        actorId: sellers.smash.id,
        before: { reviewId, reply: "Gracias: cámbialas en la tienda y te damos otras." },
        after: { reviewId, reply: "Te escribimos por correo para cambiarlas." },
      },
    ]);
  });

  it("solo el vendedor del producto responde: otro vendedor no la encuentra y un cliente no puede", async () => {
    const { product, buyer, reviewId } = await reviewedProduct("pelotas-ajenas");
    const other = await reply(sellers.centro, { reviewId, text: "Respuesta de otra tienda." });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: "Reseña no encontrada." });
    const customer = await reply(buyer, { reviewId, text: "Me respondo a mí mismo." });
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({ message: FORBIDDEN });
    const anonymous = await api.app.inject({ method: "POST", url: "/seller/review-reply", payload: { reviewId } });
    expect(anonymous.statusCode).toBe(401);
    expect((await publicReviews(product.id))[0].reply).toBeNull();
  });

  it("una respuesta vacía o demasiado larga se rechaza junto al campo, y nada cambia", async () => {
    const { product, reviewId } = await reviewedProduct("pelotas-vacias");
    const empty = await reply(sellers.smash, { reviewId, text: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(REPLY_MISSING);
    const long = await reply(sellers.smash, { reviewId, text: "a".repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("La respuesta no puede superar los 1000 caracteres.");
    const badId = await reply(sellers.smash, { reviewId: "no-es-un-id", text: "Hola" });
    expect(badId.statusCode).toBe(400);
    expect((await publicReviews(product.id))[0].reply).toBeNull();
  });

  it("una tienda suspendida no responde, pero sigue leyendo sus reseñas", async () => {
    const { reviewId } = await reviewedProduct("pelotas-suspendidas");
    await api.db
      .update(shops)
      .set({ status: "suspendida", statusReason: "Documentación caducada." })
      .where(eq(shops.id, catalogue.shops.smash.id));
    try {
      const refused = await reply(sellers.smash, { reviewId, text: "Gracias por tu reseña." });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(shopSuspendedNoWrites("Documentación caducada."));
      expect((await sellerList(sellers.smash)).statusCode).toBe(200);
    } finally {
      await api.db
        .update(shops)
        .set({ status: "aprobada", statusReason: null })
        .where(eq(shops.id, catalogue.shops.smash.id));
    }
  });

  it("el vendedor lista las reseñas de sus productos, todas o las que faltan por responder", async () => {
    const answered = await reviewedProduct("pelotas-lista-respondida");
    const waiting = await reviewedProduct("pelotas-lista-pendiente");
    expect((await reply(sellers.smash, { reviewId: answered.reviewId, text: "¡Gracias!" })).statusCode).toBe(201);

    const all = (await sellerList(sellers.smash, "?perPage=50")).json();
    const ids = all.reviews.map((review: { _id: string }) => review._id);
    expect(ids).toEqual(expect.arrayContaining([answered.reviewId, waiting.reviewId]));
    expect(all.reviews.find((review: { _id: string }) => review._id === waiting.reviewId)).toMatchObject({
      rating: 3,
      reply: null,
      product: { _id: waiting.product.id, slug: "pelotas-lista-pendiente" },
    });
    const pending = (await sellerList(sellers.smash, "?filter=sin_responder&perPage=50")).json();
    const pendingIds = pending.reviews.map((review: { _id: string }) => review._id);
    expect(pendingIds).toContain(waiting.reviewId);
    expect(pendingIds).not.toContain(answered.reviewId);
    expect(pending.total).toBe(pending.unanswered);
    expect(all.unanswered).toBe(pending.unanswered);
    // The other shop sees none of them.
    const centro = (await sellerList(sellers.centro, "?perPage=50")).json();
    expect(centro.reviews.map((review: { _id: string }) => review._id)).not.toContain(waiting.reviewId);
    const badFilter = await sellerList(sellers.smash, "?filter=otra");
    expect(badFilter.statusCode).toBe(400);
    expect((await sellerList(await signedInUser(api.db), "")).statusCode).toBe(403);
  });
});
