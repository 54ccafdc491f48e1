import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import { and, eq, gt, like, lt, notLike, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { TOO_MANY_REQUESTS, type RateLimitedAction } from "#contract/messages";
import type { Db } from "./db/client.js";
import { rateLimitCounters } from "./db/schema.js";
import { HttpError } from "./http-error.js";
import { sweepPeriodically } from "./periodic.js";

/**
 * Rate limits: fixed-window counters in the `rate_limit_counters` table, so every API instance on
 * one database shares them. Sign-in counts failures (accounts/routes.ts); the other limited calls
 * count every attempt through the route option `rateLimit` (route.ts), per account when a user is
 * signed in and per client address.
 */

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends and the counter starts again; 0 when allowed. */
  retryAfterSeconds: number;
}

/** Sign-in failures are counted over 15 minutes. */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Every other limit (registration, contact, reviews, offers, uploads, account e-mails) counts over an hour. */
export const ACTION_WINDOW_SECONDS = 60 * 60;
/** An address where an account signed in is trusted for it this long (see README, "Login limits"). */
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 60 * 60;
const KNOWN_ADDRESS_PREFIX = "login:known:";
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Failed sign-ins allowed in LOGIN_WINDOW_SECONDS. */
export interface LoginLimits {
  /** For one e-mail from one address. */
  perAddressAndAccount: number;
  /** From one address, whatever the e-mail: one client trying many accounts. */
  perAddress: number;
  /** For one e-mail from all addresses together: many clients trying one account. */
  perAccount: number;
  /**
   * For one browser holding a device cookie for the e-mail: it counts instead of the two per-address
   * limits, and past it the browser is treated as any other (accounts/device.ts).
   */
  perDevice: number;
}

/** Attempts allowed in ACTION_WINDOW_SECONDS; `perAccount` applies when the call has a signed-in user. */
export interface ActionLimits {
  perAddress: number;
  perAccount?: number;
}

export type RateLimitSettings = { login: LoginLimits } & Record<RateLimitedAction, ActionLimits>;

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

/**
 * Counts a hit on each counter in turn, narrowest first, and stops at the first one past its limit:
 * a client refused by its own counter does not use up the wider one it shares with others (one
 * account flooding does not lock out the rest of its household's address). Null when all allow.
 */
export async function firstRefusal(
  db: Db,
  counters: readonly (readonly [key: string, limit: RateLimit])[],
): Promise<RateLimitResult | null> {
  for (const [key, limit] of counters) {
    const result = await hit(db, key, limit);
    if (!result.allowed) return result;
  }
  return null;
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

/**
 * Key of the address `email` signed in from: only a hash of the pair is kept (it is stored for
 * KNOWN_ADDRESS_SECONDS), under a prefix the periodic sweep keeps that long.
 */
export function knownAddressKey(ip: string, email: string): string {
  const digest = createHash("sha256")
    .update(`${addressOf(ip)}\n${email}`)
    .digest("base64url");
  return `${KNOWN_ADDRESS_PREFIX}${digest}`;
}

/** Remembers (again) that the account signed in from this address. */
export async function rememberAddress(db: Db, key: string): Promise<void> {
  await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({ target: rateLimitCounters.key, set: { windowStartedAt: sql`now()` } });
}

export async function isKnownAddress(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: rateLimitCounters.key })
    .from(rateLimitCounters)
    .where(
      and(
        eq(rateLimitCounters.key, key),
        gt(rateLimitCounters.windowStartedAt, sql`now() - make_interval(secs => ${KNOWN_ADDRESS_SECONDS})`),
      ),
    );
  return row !== undefined;
}

/** Drops counters whose window ended (no limit's window is longer than ACTION_WINDOW_SECONDS), and stale known addresses. */
export async function deleteEndedCounters(db: Db): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(
      and(
        lt(rateLimitCounters.windowStartedAt, sql`now() - make_interval(secs => ${ACTION_WINDOW_SECONDS})`),
        notLike(rateLimitCounters.key, `${KNOWN_ADDRESS_PREFIX}%`),
      ),
    );
  await db
    .delete(rateLimitCounters)
    .where(
      and(
        lt(rateLimitCounters.windowStartedAt, sql`now() - make_interval(secs => ${KNOWN_ADDRESS_SECONDS})`),
        like(rateLimitCounters.key, `${KNOWN_ADDRESS_PREFIX}%`),
      ),
    );
}

/**
 * The part of a client address a per-address limit counts: an IPv4 address (also when written as
 * IPv6-mapped), or the /64 network of an IPv6 address, since one home or server is handed a whole
 * /64 and could otherwise pick a fresh address for every request.
 */
export function addressOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.replace(/%.*$/, "");
  if (!isIPv6(bare)) return ip;
  const [head = "", tail] = bare.split("::");
  const groupsOf = (part: string) =>
    part ? part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])) : [];
  const first = groupsOf(head);
  const last = tail === undefined ? [] : groupsOf(tail);
  const groups = [...first, ...Array<string>(Math.max(0, 8 - first.length - last.length)).fill("0"), ...last];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

/** The 429 every limit answers: how long to wait, and a Spanish message for the action. */
export function tooMany(reply: FastifyReply, retryAfterSeconds: number, message: string): FastifyReply {
  return reply.status(429).header("retry-after", String(retryAfterSeconds)).send({ message });
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The hook the route option `rateLimit` installs (route.ts): counts the call against its
     * action's limits, per signed-in account and per client address, and answers 429 with
     * Retry-After past either. It runs after `onRequest` (so `request.user` is known) and after
     * validation, before the handler reads an upload or does any work.
     */
    rateLimit(action: RateLimitedAction): preHandlerAsyncHookHandler;
    /**
     * The same count from inside a handler, for a call that is limited only for part of what it
     * may carry (an edit's new images: `POST /product-update`): throws the 429 (HttpError with
     * Retry-After) past either limit.
     */
    countAction(action: RateLimitedAction, request: FastifyRequest): Promise<void>;
  }
}

/** Decorates the root instance with `app.rateLimit` and `app.countAction`, and sweeps ended counters every hour. */
export function registerRateLimits(app: FastifyInstance, opts: { db: Db; limits: RateLimitSettings }): void {
  const { db, limits } = opts;
  /** Counts one call of `action` by the request's account and address: the refusal past either limit, or null. */
  const count = (action: RateLimitedAction, request: FastifyRequest): Promise<RateLimitResult | null> => {
    const { perAccount, perAddress } = limits[action];
    const counters: [string, RateLimit][] = [];
    if (perAccount !== undefined && request.user)
      counters.push([
        `${action}:account:${request.user.id}`,
        { limit: perAccount, windowSeconds: ACTION_WINDOW_SECONDS },
      ]);
    // request.ip honours X-Forwarded-For only from TRUSTED_PROXIES, so a client cannot pick its own address.
    counters.push([
      `${action}:address:${addressOf(request.ip)}`,
      { limit: perAddress, windowSeconds: ACTION_WINDOW_SECONDS },
    ]);
    return firstRefusal(db, counters);
  };
  app.decorate("rateLimit", (action: RateLimitedAction): preHandlerAsyncHookHandler => {
    return async function limitAction(request: FastifyRequest, reply: FastifyReply) {
      const refusal = await count(action, request);
      if (refusal) return tooMany(reply, refusal.retryAfterSeconds, TOO_MANY_REQUESTS[action]);
    };
  });
  app.decorate("countAction", async (action: RateLimitedAction, request: FastifyRequest) => {
    const refusal = await count(action, request);
    if (refusal) throw new HttpError(429, TOO_MANY_REQUESTS[action], refusal.retryAfterSeconds);
  });
  sweepPeriodically(app, CLEANUP_INTERVAL_MS, () => deleteEndedCounters(db));
}
