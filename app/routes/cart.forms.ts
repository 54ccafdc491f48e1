/** The coupon field's two intents, apart from its schema so the cart names them without loading zod. */
export const couponIntents = { apply: "apply-coupon", remove: "remove-coupon" } as const;
