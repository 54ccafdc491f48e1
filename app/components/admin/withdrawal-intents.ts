/** Each withdrawal form's `intent`, apart from the schemas (withdrawal-schemas.ts) so a page can name it without loading zod. */
export const withdrawalIntents = { confirm: "confirmar-retiro", reject: "rechazar-retiro" } as const;
