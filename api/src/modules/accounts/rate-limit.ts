import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { rateLimitCounters } from "../../db/schema.js";

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends and the counter starts again; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * Counts one hit against `key` and says whether it stays within the limit. Counting happens before
 * the work it guards, in one upsert, so requests sent in parallel cannot all slip under the limit;
 * a window that has ended starts again at this hit.
 */
export async function hit(db: Db, key: string, { limit, windowSeconds }: RateLimit): Promise<RateLimitResult> {
  const windowEnded = sql`${rateLimitCounters.windowStartedAt} <= now() - make_interval(secs => ${windowSeconds})`;
  const [counter] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${windowEnded} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowStartedAt: sql`case when ${windowEnded} then now() else ${rateLimitCounters.windowStartedAt} end`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      secondsLeft: sql<number>`ceil(extract(epoch from ${rateLimitCounters.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now()))::integer`,
    });
  if (counter!.hits <= limit) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, counter!.secondsLeft) };
}

/** Takes back one hit (an attempt that turned out not to count, such as a successful login). */
export async function unhit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
    .where(eq(rateLimitCounters.key, key));
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}

/** Drops counters whose window ended; `longestWindowSeconds` is the longest window any limit uses. */
export async function deleteEndedCounters(db: Db, longestWindowSeconds: number): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStartedAt, sql`now() - make_interval(secs => ${longestWindowSeconds})`));
}
