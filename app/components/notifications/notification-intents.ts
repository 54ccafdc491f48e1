/** The buttons of each notification on the notifications screen. Apart from the schema, so the screen names them without loading zod. */
export const notificationIntents = { markRead: "marcar-leida", remove: "eliminar" } as const;
