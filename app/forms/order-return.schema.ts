import { z } from "zod";
import { uuid } from "#contract/fields";
import { INVALID_RETURN, returnInstructions, returnRefusalReason, returnRequestBody } from "#contract/returns";
import { orderReturnIntents } from "./order-return.forms";

/** The customer's request: the API's own body (a number of units per line, 0 leaves it, and the reason). */
export const returnRequestFormSchema = returnRequestBody;

const returnId = uuid(INVALID_RETURN);

/** The shop (or an admin) accepts, with the instructions to send the goods back. */
export const returnAcceptFormSchema = z.object({ returnId, instructions: returnInstructions });
/** The shop (or an admin) refuses, with the reason. */
export const returnRefuseFormSchema = z.object({ returnId, reason: returnRefusalReason });
/** The shop's «Recibido»: the refund is made. */
export const returnReceivedFormSchema = z.object({ returnId });

/** The customer's page's return form by its intent (parseIntentForm). */
export const CUSTOMER_RETURN_FORMS = { [orderReturnIntents.request]: returnRequestFormSchema };
/** The admin's page's: an answer in the shop's place. */
export const ADMIN_RETURN_FORMS = {
  [orderReturnIntents.accept]: returnAcceptFormSchema,
  [orderReturnIntents.refuse]: returnRefuseFormSchema,
};
/** The seller's page's: an answer, and the goods received. */
export const SELLER_RETURN_FORMS = {
  ...ADMIN_RETURN_FORMS,
  [orderReturnIntents.received]: returnReceivedFormSchema,
};

/** Every return form's constraints, for the loaders (formConstraints). */
export const RETURN_FORM_SCHEMAS = {
  request: returnRequestFormSchema,
  accept: returnAcceptFormSchema,
  refuse: returnRefuseFormSchema,
  received: returnReceivedFormSchema,
};
