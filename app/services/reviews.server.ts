import { parseWithZod } from "@conform-to/zod";
import type { MyReviewAnswer, ReviewsAnswer, ReviewSubmittedAnswer } from "../../api/src/modules/reviews/contract";
import { REVIEW_INTENT, reviewSchema } from "~/components/product/review-schema";
import { REVIEWS_PAGE_PARAM } from "~/components/product/Reviews";
import { api, ApiError } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { signInPath } from "./coupons.server";
import { getShopper, type Shopper } from "./shopper.server";

export type { MyReviewAnswer, ReviewsAnswer };

/** Reviews on each page of the product page's list. */
export const REVIEWS_PER_PAGE = 5;

const MAX_REVIEWS_PAGE = 100_000;

/** The reviews' page number in the product page's `?resenas=`; anything that is not a page number means the first. */
export function reviewsPageOf(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get(REVIEWS_PAGE_PARAM));
  return Number.isInteger(page) && page >= 1 && page <= MAX_REVIEWS_PAGE ? page : 1;
}

/** One page of a product's reviews, newest first, with the count of each number of stars. */
export function getReviews(productId: string, pageNo: number): Promise<ReviewsAnswer> {
  return api<ReviewsAnswer>(`/home/customer/get-reviews/${encodeURIComponent(productId)}`, { query: { pageNo, perPage: REVIEWS_PER_PAGE } });
}

/** Whether the signed-in shopper may review the product, and their review to edit; null for a visitor. */
export async function getMyReview(shopper: Shopper, productId: string): Promise<MyReviewAnswer | null> {
  if (!shopper.user) return null;
  return shopper.write<MyReviewAnswer>(`/home/customer/my-review/${encodeURIComponent(productId)}`);
}

/** True when the form posted to the product page is the review form (the purchase form goes to shopperAction). */
export async function isReviewIntent(request: Request): Promise<boolean> {
  return (await request.clone().formData()).get("intent") === REVIEW_INTENT;
}

/**
 * The product page's review form: writes (or rewrites) the shopper's review, then back to the
 * product's reviews with a flash. Refused input comes back next to its field with the text kept;
 * a visitor is sent to sign in first.
 */
export async function reviewAction(args: RequestArgs, productPath: string) {
  const shopper = await getShopper(args);
  if (!shopper.user) return shopper.redirect(signInPath(productPath), { kind: "error", message: "Inicie sesión para escribir una reseña." });

  const submission = parseWithZod(await args.request.formData(), { schema: reviewSchema });
  if (submission.status !== "success") return shopper.data({ result: submission.reply() }, 400);
  try {
    const { message } = await shopper.write<ReviewSubmittedAnswer>("/home/customer/submit-review", { method: "POST", body: submission.value });
    return shopper.redirect(`${productPath}#resenas`, { kind: "success", message });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status < 500) {
      const field = error.errors.find((issue) => issue.field === "rating" || issue.field === "text")?.field;
      const reply = field ? submission.reply({ fieldErrors: { [field]: [error.message] } }) : submission.reply({ formErrors: [error.message] });
      return shopper.data({ result: reply }, error.status);
    }
    console.error("No se pudo guardar la reseña:", error);
    return shopper.data({ result: submission.reply({ formErrors: ["Error de red o servidor"] }) }, 502);
  }
}
