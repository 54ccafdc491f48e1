/** The seller's product list's form (issue 11) as the page names it, without zod: its intent and schema loader. */

/** The value of the confirmation's button: `productId` names the product to delete. */
export const productListIntents = {
  delete: "eliminar-producto",
} as const;

/** The form's schema, loaded when the form is first used (useSchemaForm). */
export const productListSchemas = {
  delete: () => import("./products.schema").then((module) => module.deleteProductSchema),
};
