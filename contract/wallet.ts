import { z } from "zod";
import { endpoint, noInput } from "./http";
import { isoDateTime, objectExpected, typedCode, uuid } from "./fields";
import { CODE_MAX_LENGTH } from "./limits";
import { INVALID_USER } from "./messages";
import { formatUsd } from "./money-format";

/** The wallet ledger (SPEC.md section 7 "Wallet and payments") and the /gift page's vouchers. Money is integer cents (USD). */

export const VOUCHER_NOT_FOUND = "Voucher no encontrado.";
/** 400: its last moment has passed (its last day, or an admin ended it). */
export const VOUCHER_EXPIRED = "Este voucher ha caducado.";
export const VOUCHER_ALREADY_REDEEMED = "Ya canjeaste este voucher.";

// ---- No wallet below zero (docs/api/money.md, "The wallet ledger"; decision 0033) --------------------

/** Paying from a wallet that does not hold the order's total. */
export const INSUFFICIENT_BALANCE = "Saldo insuficiente en la cartera.";

/**
 * Paying from a wallet that holds the total only with a seller's sales not yet available: that part
 * may still go back to a customer, so it never pays (amounts in cents).
 */
export function pendingSalesCannotPay(available: number, pendingSales: number): string {
  return (
    `Saldo disponible insuficiente: ${formatUsd(pendingSales)} de tu cartera son ventas que aún no están ` +
    `disponibles y para pagar solo cuentan ${formatUsd(available)}.`
  );
}

/** Cancelling a paid part whose sale the seller's wallet no longer holds (amounts in cents). */
export function saleAlreadySpent(shopName: string, sale: number, balance: number): string {
  return (
    `No se puede cancelar: la venta de ${shopName} (${formatUsd(sale)}) ya no está en la cartera del vendedor, que tiene ` +
    `${formatUsd(balance)}, y ninguna cartera puede quedar en negativo.`
  );
}

/** What the database answers when a movement would take a wallet below zero anyway (a check missed). */
export const WALLET_BELOW_ZERO = "La cartera no tiene saldo suficiente: ninguna cartera puede quedar en negativo.";
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
  /** The sum of every entry; never below zero. */
  balance: z.number().int(),
  /**
   * The part of `balance` that is the owner's sales not yet available (a seller's: sold, not yet
   * withdrawable); 0 for a customer. It cannot pay: a cancellation may still take it back.
   */
  pendingSales: z.number().int(),
  /** `balance` − `pendingSales`: what pays an order at checkout. */
  available: z.number().int(),
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
