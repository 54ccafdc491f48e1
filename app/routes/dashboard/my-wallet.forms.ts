/** The wallet page's form, as the page names it without zod. */
export const walletIntents = { redeemVoucher: "redeem-voucher" } as const;

export const walletSchemas = {
  voucher: () => import("./my-wallet.schema").then((module) => module.voucherFormSchema),
};
