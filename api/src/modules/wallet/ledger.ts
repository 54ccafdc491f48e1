import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { walletEntries } from "../../db/schema.js";

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
 * the same balance. Credits need no lock to stay correct: they never make a balance insufficient.
 */
export async function lockWallet(tx: Pick<Db, "execute">, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wallet:${userId}`}::text, 0))`);
}

/**
 * Locks every wallet a transaction will write to, in one order (by user id), before it writes any:
 * each entry also moves its wallet's kept balance (a row of `wallets`, migration 0022), so two
 * transactions writing the same two wallets in opposite orders (two sellers buying from each other
 * at once; a cancellation and a payment) would otherwise wait on each other for ever.
 */
export async function lockWallets(tx: Pick<Db, "execute">, userIds: string[]): Promise<void> {
  for (const userId of [...new Set(userIds)].sort()) await lockWallet(tx, userId);
}
