/** The seller's order page's forms (issue 12) as the page names them, without zod: intents and schema loaders. */

/** The value of each form's `intent`: the status form's, and the two buttons of a pending offer. */
export const sellerOrderIntents = {
  changeStatus: "cambiar-estado",
  acceptOffer: "aceptar-oferta",
  rejectOffer: "rechazar-oferta",
} as const;

/** Each form's schema, loaded when the form is first used (useSchemaForm). */
export const sellerOrderSchemas = {
  status: () => import("./order-details.schema").then((module) => module.sellerOrderStatusSchema),
  offer: () => import("./order-details.schema").then((module) => module.sellerOfferAnswerSchema),
};
