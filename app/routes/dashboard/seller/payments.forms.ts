/** The payments page's forms (issue 12) as the page names them, without zod: intents and schema loaders. */

/** The value of each form's `intent`. */
export const paymentIntents = {
  saveTransfer: "guardar-transferencia",
  savePagoMovil: "guardar-pago-movil",
  withdraw: "retirar",
  archive: "archivar",
} as const;

/** Each form's schema, loaded when the form is first used (useSchemaForm). */
export const paymentSchemas = {
  transfer: () => import("./payments.schema").then((module) => module.transferFormSchema),
  pagoMovil: () => import("./payments.schema").then((module) => module.pagoMovilFormSchema),
  withdraw: () => import("./payments.schema").then((module) => module.withdrawFormSchema),
  archive: () => import("./payments.schema").then((module) => module.archiveFormSchema),
};
