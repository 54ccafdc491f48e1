/** The admin's forms on shops' changes of name or tax id (decision 0055), without zod: intents and schema loaders. */

/** The value of each form's `intent`. */
export const shopChangeIntents = { approve: "aprobar-cambio", reject: "rechazar-cambio" } as const;

/** Each form's schema, loaded when the form is first used (useSchemaForm). */
export const shopChangeSchemas = {
  approve: () => import("./shop-changes.schema").then((module) => module.approveChangeSchema),
  reject: () => import("./shop-changes.schema").then((module) => module.rejectChangeSchema),
};
