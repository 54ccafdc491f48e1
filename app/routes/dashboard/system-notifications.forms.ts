/** The buttons of each notification on the notifications screen, as the page names them without zod. */
export const notificationIntents = { markRead: "marcar-leida", remove: "eliminar" } as const;

export const notificationSchemas = {
  item: () => import("./system-notifications.schema").then((module) => module.notificationItemSchema),
};
