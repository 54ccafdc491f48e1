/** The admin's order page's forms (issue 12) as the page names them, without zod: intents and schema loaders. */

/** The value of each form's `intent`: one shop's part, or the whole order. Its `target` is the part or the order. */
export const adminOrderIntents = { part: "estado-parte", order: "estado-pedido" } as const;

/** The status form's schema, loaded when a form is first used (useSchemaForm). */
export const adminOrderSchemas = {
  status: () => import("./order.schema").then((module) => module.adminOrderStatusSchema),
};
