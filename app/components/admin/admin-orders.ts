/** The forms of an admin's order page: one shop's part, or the whole order. */
export const adminOrderIntents = { part: "estado-parte", order: "estado-pedido" } as const;
