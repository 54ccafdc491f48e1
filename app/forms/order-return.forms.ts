/** The return forms of the order pages (customer's, seller's, admin's), as the pages name them without zod. */
export const orderReturnIntents = {
  request: "pedir-devolucion",
  accept: "aceptar-devolucion",
  refuse: "rechazar-devolucion",
  received: "devolucion-recibida",
} as const;

/** Each form's schema, loaded when the form is first used (useSchemaForm). */
export const orderReturnSchemas = {
  request: () => import("./order-return.schema").then((module) => module.returnRequestFormSchema),
  answer: () => import("./order-return.schema").then((module) => module.returnAnswerFormSchema),
  received: () => import("./order-return.schema").then((module) => module.returnReceivedFormSchema),
};
