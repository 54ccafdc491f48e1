import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { PRODUCT_NOT_FOUND } from "#contract/catalog";
import type {
  MyReviewAnswer,
  ReviewReplyAnswer,
  ReviewReplyBody,
  ReviewsAnswer,
  ReviewSubmittedAnswer,
  SellerReviewFilter,
  SellerReviewsAnswer,
  SubmitReviewBody,
} from "#contract/reviews";
import { starsText } from "#contract/stars";
import type { Db, Transaction } from "../../db/client.js";
import { orderItems, orders, products, reviews, shopOrders, shops, users } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { queueEventMail } from "../mail/event-mail.js";
import { mailRecipient } from "../mail/recipients.js";
import type { MailContext } from "../mail/render.js";
import { newReviewMail } from "../mail/templates/new-review.js";
import { notify } from "../notifications/service.js";
import { reviewNotice, reviewReplyNotice } from "#contract/notification-texts";
import { recordAudit } from "../audit/service.js";

export const REVIEW_PUBLISHED = "Reseña publicada. ¡Gracias por tu opinión!";
export const REVIEW_UPDATED = "Reseña actualizada.";
export const BUYERS_ONLY = "Solo los clientes que han comprado y pagado este producto pueden reseñarlo.";
export const OWN_PRODUCT = "No puedes reseñar un producto de tu propia tienda.";
export const REVIEW_NOT_FOUND = "Reseña no encontrada.";
export const REPLY_PUBLISHED = "Respuesta publicada.";
export const REPLY_UPDATED = "Respuesta actualizada.";

const STARS = [5, 4, 3, 2, 1];

/** True when `userId` has a paid order holding `productId` (a verified purchase). */
function paidPurchase(userId: SQL | string, productId: SQL | string): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${orderItems}
    join ${shopOrders} on ${shopOrders.id} = ${orderItems.shopOrderId}
    join ${orders} on ${orders.id} = ${shopOrders.orderId}
    where ${orders.userId} = ${userId} and ${orders.paymentStatus} = 'pagado' and ${orderItems.productId} = ${productId}
  )`;
}

/** A product's shop owner and whether `userId` bought and paid it; null for an unknown product. */
async function reviewRights(db: Db | Transaction, productId: string, userId: string, lock: boolean) {
  const query = db
    .select({
      name: products.name,
      ownerId: shops.ownerId,
      shopName: shops.name,
      paid: paidPurchase(userId, productId),
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(products.id, productId));
  const [row] = await (lock ? query.for("update", { of: products }) : query);
  return row ?? null;
}

/**
 * Writes the user's review of a product, or rewrites the one they wrote: only a paid buyer may,
 * and never the product's own seller. In one transaction the product row is locked (so reviews
 * written at once each see the others when the average is taken), the review is stored, the
 * product's rating becomes the average of its reviews and the seller is notified.
 */
export async function submitReview(
  db: Db,
  userId: string,
  body: SubmitReviewBody,
  mail: MailContext,
): Promise<{ created: boolean; answer: ReviewSubmittedAnswer }> {
  return db.transaction(async (tx) => {
    const rights = await reviewRights(tx, body.productId, userId, true);
    if (!rights) throw new HttpError(404, PRODUCT_NOT_FOUND);
    if (rights.ownerId === userId) throw new HttpError(403, OWN_PRODUCT);
    if (!rights.paid) throw new HttpError(403, BUYERS_ONLY);

    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, body.productId), eq(reviews.userId, userId)));
    await tx
      .insert(reviews)
      .values({ productId: body.productId, userId, rating: body.rating, text: body.text })
      .onConflictDoUpdate({
        target: [reviews.productId, reviews.userId],
        set: { rating: body.rating, text: body.text, updatedAt: sql`now()` },
      });
    const [product] = await tx
      .update(products)
      .set({
        rating: sql`(select coalesce(round(avg(${reviews.rating})::numeric, 1), 0)::real from ${reviews} where ${reviews.productId} = ${body.productId})`,
      })
      .where(eq(products.id, body.productId))
      .returning({ rating: products.rating });

    const message = reviewNotice(rights.name, starsText(body.rating), Boolean(existing));
    await notify(tx, [{ userId: rights.ownerId, type: "resena", message, productId: body.productId }]);
    await queueEventMail(
      tx,
      mail,
      newReviewMail(
        {
          productName: rights.name,
          shopName: rights.shopName,
          rating: body.rating,
          text: body.text,
          changed: Boolean(existing),
        },
        await mailRecipient(tx, rights.ownerId),
        mail.publicWebUrl,
      ),
    );
    return {
      created: !existing,
      answer: { message: existing ? REVIEW_UPDATED : REVIEW_PUBLISHED, rating: product!.rating },
    };
  });
}

/** What a review list reads of each review (joined to its reviewer, product and shop): see listedReview. */
function listedReviewColumns() {
  return {
    id: reviews.id,
    name: users.name,
    rating: reviews.rating,
    text: reviews.text,
    createdAt: reviews.createdAt,
    verifiedPurchase: paidPurchase(sql`${reviews.userId}`, sql`${reviews.productId}`),
    replyText: reviews.replyText,
    repliedAt: reviews.repliedAt,
    shopName: shops.name,
  };
}

/** One page of a product's reviews, newest first, with the count of each number of stars. */
export async function productReviews(
  db: Db,
  productId: string,
  page: { pageNo: number; perPage: number },
): Promise<ReviewsAnswer> {
  const [rows, counts] = await Promise.all([
    db
      .select(listedReviewColumns())
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(eq(reviews.productId, productId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.perPage)
      .offset((page.pageNo - 1) * page.perPage),
    db
      .select({ rating: reviews.rating, sum: count() })
      .from(reviews)
      .where(eq(reviews.productId, productId))
      .groupBy(reviews.rating),
  ]);
  const rating_review = STARS.map((rating) => ({ rating, sum: counts.find((row) => row.rating === rating)?.sum ?? 0 }));
  return {
    reviews: rows.map(listedReview),
    totalReview: rating_review.reduce((total, row) => total + row.sum, 0),
    rating_review,
    pageNo: page.pageNo,
    perPage: page.perPage,
  };
}

/** Whether the user may review the product, and their review to edit. */
export async function myReview(db: Db, productId: string, userId: string): Promise<MyReviewAnswer> {
  const [rights, [own]] = await Promise.all([
    reviewRights(db, productId, userId, false),
    db
      .select({ rating: reviews.rating, text: reviews.text })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId))),
  ]);
  if (!rights) throw new HttpError(404, PRODUCT_NOT_FOUND);
  return { canReview: rights.paid && rights.ownerId !== userId, review: own ?? null };
}

/** A review row as the answers list it, with the shop's reply when there is one. */
function listedReview(row: {
  id: string;
  name: string;
  rating: number;
  text: string;
  createdAt: Date;
  verifiedPurchase: boolean;
  replyText: string | null;
  repliedAt: Date | null;
  shopName: string;
}) {
  return {
    _id: row.id,
    name: row.name,
    rating: row.rating,
    text: row.text,
    date: row.createdAt.toISOString(),
    verifiedPurchase: row.verifiedPurchase,
    reply:
      row.replyText !== null && row.repliedAt !== null
        ? { text: row.replyText, date: row.repliedAt.toISOString(), shopName: row.shopName }
        : null,
  };
}

/**
 * The reviews of the seller's shop's products, newest first, all or only those without a reply, with
 * how many still wait for one.
 */
export async function sellerReviews(
  db: Db,
  sellerId: string,
  query: { pageNo: number; perPage: number; filter: SellerReviewFilter },
): Promise<SellerReviewsAnswer> {
  const ownShop = eq(shops.ownerId, sellerId);
  const where = query.filter === "sin_responder" ? and(ownShop, isNull(reviews.replyText)) : ownShop;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        ...listedReviewColumns(),
        productId: products.id,
        productName: products.name,
        productSlug: products.slug,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(query.perPage)
      .offset((query.pageNo - 1) * query.perPage),
    db
      .select({
        total: sql<number>`count(*) filter (where ${where})::integer`,
        unanswered: sql<number>`count(*) filter (where ${reviews.replyText} is null)::integer`,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(ownShop),
  ]);
  return {
    reviews: rows.map((row) => ({
      ...listedReview(row),
      product: { _id: row.productId, name: row.productName, slug: row.productSlug },
    })),
    total: totals?.total ?? 0,
    unanswered: totals?.unanswered ?? 0,
    pageNo: query.pageNo,
    perPage: query.perPage,
  };
}

/**
 * The shop's public reply to a review of one of its products, or its new wording. The review row is
 * locked, so two replies at once are applied one after the other and each is audited with what it
 * replaced; a review of another shop's product is "not found". The reviewer is told.
 */
export async function replyToReview(
  db: Db,
  sellerId: string,
  body: ReviewReplyBody,
): Promise<{ created: boolean; answer: ReviewReplyAnswer }> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({
        reviewerId: reviews.userId,
        productId: products.id,
        productName: products.name,
        shopName: shops.name,
        ownerId: shops.ownerId,
        replyText: reviews.replyText,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(eq(reviews.id, body.reviewId))
      .for("update", { of: reviews });
    if (!target || target.ownerId !== sellerId) throw new HttpError(404, REVIEW_NOT_FOUND);
    const [replied] = await tx
      .update(reviews)
      .set({ replyText: body.text, repliedAt: sql`now()` })
      .where(eq(reviews.id, body.reviewId))
      .returning({ repliedAt: reviews.repliedAt });
    const changed = target.replyText !== null;
    await recordAudit(tx, {
      actorId: sellerId,
      action: "producto.responder_resena",
      entity: "producto",
      entityId: target.productId,
      before: changed ? { reviewId: body.reviewId, reply: target.replyText } : null,
      after: { reviewId: body.reviewId, reply: body.text },
    });
    await notify(tx, [
      {
        userId: target.reviewerId,
        type: "resena",
        message: reviewReplyNotice(target.productName, target.shopName, changed),
        productId: target.productId,
      },
    ]);
    return {
      created: !changed,
      answer: {
        message: changed ? REPLY_UPDATED : REPLY_PUBLISHED,
        reply: { text: body.text, date: replied!.repliedAt!.toISOString(), shopName: target.shopName },
      },
    };
  });
}
