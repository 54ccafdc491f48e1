import { createHmac, timingSafeEqual } from "node:crypto";
import { MAIL_KINDS, type MailKind } from "#contract/mail-kinds";

/**
 * The token of a one-click unsubscribe link (RFC 8058): `<user id>.<kind>.<HMAC-SHA256>`, keyed by a
 * key derived from the API's JWT secret for this use only, so the token is no credential anywhere
 * else. It names one user and one optional kind and never expires: an old mail must still unsubscribe.
 */

function mac(secret: string, payload: string): Buffer {
  const key = createHmac("sha256", secret).update("mercado-padel:mail-unsubscribe").digest();
  return createHmac("sha256", key).update(payload).digest();
}

export function signUnsubscribeToken(secret: string, userId: string, kind: MailKind): string {
  const payload = `${userId}.${kind}`;
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

/** The user and kind a token names, or null when it was not signed with this secret or names no optional kind. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: MailKind } | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [userId, kind, signature] = parts as [string, string, string];
  if (!/^[0-9a-f-]{36}$/i.test(userId) || !Object.hasOwn(MAIL_KINDS, kind)) return null;
  if (!MAIL_KINDS[kind as MailKind].optional) return null;
  const expected = mac(secret, `${userId}.${kind}`);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as MailKind };
}
