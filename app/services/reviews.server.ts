import { MAX_PAGE, REVIEWS_PER_PAGE } from "#contract/limits";
import { reviewEndpoints, type MyReviewAnswer, type ReviewsAnswer } from "#contract/reviews";
import { answerRefused, type ParsedForm } from "~/forms/form-answer.server";
import { REVIEWS_PAGE_PARAM } from "~/routes/product-details.paths";
import type { PRODUCT_FORMS } from "~/routes/product-details.schema";
import type { productIntents } from "~/routes/product-details.forms";
import type { ApiClient } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { signInPath } from "./coupons.server";
import { getShopper, type Shopper } from "./shopper.server";
import { redirectWithFlash } from "./session.server";

export type { MyReviewAnswer, ReviewsAnswer };

/** The reviews' page number in the product page's `?resenas=`; anything that is not a page number means the first. */
export function reviewsPageOf(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get(REVIEWS_PAGE_PARAM));
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** One page of a product's reviews, newest first, with the count of each number of stars. */
export function getReviews(api: ApiClient, productId: string, pageNo: number): Promise<ReviewsAnswer> {
  return api.call(reviewEndpoints.list, { params: { productId }, query: { pageNo, perPage: REVIEWS_PER_PAGE } });
}

/** Never used: a signed-in shopper always has an id, so the read always calls the API. */
const NOT_REVIEWABLE: MyReviewAnswer = { canReview: false, review: null };

/** Whether the signed-in shopper may review the product, and their review to edit; null for a visitor. */
export async function getMyReview(shopper: Shopper, productId: string): Promise<MyReviewAnswer | null> {
  if (!shopper.user) return null;
  return shopper.read(reviewEndpoints.mine, () => ({ params: { productId } }), NOT_REVIEWABLE);
}

type ReviewForm = Extract<ParsedForm<typeof PRODUCT_FORMS>, { intent: typeof productIntents.review }>;

/**
 * The product page's review form: writes (or rewrites) the shopper's review, then back to the
 * product's reviews with a flash. A refusal comes back next to its field with the text kept; a
 * visitor is sent to sign in first.
 */
export async function reviewAction(args: RequestArgs, form: ReviewForm, productPath: string) {
  const shopper = getShopper(args);
  if (!shopper.user)
    return redirectWithFlash(args.context, signInPath(productPath), {
      kind: "error",
      message: "Inicia sesión para escribir una reseña.",
    });
  try {
    const { message } = await shopper.write(reviewEndpoints.submit, { body: form.value });
    return redirectWithFlash(args.context, `${productPath}#resenas`, { kind: "success", message });
  } catch (error) {
    return answerRefused(error, form, { fields: ["rating", "text"] });
  }
}
