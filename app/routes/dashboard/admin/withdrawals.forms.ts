/** The admin's withdrawal forms (issue 12) as the page names them, without zod: intents and schema loaders. */

/** The value of each form's `intent`. */
export const withdrawalIntents = { confirm: "confirmar-retiro", reject: "rechazar-retiro" } as const;

/** Each form's schema, loaded when the form is first used (useSchemaForm). */
export const withdrawalSchemas = {
  confirm: () => import("./withdrawals.schema").then((module) => module.confirmFormSchema),
  reject: () => import("./withdrawals.schema").then((module) => module.rejectFormSchema),
};
