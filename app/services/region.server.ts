import { createCookie } from "@remix-run/node";
import { type Region, REGIONS } from "#contract/region-time";

/** The shopper's region (decision 0039): a preference, not a secret, so unsigned; a value not ours reads as Spain. */
export const REGION_COOKIE = "__mp_region";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const regionCookie = createCookie(REGION_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: ONE_YEAR_SECONDS,
});

/** A value from a link or a form, or null when it names no region we sell in. */
export function parseRegion(value: unknown): Region | null {
  return typeof value === "string" && (REGIONS as readonly string[]).includes(value) ? (value as Region) : null;
}

/** The region in the request's cookie, or null when the browser never chose one (or it is not ours). */
export async function readChosenRegion(request: Request): Promise<Region | null> {
  return parseRegion(await regionCookie.parse(request.headers.get("Cookie")));
}

/** The Set-Cookie header that keeps a region for a year. */
export function regionCookieHeader(region: Region): Promise<string> {
  return regionCookie.serialize(region);
}
