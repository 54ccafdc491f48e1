/** /shipping's form, without zod: its intent and its schema's loader. */

export const shippingIntents = { placeOrder: "place-order" } as const;

/** The form's schema, loaded when the form is first used (useSchemaForm). */
export const shippingSchemas = {
  shipping: () => import("./shipping.schema").then((module) => module.shippingSchema),
};
