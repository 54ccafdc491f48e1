import { z } from "zod";
import { endpoint, noInput } from "./http";
import { isoDateTime, objectExpected, queryPage, queryPageSize, uuid } from "./fields";
import {
  MAX_REVIEWS_PER_PAGE,
  REVIEW_MAX_LENGTH,
  REVIEW_MIN_LENGTH,
  REVIEW_REPLY_MAX_LENGTH,
  REVIEW_REPLY_MIN_LENGTH,
  REVIEWS_PER_PAGE,
} from "./limits";
import { INVALID_PAGE } from "./messages";

/** Product reviews (SPEC.md section 3 "Review", section 7). */

// ---- Inputs -------------------------------------------------------------------------------------

export const RATING_RANGE = "Elige una valoración de 1 a 5 estrellas.";
export const REVIEW_MISSING = "Escribe tu reseña.";

/** The reviewed product's id. */
export const reviewProductId = uuid("El producto no es válido.");

/** 1 to 5 whole stars. */
export const reviewRating = z
  .number({ required_error: RATING_RANGE, invalid_type_error: RATING_RANGE })
  .int(RATING_RANGE)
  .min(1, RATING_RANGE)
  .max(5, RATING_RANGE);

/** The review's text, trimmed, REVIEW_MIN_LENGTH to REVIEW_MAX_LENGTH characters. */
export const reviewText = z
  .string({ required_error: REVIEW_MISSING, invalid_type_error: REVIEW_MISSING })
  .trim()
  .min(1, REVIEW_MISSING)
  .min(REVIEW_MIN_LENGTH, `La reseña debe tener al menos ${REVIEW_MIN_LENGTH} caracteres.`)
  .max(REVIEW_MAX_LENGTH, `La reseña no puede superar los ${REVIEW_MAX_LENGTH} caracteres.`);

/** The review's fields: the API's body, and the product page's form. */
export const reviewFields = { productId: reviewProductId, rating: reviewRating, text: reviewText };

export const submitReviewBody = z.object(reviewFields, objectExpected("Envía tu valoración y tu reseña."));
export type SubmitReviewBody = z.infer<typeof submitReviewBody>;

export const productReviewsParams = z.object({ productId: reviewProductId });

export const REPLY_MISSING = "Escribe tu respuesta.";

/** The shop's reply to a review (issue 34): plain text, trimmed. */
export const reviewReplyText = z
  .string({ required_error: REPLY_MISSING, invalid_type_error: REPLY_MISSING })
  .trim()
  .min(1, REPLY_MISSING)
  .min(REVIEW_REPLY_MIN_LENGTH, `La respuesta debe tener al menos ${REVIEW_REPLY_MIN_LENGTH} caracteres.`)
  .max(REVIEW_REPLY_MAX_LENGTH, `La respuesta no puede superar los ${REVIEW_REPLY_MAX_LENGTH} caracteres.`);

/** The seller's reply form and the API's body: one reply per review, a second one replaces it. */
export const reviewReplyBody = z.object(
  { reviewId: uuid("La reseña no es válida."), text: reviewReplyText },
  objectExpected("Envía la reseña y tu respuesta."),
);
export type ReviewReplyBody = z.infer<typeof reviewReplyBody>;

/** Which of the shop's reviews the seller lists: all, or those still without a reply. */
export const sellerReviewFilter = z.enum(["todas", "sin_responder"], {
  errorMap: () => ({ message: "Elige todas las reseñas o las que faltan por responder." }),
});
export type SellerReviewFilter = z.infer<typeof sellerReviewFilter>;

export const reviewsPageQuery = z.object({
  pageNo: queryPage(1, INVALID_PAGE),
  perPage: queryPageSize(
    MAX_REVIEWS_PER_PAGE,
    REVIEWS_PER_PAGE,
    `Pide entre 1 y ${MAX_REVIEWS_PER_PAGE} reseñas por página.`,
  ),
});

export const sellerReviewsQuery = reviewsPageQuery.extend({ filter: sellerReviewFilter.default("todas") });

// ---- Answers ------------------------------------------------------------------------------------

/** A shop's public reply under a review. */
export const reviewReply = z.object({
  text: z.string(),
  date: isoDateTime,
  shopName: z.string(),
});
export type ReviewReply = z.infer<typeof reviewReply>;

export const review = z.object({
  _id: z.string(),
  /** The reviewer's name. */
  name: z.string(),
  /** 1 to 5 stars. */
  rating: z.number().int(),
  /** As the reviewer wrote it: plain text, never HTML. */
  text: z.string(),
  /** When it was first written. */
  date: isoDateTime,
  /** The reviewer has a paid order with this product. */
  verifiedPurchase: z.boolean(),
  /** The shop's reply, if it gave one. */
  reply: reviewReply.nullable(),
});
export type Review = z.infer<typeof review>;

/** A review of one of the seller's products, on their reviews page. */
export const sellerReview = review.extend({
  product: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
});
export type SellerReview = z.infer<typeof sellerReview>;

export const sellerReviewsAnswer = z.object({
  /** Newest first. */
  reviews: z.array(sellerReview),
  total: z.number().int(),
  /** Of all the shop's reviews, how many still have no reply. */
  unanswered: z.number().int(),
  pageNo: z.number().int(),
  perPage: z.number().int(),
});
export type SellerReviewsAnswer = z.infer<typeof sellerReviewsAnswer>;

export const reviewReplyAnswer = z.object({ message: z.string(), reply: reviewReply });
export type ReviewReplyAnswer = z.infer<typeof reviewReplyAnswer>;

export const ratingCount = z.object({ rating: z.number().int(), sum: z.number().int() });
export type RatingCount = z.infer<typeof ratingCount>;

export const reviewsAnswer = z.object({
  /** Newest first. */
  reviews: z.array(review),
  totalReview: z.number().int(),
  /** How many reviews give each number of stars, 5 down to 1. */
  rating_review: z.array(ratingCount),
  pageNo: z.number().int(),
  perPage: z.number().int(),
});
export type ReviewsAnswer = z.infer<typeof reviewsAnswer>;

/** What the signed-in user may do on a product's reviews: write one (paid buyers only), and the one they wrote. */
export const myReviewAnswer = z.object({
  canReview: z.boolean(),
  review: z.object({ rating: z.number().int(), text: z.string() }).nullable(),
});
export type MyReviewAnswer = z.infer<typeof myReviewAnswer>;

export const reviewSubmittedAnswer = z.object({
  message: z.string(),
  /** The product's new average rating. */
  rating: z.number(),
});
export type ReviewSubmittedAnswer = z.infer<typeof reviewSubmittedAnswer>;

// ---- Calls --------------------------------------------------------------------------------------

/** Anyone reads a product's reviews; a paid buyer (bearer) writes one, and rewrites it. */
export const reviewEndpoints = {
  /** 201 for a new review, 200 when the caller's review is rewritten. */
  submit: endpoint({
    method: "POST",
    path: "/home/customer/submit-review",
    body: submitReviewBody,
    answer: reviewSubmittedAnswer,
    statuses: [200, 201],
  }),
  list: endpoint({
    method: "GET",
    path: "/home/customer/get-reviews/:productId",
    params: productReviewsParams,
    query: reviewsPageQuery,
    answer: reviewsAnswer,
  }),
  mine: endpoint({
    method: "GET",
    path: "/home/customer/my-review/:productId",
    params: productReviewsParams,
    query: noInput,
    answer: myReviewAnswer,
  }),
  /** The seller's reviews page: the reviews of their shop's products. */
  sellerList: endpoint({
    method: "GET",
    path: "/seller/reviews",
    query: sellerReviewsQuery,
    answer: sellerReviewsAnswer,
  }),
  /** 201 for a first reply, 200 when it replaces the shop's reply. */
  reply: endpoint({
    method: "POST",
    path: "/seller/review-reply",
    body: reviewReplyBody,
    answer: reviewReplyAnswer,
    statuses: [200, 201],
  }),
};
