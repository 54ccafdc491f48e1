/** The value of each payments form's hidden `intent` (issue 12), kept apart from the schemas so the page can name it without loading zod. */
export const paymentIntents = {
  saveTransfer: "guardar-transferencia",
  savePagoMovil: "guardar-pago-movil",
  withdraw: "retirar",
  archive: "archivar",
} as const;
