/** The admin's product forms (issue 35) as the page names them, without zod: intents and schema loaders. */

/** The value of each form's `intent`: hide a product with a reason (or keep it hidden), publish it again. */
export const adminProductIntents = { hide: "ocultar-producto", show: "publicar-producto" } as const;

/** Each form's schema, loaded when the form is first used (useSchemaForm). */
export const adminProductSchemas = {
  hide: () => import("./products.schema").then((module) => module.hideProductForm),
};
