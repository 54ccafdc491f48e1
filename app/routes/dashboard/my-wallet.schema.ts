import { voucherBody } from "#contract/wallet";
import { walletIntents } from "./my-wallet.forms";

/** The wallet's voucher form, checked by the API's own schema. */
export const voucherFormSchema = voucherBody;

export const WALLET_FORMS = { [walletIntents.redeemVoucher]: voucherFormSchema };
