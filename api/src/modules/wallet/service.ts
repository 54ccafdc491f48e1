import { desc, eq, sql } from "drizzle-orm";
import { formatUsd } from "#contract/money-format";
import { VOUCHER_NOT_FOUND, type VoucherRedeemedAnswer, type WalletAnswer } from "#contract/wallet";
import type { Db } from "../../db/client.js";
import { vouchers, walletEntries } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";

export const VOUCHER_EXPIRED = "Este voucher ha caducado.";
export const VOUCHER_ALREADY_REDEEMED = "Ya canjeaste este voucher.";

/** A user's balance: the sum of their ledger entries. */
export async function walletBalance(db: Pick<Db, "select">, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${walletEntries.amount}), 0)::integer` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  return row!.balance;
}

/**
 * Serialises the debits of one wallet until the transaction ends, so two payments cannot both spend
 * the same balance. Credits need no lock: they never make a balance insufficient.
 */
export async function lockWallet(tx: Pick<Db, "execute">, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wallet:${userId}`}::text, 0))`);
}

export async function walletOf(db: Db, userId: string): Promise<WalletAnswer> {
  const [balance, entries] = await Promise.all([
    walletBalance(db, userId),
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
    balance,
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
  const [voucher] = await db
    .select({ code: vouchers.code, amount: vouchers.amount, expired: sql<boolean>`${vouchers.expiresAt} <= now()` })
    .from(vouchers)
    .where(eq(vouchers.code, code));
  if (!voucher) throw new HttpError(404, VOUCHER_NOT_FOUND);
  if (voucher.expired) throw new HttpError(400, VOUCHER_EXPIRED);
  const credited = await db
    .insert(walletEntries)
    .values({
      userId,
      amount: voucher.amount,
      reason: `Voucher ${voucher.code}`,
      reference: `voucher:${voucher.code}:${userId}`,
    })
    .onConflictDoNothing({ target: walletEntries.reference })
    .returning({ id: walletEntries.id });
  if (credited.length === 0) throw new HttpError(409, VOUCHER_ALREADY_REDEEMED);
  return {
    message: `Voucher canjeado: ${formatUsd(voucher.amount)} añadidos a tu cartera.`,
    balance: await walletBalance(db, userId),
  };
}
