import { reviewEndpoints, sellerReviewFilter, type SellerReviewFilter } from "#contract/reviews";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { REVIEW_REPLY_INTENT } from "~/routes/dashboard/seller/reviews.forms";
import { reviewReplyFormSchema, SELLER_REVIEW_FORMS } from "~/routes/dashboard/seller/reviews.schema";
import { pageErrorOf } from "./admin.server";
import type { RequestArgs } from "./auth.server";
import type { SellerArea } from "./seller.server";
import { redirectWithFlash } from "./session.server";

/** Reviews per page of the seller's list. */
const PER_PAGE = 10;

/** The page's filter from its address; anything else reads as all reviews. */
function filterOf(url: URL): SellerReviewFilter {
  const parsed = sellerReviewFilter.safeParse(url.searchParams.get("filtro"));
  return parsed.success ? parsed.data : "todas";
}

function pageOf(url: URL): number {
  const page = Number(url.searchParams.get("pagina"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /dashboard/seller/reviews?filtro=&pagina=: `GET /seller/reviews`, the reviews of the shop's
 * products, all or those still without a reply, with the reply form's constraints.
 */
export async function loadSellerReviews(area: SellerArea, url: URL) {
  const filter = filterOf(url);
  const answer = await area.account
    .call(reviewEndpoints.sellerList, { query: { filter, pageNo: pageOf(url), perPage: PER_PAGE } })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return {
    ...answer,
    filter,
    totalPages: Math.max(1, Math.ceil(answer.total / answer.perPage)),
    locked: area.refusal,
    constraint: formConstraints({ reply: reviewReplyFormSchema }).reply,
  };
}

/**
 * A reply to one review (`POST /seller/review-reply`), then back to the same list with a flash; a
 * refusal (the shop suspended, the review gone) is said beside the reply, which is kept.
 */
export async function sellerReviewsAction(args: RequestArgs, area: SellerArea) {
  const url = new URL(args.request.url);
  const back = `${url.pathname}${url.search}`;
  const form = await parseIntentForm(args.request, SELLER_REVIEW_FORMS, {
    target: (formData) => String(formData.get("reviewId") ?? ""),
  });
  if (!form.ok) return form.answer;
  try {
    switch (form.intent) {
      case REVIEW_REPLY_INTENT: {
        const { message } = await area.account.call(reviewEndpoints.reply, { body: form.value });
        return redirectWithFlash(args.context, back, { kind: "success", message });
      }
    }
  } catch (error) {
    return answerRefused(error, form, { fields: ["text"], target: form.value.reviewId });
  }
}
