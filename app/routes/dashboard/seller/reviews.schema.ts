import { reviewReplyBody } from "#contract/reviews";
import { REVIEW_REPLY_INTENT } from "./reviews.forms";

/** A reply to one review: the API's own rules (trimmed, 2 to 1000 characters). */
export const reviewReplyFormSchema = reviewReplyBody;

/** The page's forms by the intent their button sends (parseIntentForm). */
export const SELLER_REVIEW_FORMS = { [REVIEW_REPLY_INTENT]: reviewReplyFormSchema };
