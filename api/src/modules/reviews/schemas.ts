import { z } from "zod";

export type { MyReviewAnswer, ReviewsAnswer, ReviewSubmittedAnswer } from "./contract.js";

export const REVIEW_MIN_LENGTH = 10;
export const REVIEW_MAX_LENGTH = 2000;
export const REVIEWS_PER_PAGE = 5;
export const MAX_REVIEWS_PER_PAGE = 50;

/** An empty body arrives as null, not undefined: one text serves both cases. */
const objectExpected = (message: string) => ({ required_error: message, invalid_type_error: message });

const productId = z
  .string({ required_error: "El producto no es válido.", invalid_type_error: "El producto no es válido." })
  .uuid("El producto no es válido.");

const RATING_RANGE = "Elija una valoración de 1 a 5 estrellas.";
const REVIEW_MISSING = "Escriba su reseña.";

export const submitReviewBody = z.object(
  {
    productId,
    rating: z.number({ required_error: RATING_RANGE, invalid_type_error: RATING_RANGE }).int(RATING_RANGE).min(1, RATING_RANGE).max(5, RATING_RANGE),
    text: z
      .string({ required_error: REVIEW_MISSING, invalid_type_error: REVIEW_MISSING })
      .trim()
      .min(1, REVIEW_MISSING)
      .min(REVIEW_MIN_LENGTH, `La reseña debe tener al menos ${REVIEW_MIN_LENGTH} caracteres.`)
      .max(REVIEW_MAX_LENGTH, `La reseña no puede superar los ${REVIEW_MAX_LENGTH} caracteres.`),
  },
  objectExpected("Envíe su valoración y su reseña."),
);
export type SubmitReviewBody = z.infer<typeof submitReviewBody>;

export const productReviewsParams = z.object({ productId });

const pageNumber = (message: string, max: number, fallback: number) =>
  z.coerce.number({ invalid_type_error: message }).int(message).min(1, message).max(max, message).default(fallback);

export const reviewsPageQuery = z.object({
  pageNo: pageNumber("La página no es válida.", 100_000, 1),
  perPage: pageNumber(`Pida entre 1 y ${MAX_REVIEWS_PER_PAGE} reseñas por página.`, MAX_REVIEWS_PER_PAGE, REVIEWS_PER_PAGE),
});
