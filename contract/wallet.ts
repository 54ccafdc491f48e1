import { z } from "zod";
import { endpoint, noInput } from "./http";
import { isoDateTime, objectExpected, typedCode, uuid } from "./fields";
import { CODE_MAX_LENGTH } from "./limits";
import { INVALID_USER } from "./messages";

/** The wallet ledger (SPEC.md section 7 "Wallet and payments") and the /gift page's vouchers. Money is integer cents (USD). */

export const VOUCHER_NOT_FOUND = "Voucher no encontrado.";
const VOUCHER_MISSING = "Escribe el código del voucher.";

export const walletParams = z.object({ id: uuid(INVALID_USER) });

/** The code as typed on /gift and /dashboard/my-wallet: an unknown one cannot be longer than any real one. */
export const voucherBody = z.object(
  { code: typedCode(VOUCHER_MISSING, VOUCHER_NOT_FOUND, CODE_MAX_LENGTH) },
  objectExpected(VOUCHER_MISSING),
);
export type VoucherBody = z.infer<typeof voucherBody>;

export const walletEntry = z.object({
  _id: z.string(),
  /** Positive for money in, negative for money out. */
  amount: z.number().int(),
  reason: z.string(),
  createdAt: isoDateTime,
});
export type WalletEntry = z.infer<typeof walletEntry>;

export const walletAnswer = z.object({
  /** The sum of every entry. */
  balance: z.number().int(),
  /** Newest first. */
  entries: z.array(walletEntry),
});
export type WalletAnswer = z.infer<typeof walletAnswer>;

export const voucherRedeemedAnswer = z.object({ message: z.string(), balance: z.number().int() });
export type VoucherRedeemedAnswer = z.infer<typeof voucherRedeemedAnswer>;

/** Bearer calls. */
export const walletEndpoints = {
  /** The caller's own wallet, or anyone's for an admin. */
  wallet: endpoint({ method: "GET", path: "/wallet/:id", params: walletParams, query: noInput, answer: walletAnswer }),
  redeemVoucher: endpoint({
    method: "POST",
    path: "/wallet/voucher/redeem",
    body: voucherBody,
    answer: voucherRedeemedAnswer,
  }),
};
