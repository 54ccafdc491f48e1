import { unsubscribeQuery } from "#contract/mail";
import { unsubscribeIntents } from "./mail-unsubscribe.forms";

/** The link's token, carried by the confirmation form. */
export const unsubscribeFormSchema = unsubscribeQuery;

export const UNSUBSCRIBE_FORMS = { [unsubscribeIntents.confirm]: unsubscribeFormSchema };
