/** The shipping page's form (issue 34) as the page names it, without zod: its intent and schema loader. */

export const SHIPPING_INTENT = "guardar-envio";

/** The form's schema, loaded when the form is first used (useSchemaForm). */
export const loadShippingSchema = () => import("./shipping.schema").then((module) => module.shippingFormSchema);
