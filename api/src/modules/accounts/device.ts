import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in as an e-mail gets a token naming it, and a sign-in that presents one for that e-mail is
 * held to the device's own few failures instead of its address's (docs/api/limits.md, "Login
 * limits"; decision 0032).
 *
 * The token is `<device id>.<expiry, Unix seconds>.<HMAC-SHA256 of both and the e-mail>`: stateless,
 * so any API instance checks it, and bound to the e-mail by the MAC without carrying it (the web
 * keeps it in a signed, not encrypted, cookie). The device id keys the device's failure counter.
 */

/** The API's cookie, read on POST /user/login; the web forwards its own copy under this name. */
export const DEVICE_COOKIE = "deviceToken";
/** A device stays known this long after its last sign-in (each sign-in issues a new token). */
export const DEVICE_TOKEN_TTL_SECONDS = 365 * 24 * 60 * 60;

/** Anything longer is not one of ours; refused before any hashing. */
const MAX_TOKEN_LENGTH = 128;
const TOKEN_SHAPE = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** A key of its own, derived from JWT_SECRET, so a device MAC can never be taken for another signature. */
function deviceKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("mercado-padel device cookie v1").digest();
}

function macOf(secret: string, deviceId: string, expiresAt: number, email: string): Buffer {
  return createHmac("sha256", deviceKey(secret)).update(`${deviceId}.${expiresAt}.${email.toLowerCase()}`).digest();
}

/** A new device token for a browser that just signed in as `email`. */
export function issueDeviceToken(secret: string, email: string, now = Date.now()): string {
  const deviceId = randomBytes(16).toString("base64url");
  const expiresAt = Math.floor(now / 1000) + DEVICE_TOKEN_TTL_SECONDS;
  return `${deviceId}.${expiresAt}.${macOf(secret, deviceId, expiresAt, email).toString("base64url")}`;
}

/**
 * The device id of `token` when it is ours, unexpired and was issued for `email`; null otherwise
 * (forged, altered, another account's, or not a token at all).
 */
export function verifiedDevice(
  secret: string,
  token: string | undefined,
  email: string,
  now = Date.now(),
): string | null {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return null;
  const [, deviceId, expiry, mac] = match as unknown as [string, string, string, string];
  const expiresAt = Number(expiry);
  if (expiresAt * 1000 <= now) return null;
  // Compared as text: decoding would ignore the last character's spare bits, so two spellings would pass.
  const expected = Buffer.from(macOf(secret, deviceId, expiresAt, email).toString("base64url"));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
}
