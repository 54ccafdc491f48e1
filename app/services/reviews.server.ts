import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { MAX_PAGE, REVIEWS_PER_PAGE } from "#contract/limits";
import { NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { reviewEndpoints, type MyReviewAnswer, type ReviewsAnswer } from "#contract/reviews";
import { REVIEW_INTENT, reviewSchema } from "~/components/product/review-schema";
import { REVIEWS_PAGE_PARAM } from "~/components/product/Reviews";
import { ApiError, type ApiClient } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { signInPath } from "./coupons.server";
import { getShopper, type Shopper } from "./shopper.server";
import { redirectWithFlash } from "./session.server";
import { logError } from "./log.server";
import { readForm } from "./form.server";

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

/** True when the form posted to the product page is the review form (the purchase form goes to shopperAction). */
export async function isReviewIntent(request: Request): Promise<boolean> {
  return (await readForm(request.clone())).get("intent") === REVIEW_INTENT;
}

/**
 * The product page's review form: writes (or rewrites) the shopper's review, then back to the
 * product's reviews with a flash. Refused input comes back next to its field with the text kept;
 * a visitor is sent to sign in first.
 */
export async function reviewAction(args: RequestArgs, productPath: string) {
  const shopper = getShopper(args);
  if (!shopper.user)
    return redirectWithFlash(args.context, signInPath(productPath), {
      kind: "error",
      message: "Inicia sesión para escribir una reseña.",
    });

  const submission = parseWithZod(await readForm(args.request), { schema: reviewSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const { message } = await shopper.write(reviewEndpoints.submit, { body: submission.value });
    return redirectWithFlash(args.context, `${productPath}#resenas`, { kind: "success", message });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status < 500) {
      const field = error.errors.find((issue) => issue.field === "rating" || issue.field === "text")?.field;
      const reply = field
        ? submission.reply({ fieldErrors: { [field]: [error.message] } })
        : submission.reply({ formErrors: [error.message] });
      return data({ result: reply }, { status: error.status });
    }
    logError("No se pudo guardar la reseña", error);
    return data({ result: submission.reply({ formErrors: [NETWORK_OR_SERVER_ERROR] }) }, { status: 502 });
  }
}
