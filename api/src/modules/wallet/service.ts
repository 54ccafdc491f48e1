import { desc, eq, sql } from "drizzle-orm";
import { formatUsd } from "#contract/money-format";
import {
  VOUCHER_ALREADY_REDEEMED,
  VOUCHER_EXPIRED,
  VOUCHER_NOT_FOUND,
  type VoucherRedeemedAnswer,
  type WalletAnswer,
} from "#contract/wallet";
import type { WithdrawalSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { vouchers, walletEntries } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { walletFunds } from "../withdrawals/service.js";
import { walletBalance } from "./ledger.js";

/**
 * A user's wallet: its balance, the part of it that is their sales not yet available (which cannot
 * pay: decision 0033), and its entries, newest first.
 */
export async function walletOf(db: Db, userId: string, settings: WithdrawalSettings): Promise<WalletAnswer> {
  const [funds, entries] = await Promise.all([
    walletFunds(db, userId, settings),
    db
      .select({
        id: walletEntries.id,
        amount: walletEntries.amount,
        reason: walletEntries.reason,
        createdAt: walletEntries.createdAt,
      })
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id)),
  ]);
  return {
    ...funds,
    entries: entries.map((entry) => ({
      _id: entry.id,
      amount: entry.amount,
      reason: entry.reason,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

/**
 * Credits a voucher to the user's wallet while it has not expired. The entry's reference
 * (voucher, user) is unique, so each user redeems a voucher once, even with concurrent calls.
 */
export async function redeemVoucher(db: Db, userId: string, code: string): Promise<VoucherRedeemedAnswer> {
  // The voucher's row is read FOR SHARE: an admin ending it (promotions/service.ts) waits for this
  // credit to commit, or this reads it over. The clock, not the transaction's start (now()): an end
  // that committed while this waited for the row is already past.
  const voucher = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        code: vouchers.code,
        amount: vouchers.amount,
        expired: sql<boolean>`${vouchers.expiresAt} <= clock_timestamp()`,
      })
      .from(vouchers)
      .where(eq(vouchers.code, code))
      .for("share");
    if (!row) throw new HttpError(404, VOUCHER_NOT_FOUND);
    if (row.expired) throw new HttpError(400, VOUCHER_EXPIRED);
    const credited = await tx
      .insert(walletEntries)
      .values({
        userId,
        amount: row.amount,
        reason: `Voucher ${row.code}`,
        reference: `voucher:${row.code}:${userId}`,
      })
      .onConflictDoNothing({ target: walletEntries.reference })
      .returning({ id: walletEntries.id });
    if (credited.length === 0) throw new HttpError(409, VOUCHER_ALREADY_REDEEMED);
    return row;
  });
  return {
    message: `Voucher canjeado: ${formatUsd(voucher.amount)} añadidos a tu cartera.`,
    balance: await walletBalance(db, userId),
  };
}
