import { z } from "zod";
import { reviewFields } from "#contract/reviews";

/**
 * The product page's review form, checked in the browser (Conform) and again by the page's action
 * with the fields the API's body is made of (same limits, same words). The API decides who may review.
 */
export const REVIEW_INTENT = "submit-review";

export const reviewSchema = z.object(reviewFields);
