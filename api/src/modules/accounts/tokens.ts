import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import { jwtVerify, SignJWT, type JWTPayload } from "jose";
import { role as roleSchema, type Role } from "#contract/accounts";
import type { Db } from "../../db/client.js";
import { accountTokens, refreshTokens } from "../../db/schema.js";

export type { Role } from "#contract/accounts";

/** Who an access token speaks for. */
export interface AuthUser {
  id: string;
  role: Role;
  /**
   * The session (refresh family) the token was issued to, when it was: signing out revokes the
   * family, and `app.authenticate` then refuses the family's access tokens at once.
   */
  session?: string;
}

const ISSUER = "mercado-padel-api";
const AUDIENCE = "mercado-padel";
const ALGORITHM = "HS256";

export interface AccessTokenSettings {
  secret: string;
  ttlSeconds: number;
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/**
 * A JWT of this API for one audience (each kind of token has its own, so none is taken for
 * another): HS256, our issuer, `ttlSeconds` to live.
 */
export function signApiJwt(claims: JWTPayload, audience: string, settings: AccessTokenSettings): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + settings.ttlSeconds)
    .sign(keyOf(settings.secret));
}

/**
 * The claims of a JWT this API signed for `audience`, or null: the algorithm is pinned, so
 * `alg: none` and tokens signed any other way are refused, as are foreign issuers and audiences.
 */
export async function verifyApiJwt(token: string, audience: string, secret: string): Promise<JWTPayload | null> {
  try {
    return (await jwtVerify(token, keyOf(secret), { algorithms: [ALGORITHM], issuer: ISSUER, audience })).payload;
  } catch {
    return null;
  }
}

export function signAccessToken(user: AuthUser, settings: AccessTokenSettings): Promise<string> {
  const claims = { id: user.id, role: user.role, ...(user.session ? { sid: user.session } : {}) };
  return signApiJwt(claims, AUDIENCE, settings);
}

/** What an access token says: its user, and when it was issued (`iat`, whole seconds since 1970). */
export interface AccessClaims extends AuthUser {
  issuedAt: number;
}

/** The user an access token names, or null when it is not one of our access tokens. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  const payload = await verifyApiJwt(token, AUDIENCE, secret);
  if (!payload) return null;
  const { id, iat, sid } = payload;
  const role = roleSchema.safeParse(payload.role);
  if (typeof id !== "string" || typeof iat !== "number" || !role.success) return null;
  if (sid !== undefined && typeof sid !== "string") return null;
  return { id, role: role.data, issuedAt: iat, ...(sid ? { session: sid } : {}) };
}

/** 32 random bytes, base64url: what refresh, verification and reset tokens are made of. */
function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as SHA-256 hashes: they are random, so no salt or slow hash is needed. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Anything that runs queries: the database or a transaction. */
type Queryable = Pick<Db, "insert" | "update" | "select" | "delete">;

export interface IssuedRefreshToken {
  token: string;
  familyId: string;
  expiresAt: Date;
}

/** A new refresh token; without a family it starts one (a new sign-in). */
export async function issueRefreshToken(
  db: Queryable,
  userId: string,
  ttlDays: number,
  familyId: string = randomUUID(),
): Promise<IssuedRefreshToken & { id: string }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + ttlDays * 24 * 60 * 60 * 1000);
  const [row] = await db
    .insert(refreshTokens)
    .values({ userId, familyId, tokenHash: hashToken(token), expiresAt })
    .returning({ id: refreshTokens.id });
  return { id: row!.id, token, familyId, expiresAt };
}

/**
 * How long a just-replaced refresh token still counts as the browser's rather than a thief's: two
 * requests of one page that both find the access token expired present the same refresh token,
 * and the slower one must not end the session. It gets a token of its own in the same family.
 */
const REFRESH_REUSE_GRACE_SECONDS = 20;

/**
 * Exchanges a refresh token for a new one of the same family. The old one is retired by one
 * conditional UPDATE, so of two concurrent uses only one wins; the loser, within the grace period
 * and while the family is still in use, gets a new token too. A token replayed after that, or one
 * that was revoked, means the family leaked: the whole family is revoked, the newest token included.
 * Returns null for an unknown, expired, replayed or revoked token.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  ttlDays: number,
): Promise<(IssuedRefreshToken & { userId: string }) | null> {
  const tokenHash = hashToken(token);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: refreshTokens.id, userId: refreshTokens.userId, familyId: refreshTokens.familyId });
    if (current) {
      const next = await issueRefreshToken(tx, current.userId, ttlDays, current.familyId);
      await tx.update(refreshTokens).set({ replacedBy: next.id }).where(eq(refreshTokens.id, current.id));
      return { token: next.token, familyId: next.familyId, expiresAt: next.expiresAt, userId: current.userId };
    }

    const [stale] = await tx
      .select({
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        revokedAt: refreshTokens.revokedAt,
        justReplaced: sql<boolean>`${refreshTokens.replacedBy} is not null
          and ${refreshTokens.revokedAt} > now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS})
          and ${refreshTokens.expiresAt} > now()`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (stale?.justReplaced) {
      const [live] = await tx
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.familyId, stale.familyId),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      if (live) {
        const sibling = await issueRefreshToken(tx, stale.userId, ttlDays, stale.familyId);
        return { token: sibling.token, familyId: sibling.familyId, expiresAt: sibling.expiresAt, userId: stale.userId };
      }
    }
    if (stale?.revokedAt) await revokeFamily(tx, stale.familyId);
    return null;
  });
}

/** The family and owner of a refresh token still in use, or null. */
export async function findActiveRefreshToken(
  db: Queryable,
  token: string,
): Promise<{ familyId: string; userId: string } | null> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(token)),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/** The family of a refresh token in any state (used, revoked or expired), or null for an unknown one. */
export async function findRefreshFamily(db: Queryable, token: string): Promise<string | null> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row?.familyId ?? null;
}

export async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user, or every one but `keepFamilyId` (the session making the change). */
export async function revokeUserSessions(db: Queryable, userId: string, keepFamilyId?: string): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (keepFamilyId) conditions.push(ne(refreshTokens.familyId, keepFamilyId));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions));
}

export type AccountTokenPurpose = (typeof accountTokens.purpose.enumValues)[number];

/** A single-use token for an e-mailed link; answers the plain token, which only the e-mail carries. */
export async function issueAccountToken(
  db: Queryable,
  userId: string,
  purpose: AccountTokenPurpose,
  ttlMs: number,
): Promise<string> {
  const token = randomToken();
  await db
    .insert(accountTokens)
    .values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

const usableAccountToken = (token: string, purpose: AccountTokenPurpose) =>
  and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  );

/** The user of an unused, unexpired token, without using it up. */
export async function peekAccountToken(
  db: Queryable,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<string | null> {
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(usableAccountToken(token, purpose));
  return row?.userId ?? null;
}

/** Marks the token used and answers its user; one conditional UPDATE, so it works exactly once. */
export async function consumeAccountToken(
  db: Queryable,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<string | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(usableAccountToken(token, purpose))
    .returning({ userId: accountTokens.userId });
  return row?.userId ?? null;
}

/** Drops tokens nobody can use any more. A refresh family is kept while any of its tokens lives, for reuse detection. */
export async function deleteExpiredTokens(db: Queryable): Promise<void> {
  await db
    .delete(accountTokens)
    .where(or(lt(accountTokens.expiresAt, sql`now()`), sql`${accountTokens.usedAt} is not null`));
  await db.delete(refreshTokens).where(
    sql`${refreshTokens.familyId} in (
      select ${refreshTokens.familyId} from ${refreshTokens}
      group by ${refreshTokens.familyId}
      having max(${refreshTokens.expiresAt}) < now()
    )`,
  );
}
