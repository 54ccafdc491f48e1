import { z } from "zod";
import { uuid } from "#contract/fields";
import { INVALID_RETURN, returnAnswerText, returnRequestBody } from "#contract/returns";
import { orderReturnIntents } from "./order-return.forms";

/** The customer's request: the API's own body (a number of units per line, 0 leaves it, and the reason). */
export const returnRequestFormSchema = returnRequestBody;

const returnId = uuid(INVALID_RETURN);

/**
 * The shop's (or an admin's) answer, one form with two buttons: its text is the instructions to send
 * the goods back when it accepts, the reason when it refuses (the API checks each with its own words).
 */
export const returnAnswerFormSchema = z.object({ returnId, text: returnAnswerText });
/** The shop's «Recibido» (or an admin's in its place): the refund is made. */
export const returnReceivedFormSchema = z.object({ returnId });

/** The customer's page's return form by its intent (parseIntentForm). */
export const CUSTOMER_RETURN_FORMS = { [orderReturnIntents.request]: returnRequestFormSchema };
/** The seller's page's: an answer, and the goods received. */
export const SELLER_RETURN_FORMS = {
  [orderReturnIntents.accept]: returnAnswerFormSchema,
  [orderReturnIntents.refuse]: returnAnswerFormSchema,
  [orderReturnIntents.received]: returnReceivedFormSchema,
};
/** The admin's page's: the same, in the shop's place once its time is over. */
export const ADMIN_RETURN_FORMS = SELLER_RETURN_FORMS;

/** Every return form's constraints, for the loaders (formConstraints). */
export const RETURN_FORM_SCHEMAS = {
  request: returnRequestFormSchema,
  answer: returnAnswerFormSchema,
  received: returnReceivedFormSchema,
};
