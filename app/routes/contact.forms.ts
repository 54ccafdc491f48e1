/** The contact form, without zod: its intent and its schema's loader. */

export const contactIntents = { send: "send-contact-message" } as const;

/** The form's schema, loaded when the form is first used (useSchemaForm). */
export const contactSchemas = {
  contact: () => import("./contact.schema").then((module) => module.contactSchema),
};
