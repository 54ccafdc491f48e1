/** The seller's product list's forms (issues 11 and 34) as the page names them, without zod: intents and schema loaders. */

/** The buttons' values: `productId` names the product to delete; the bulk form sends the chosen `ids`. */
export const productListIntents = {
  delete: "eliminar-producto",
  bulk: "acciones-lote",
} as const;

/** The bulk form's id: each row's checkbox belongs to it through its `form` attribute (no nested forms). */
export const BULK_FORM_ID = "acciones-lote";

/** The forms' schemas, loaded when a form is first used (useSchemaForm). */
export const productListSchemas = {
  delete: () => import("./products.schema").then((module) => module.deleteProductSchema),
  bulk: () => import("./products.schema").then((module) => module.bulkFormSchema),
};
