import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import { FORBIDDEN, UNAUTHORIZED } from "#contract/messages";
import type { Db } from "../../db/client.js";
import { refreshTokens, users } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { verifyAccessToken, type AuthUser } from "./tokens.js";

export type { AuthUser } from "./tokens.js";

/** Other modules import these from here; the texts live in the contract. */
export { FORBIDDEN, UNAUTHORIZED } from "#contract/messages";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `app.authenticate` from the bearer token; null on routes that do not use it. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /**
     * Hook for routes that need a signed-in user: `{ onRequest: app.authenticate }`. It runs before
     * body validation, so an anonymous caller gets 401, never a validation error. Answers 401
     * unless the bearer token is valid, its user still exists and is not blocked, and it was not issued before the
     * user's `tokensValidAfter` (a decision changed what the user may do: the web refreshes).
     */
    authenticate: onRequestHookHandler;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer ([^\s]+)$/i.exec(request.headers.authorization ?? "");
  return match ? match[1]! : null;
}

/**
 * Decorates the root instance, so every module sees `request.user` and `app.authenticate`.
 * The role is read from the database, not the token: a role changed since the token was signed
 * takes effect at once.
 */
export function registerAuthentication(app: FastifyInstance, opts: { db: Db; jwtSecret: string }) {
  app.decorateRequest("user", null);
  app.decorate("authenticate", async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request);
    const claimed = token ? await verifyAccessToken(token, opts.jwtSecret) : null;
    if (!claimed) throw new HttpError(401, UNAUTHORIZED);
    const [user] = await opts.db
      .select({
        id: users.id,
        role: users.role,
        tokensValidAfter: users.tokensValidAfter,
        blockedAt: users.blockedAt,
        // A token of a session that was signed out (or whose refresh token leaked) ends with it,
        // not when it expires: a refresh answered just after the sign-out must not keep it going.
        sessionLive: claimed.session
          ? sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${claimed.session}::uuid
              and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > now())`
          : sql<boolean>`true`,
      })
      .from(users)
      .where(eq(users.id, claimed.id));
    // A blocked user's tokens are stale anyway; checking the block too covers one signed in its second.
    if (!user || user.blockedAt || !user.sessionLive || issuedBefore(claimed.issuedAt, user.tokensValidAfter))
      throw new HttpError(401, UNAUTHORIZED);
    request.user = { id: user.id, role: user.role, ...(claimed.session ? { session: claimed.session } : {}) };
  });
}

/**
 * Whether a token issued at `issuedAt` (whole seconds, the JWT's `iat`) predates the user's
 * `tokensValidAfter` (a role or shop decision): such a token is refused, the web refreshes it and
 * the new one carries the role as it is now. Compared in whole seconds, since `iat` has no finer
 * grain: a token issued in the decision's own second, the one the refresh or activate-seller answers
 * at once, must count as new (one issued before the decision within that second passes too).
 */
export function issuedBefore(issuedAt: number, validAfter: Date | null): boolean {
  return validAfter !== null && issuedAt < Math.floor(validAfter.getTime() / 1000);
}

/** The signed-in user of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, UNAUTHORIZED);
  return request.user;
}

/**
 * onRequest hook after `app.authenticate` for admin-only routes: anyone else gets 403 before the
 * body is read or validated.
 */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  if (currentUser(request).role !== "admin") throw new HttpError(403, FORBIDDEN);
}

/** Throws 403 unless the signed-in user is `userId` itself (not even an admin acts for someone else). */
export function requireSelf(request: FastifyRequest, userId: string): AuthUser {
  const user = currentUser(request);
  if (user.id !== userId) throw new HttpError(403, FORBIDDEN);
  return user;
}

/** Throws 403 unless the signed-in user is `userId` or an admin: ids in paths never decide ownership alone. */
export function requireSelfOrAdmin(request: FastifyRequest, userId: string): AuthUser {
  const user = currentUser(request);
  if (user.id !== userId && user.role !== "admin") throw new HttpError(403, FORBIDDEN);
  return user;
}
