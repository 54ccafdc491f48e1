/** The reviews page's form (issue 34) as the page names it, without zod: its intent and schema loader. */

/** The value of the reply form's `intent`; the form is named by its review (`reviewId`). */
export const REVIEW_REPLY_INTENT = "responder-resena";

/** The reply form's schema, loaded when the form is first used (useSchemaForm). */
export const loadReviewReplySchema = () => import("./reviews.schema").then((module) => module.reviewReplyFormSchema);
