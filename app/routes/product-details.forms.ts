/**
 * The product page's own forms, without zod: the review form and the back-in-stock buttons (issue
 * 11). Its purchase form is a shopper button (app/forms/shopper.forms.ts).
 */

/** The value of the review form's `intent`. */
export const productIntents = { review: "submit-review" } as const;

/** 'Avísame cuando vuelva' and its cancel button. */
export const stockAlertIntents = { subscribe: "avisarme", cancel: "cancelar-aviso" } as const;

/** Each form's schema, loaded when the form is first used (useSchemaForm). */
export const productSchemas = {
  review: () => import("./product-details.schema").then((module) => module.reviewSchema),
  stockAlert: () => import("./product-details.schema").then((module) => module.stockAlertFormSchema),
};
