/** The message form of an order's page (customer's and seller's), as the pages name it without zod. */
export const ORDER_MESSAGE_INTENT = "enviar-mensaje";

/** The form's schema, loaded when the form is first used (useSchemaForm). */
export const loadOrderMessageSchema = () =>
  import("./order-message.schema").then((module) => module.orderMessageFormSchema);
