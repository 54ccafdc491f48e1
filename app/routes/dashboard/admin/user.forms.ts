/** The user page's two forms, as the page names them without zod. */
export const adminUserIntents = { block: "bloquear", unblock: "desbloquear" } as const;

export const adminUserSchemas = {
  block: () => import("./user.schema").then((module) => module.blockUserSchema),
  unblock: () => import("./user.schema").then((module) => module.unblockUserSchema),
};
