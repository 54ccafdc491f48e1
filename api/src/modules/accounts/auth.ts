import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { verifyAccessToken, type AuthUser } from "./tokens.js";

export type { AuthUser } from "./tokens.js";

export const UNAUTHORIZED = "No autorizado.";
export const FORBIDDEN = "No tiene permiso para esta acción.";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `app.authenticate` from the bearer token; null on routes that do not use it. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /**
     * Hook for routes that need a signed-in user: `{ onRequest: app.authenticate }`. It runs before
     * body validation, so an anonymous caller gets 401, never a validation error. Answers 401
     * unless the bearer token is valid and its user still exists.
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
    const [user] = await opts.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, claimed.id));
    if (!user) throw new HttpError(401, UNAUTHORIZED);
    request.user = user;
  });
}

/** The signed-in user of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, UNAUTHORIZED);
  return request.user;
}

/** Throws 403 unless the signed-in user is `userId` or an admin: ids in paths never decide ownership alone. */
export function requireSelfOrAdmin(request: FastifyRequest, userId: string): AuthUser {
  const user = currentUser(request);
  if (user.id !== userId && user.role !== "admin") throw new HttpError(403, FORBIDDEN);
  return user;
}
