/** The value of the contact form's hidden `intent` field; the action accepts no other. Apart from the schema, so the page names it without loading zod. */
export const SEND_CONTACT_MESSAGE = "send-contact-message";
