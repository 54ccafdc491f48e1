import { contactBody, type ContactBody } from "#contract/content";
import { contactIntents } from "./contact.forms";

/**
 * One schema for the contact form: the action validates with it on the server and Conform with it
 * in the browser. It is the API's own schema of POST /contact, so all three say the same thing.
 */
export const contactSchema = contactBody;

export type ContactMessage = ContactBody;

/** The page's form by the intent its button sends (parseIntentForm). */
export const CONTACT_FORMS = { [contactIntents.send]: contactSchema };
