/** /gift's buttons (SPEC.md section 2, "Gift page"), without zod: their intents and the codes they send. */

export const giftIntents = { coupon: "use-coupon", voucher: "redeem-voucher", trialClass: "book-trial-class" } as const;

/** The coupons 'Usar Cupón' puts on the cart. */
export const GIFT_COUPON_CODES = ["AHORRA20", "REGALO50", "VALE100"] as const;

/** The vouchers 'Canjear Voucher' credits the wallet with. */
export const GIFT_VOUCHER_CODES = ["VOUCHER200", "VOUCHER500", "VOUCHER1000"] as const;
