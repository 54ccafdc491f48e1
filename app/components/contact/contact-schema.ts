import { contactBody, type ContactBody } from "#contract/content";

/** The value of the contact form's hidden `intent` field; the action accepts no other. */
export const SEND_CONTACT_MESSAGE = "send-contact-message";

/**
 * One schema for the contact form: the action validates with it on the server and Conform with it
 * in the browser. It is the API's own schema of POST /contact, so all three say the same thing.
 */
export const contactSchema = contactBody;

export type ContactMessage = ContactBody;
