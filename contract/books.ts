import { z } from "zod";
import { isoDateTime } from "./fields";
import { endpoint, noInput } from "./http";
import { formatUsd } from "./money-format";
import { WITHDRAWAL_STATUS_LABELS, WITHDRAWAL_STATUSES, type WithdrawalStatus } from "./withdrawal-labels";

/**
 * Books that balance (issue 12): for every shop, what its orders and withdrawals say it should
 * have been credited, against the ledger rows its owner's wallet actually holds for them; and every
 * wallet and withdrawal that does not add up (issue 31), with its amounts (docs/api/money.md,
 * "Books"). Money is integer cents (USD).
 */

export const shopBooks = z.object({
  shopId: z.string(),
  shopName: z.string(),
  ownerId: z.string(),
  /** Σ (total − commission) of the shop's parts ever paid (still paid, or refunded since). */
  paidSales: z.number().int(),
  /** Σ (total − commission) of its paid parts cancelled since (refunded). */
  cancelledSales: z.number().int(),
  /** Σ of what its refunded returns took back from the seller (the lines' credit less their commission, issue 35). */
  returnedSales: z.number().int(),
  /** Σ of its withdrawals not rejected (pending or confirmed). */
  withdrawals: z.number().int(),
  /** paidSales − cancelledSales − returnedSales − withdrawals. */
  expected: z.number().int(),
  /** Σ of the owner's ledger rows `venta:`/`anulacion:`/`devolucion-venta:` of its parts and `retiro:`/`retiro-rechazado:` of its withdrawals. */
  ledger: z.number().int(),
  /** ledger − expected: 0 when the books balance. */
  difference: z.number().int(),
});
export type ShopBooks = z.infer<typeof shopBooks>;

/** Why a wallet does not add up, in Spanish (amounts in cents). */
export const walletStoredMismatch = (stored: number, ledger: number) =>
  `El saldo guardado (${formatUsd(stored)}) no coincide con la suma de sus movimientos (${formatUsd(ledger)}).`;
export const walletBelowZero = (ledger: number) =>
  `Sus movimientos suman ${ledger < 0 ? "−" : ""}${formatUsd(Math.abs(ledger))}: la cartera está en negativo.`;
export const walletBelowPendingSales = (ledger: number, pendingSales: number) =>
  `La cartera tiene ${formatUsd(Math.max(ledger, 0))} y sus ventas aún no disponibles suman ${formatUsd(pendingSales)}: ` +
  "se gastó dinero que una cancelación todavía puede reclamar.";

export const walletBooks = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Σ of the wallet's entries: its balance. */
  ledger: z.number().int(),
  /** The balance the database keeps beside the entries (`wallets.balance`; 0 without a row). */
  stored: z.number().int(),
  /** Σ of the owner's `venta:`/`anulacion:`/`devolucion-venta:` entries of parts not yet available, which the wallet must still hold. */
  pendingSales: z.number().int(),
  /** What does not add up, one sentence each. */
  problems: z.array(z.string()),
});
export type WalletBooks = z.infer<typeof walletBooks>;

/** Why a withdrawal does not add up, in Spanish (amounts in cents). */
export const withdrawalLedgerMismatch = (ledger: number, expected: number, status: WithdrawalStatus) =>
  `Sus movimientos en la cartera suman ${formatSigned(ledger)} y, «${WITHDRAWAL_STATUS_LABELS[status]}», ` +
  `deberían sumar ${formatSigned(expected)}.`;
export const withdrawalMissing = (ledger: number) =>
  `Hay movimientos de retiro (${formatSigned(ledger)}) de una solicitud que no existe o es de otra persona.`;

function formatSigned(cents: number): string {
  return cents < 0 ? `−${formatUsd(-cents)}` : formatUsd(cents);
}

export const withdrawalBooks = z.object({
  /** The withdrawal's id, or the one a stray `retiro:` entry names. */
  withdrawalId: z.string(),
  /** The wallet the entries are in (the requester's). */
  userId: z.string(),
  /** null for entries of a request that does not exist (or not for that user). */
  shopName: z.string().nullable(),
  amount: z.number().int().nullable(),
  status: z.enum(WITHDRAWAL_STATUSES).nullable(),
  /** −amount while pending or paid, 0 once rejected (its amount came back). */
  expected: z.number().int(),
  /** Σ of its `retiro:`/`retiro-rechazado:` entries in the requester's wallet. */
  ledger: z.number().int(),
  problem: z.string(),
});
export type WithdrawalBooks = z.infer<typeof withdrawalBooks>;

export const booksAnswer = z.object({
  /** Shops with a difference first (largest first), then by name. */
  shops: z.array(shopBooks),
  /** Only the wallets that do not add up (stored balance, below zero, below their pending sales), by name. */
  wallets: z.array(walletBooks),
  /** Only the withdrawals whose ledger entries do not match their amount and status, oldest first. */
  withdrawals: z.array(withdrawalBooks),
  /** How many accounts do not balance: shops with a difference, wallets and withdrawals listed. */
  unbalanced: z.number().int(),
  checkedAt: isoDateTime,
});
export type BooksAnswer = z.infer<typeof booksAnswer>;

/** Admin only. */
export const bookEndpoints = {
  books: endpoint({ method: "GET", path: "/admin/books", query: noInput, answer: booksAnswer }),
};
