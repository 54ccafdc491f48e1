import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { PRODUCT_NOT_FOUND } from "#contract/catalog";
import type { MyReviewAnswer, ReviewsAnswer, ReviewSubmittedAnswer, SubmitReviewBody } from "#contract/reviews";
import { starsText } from "#contract/stars";
import type { Db, Transaction } from "../../db/client.js";
import { orderItems, orders, products, reviews, shopOrders, shops, users } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { notify } from "../notifications/service.js";
import { reviewNotice } from "#contract/notification-texts";

export const REVIEW_PUBLISHED = "Reseña publicada. ¡Gracias por tu opinión!";
export const REVIEW_UPDATED = "Reseña actualizada.";
export const BUYERS_ONLY = "Solo los clientes que han comprado y pagado este producto pueden reseñarlo.";
export const OWN_PRODUCT = "No puedes reseñar un producto de tu propia tienda.";

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
    .select({ name: products.name, ownerId: shops.ownerId, paid: paidPurchase(userId, productId) })
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
    return {
      created: !existing,
      answer: { message: existing ? REVIEW_UPDATED : REVIEW_PUBLISHED, rating: product!.rating },
    };
  });
}

/** One page of a product's reviews, newest first, with the count of each number of stars. */
export async function productReviews(
  db: Db,
  productId: string,
  page: { pageNo: number; perPage: number },
): Promise<ReviewsAnswer> {
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: reviews.id,
        name: users.name,
        rating: reviews.rating,
        text: reviews.text,
        createdAt: reviews.createdAt,
        verifiedPurchase: paidPurchase(sql`${reviews.userId}`, sql`${reviews.productId}`),
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
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
    reviews: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      rating: row.rating,
      text: row.text,
      date: row.createdAt.toISOString(),
      verifiedPurchase: row.verifiedPurchase,
    })),
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
