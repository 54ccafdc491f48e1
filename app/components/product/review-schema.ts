import { z } from "zod";

/**
 * The product page's review form, checked in the browser (Conform) and again by the page's action,
 * with the API's own limits and words. The API decides who may review.
 */
export const REVIEW_INTENT = "submit-review";
export const REVIEW_MIN_LENGTH = 10;
export const REVIEW_MAX_LENGTH = 2000;

const RATING_RANGE = "Elija una valoración de 1 a 5 estrellas.";

export const reviewSchema = z.object({
  productId: z.string({ required_error: "El producto no es válido." }).uuid("El producto no es válido."),
  rating: z.number({ required_error: RATING_RANGE, invalid_type_error: RATING_RANGE }).int(RATING_RANGE).min(1, RATING_RANGE).max(5, RATING_RANGE),
  text: z
    .string({ required_error: "Escriba su reseña." })
    .trim()
    .min(REVIEW_MIN_LENGTH, `La reseña debe tener al menos ${REVIEW_MIN_LENGTH} caracteres.`)
    .max(REVIEW_MAX_LENGTH, `La reseña no puede superar los ${REVIEW_MAX_LENGTH} caracteres.`),
});
