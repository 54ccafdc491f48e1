/** The «Reintentar ahora» button of each stuck mail, as the page names it without zod. */
export const stuckMailIntents = { retry: "reintentar" } as const;

export const stuckMailSchemas = {
  retry: () => import("./stuck-mail.schema").then((module) => module.retryMailSchema),
};
