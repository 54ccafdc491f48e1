/** The unsubscribe page's one button, as the page names it without zod. */
export const unsubscribeIntents = { confirm: "confirmar-baja" } as const;

export const unsubscribeSchemas = {
  confirm: () => import("./mail-unsubscribe.schema").then((module) => module.unsubscribeFormSchema),
};
