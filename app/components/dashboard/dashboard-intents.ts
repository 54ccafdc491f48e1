/** The customer dashboard's forms; each mutation's `intent` names it. Apart from the schemas, so the pages name them without loading zod. */
export const dashboardIntents = { proposeOffer: "propose-offer", redeemVoucher: "redeem-voucher" } as const;
