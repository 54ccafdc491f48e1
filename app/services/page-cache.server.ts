import { catalogEndpoints } from "#contract/catalog";
import { callApi, type CallerInfo } from "./api.server";

/**
 * The web's own shared cache (docs/decisions/0018-page-cache.md): an anonymous catalogue page that
 * a CDN may keep (`public`, `s-maxage`, catalogPageHeaders) is kept here too, for no longer, and
 * only for the catalogue generation it was drawn in. The API moves its generation on with every
 * committed write to a row those pages show, a sale's stock and a new review included (migration
 * 0019's triggers), so the next request after such a write draws the page again: unlike a CDN, the
 * web never serves a page older than the catalogue. Asking for the generation costs one small call;
 * drawing a listing costs three calls and a render.
 */

/** Pages kept at most (each 50-150 KB of HTML): past that the oldest goes. */
const MAX_PAGES = 300;
/**
 * How long the generation may take: it is a counter in the API's memory, and an API slower than
 * this would not draw the page in time either (the page then fails as without a cache, once).
 */
const GENERATION_WAIT_MS = 1_000;

interface KeptPage {
  status: number;
  headers: [string, string][];
  /** The page's bytes around each `nonce="..."` of its scripts, which each response fills with its own nonce. */
  parts: Buffer[];
  storedAt: number;
  expiresAt: number;
}

const pages = new Map<string, KeptPage>();

/** Headers that belong to one response, never to a kept page. */
const OWN_HEADERS = new Set(["x-request-id", "date", "content-length", "age"]);

export interface SharedPage {
  /** The kept page for this request, with this response's nonce, when there is a fresh one. */
  kept: Response | null;
  /** Keeps `response` when it is a page anyone may be given; answers the response to send. */
  keep(response: Response, drawnWith: { failedCalls: number }): Promise<Response>;
}

/** How long a shared cache may keep a response by its Cache-Control (`public` with `s-maxage`), else 0. */
function sharedSeconds(response: Response): number {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (!/(^|,)\s*public\s*(,|$)/.test(cacheControl)) return 0;
  const seconds = /s-maxage=(\d+)/.exec(cacheControl);
  return seconds ? Number(seconds[1]) : 0;
}

/**
 * The shared cache's part in one request: null when the request is someone's (any cookie or
 * credentials; anything but GET) or when the API cannot say its generation (the page is drawn, and
 * fails, as without a cache).
 */
export async function sharedPage(
  request: Request,
  caller: CallerInfo & { cspNonce: string },
): Promise<SharedPage | null> {
  if (request.method !== "GET" || request.headers.has("cookie") || request.headers.has("authorization")) return null;
  let generation: string;
  try {
    const signal = AbortSignal.any([
      AbortSignal.timeout(GENERATION_WAIT_MS),
      ...(caller.signal ? [caller.signal] : []),
    ]);
    ({ generation } = await callApi({ ...caller, signal }, catalogEndpoints.catalogueGeneration));
  } catch {
    return null;
  }
  const key = `${generation} ${request.url}`;
  const now = Date.now();
  const page = pages.get(key);
  if (page && now >= page.expiresAt) pages.delete(key);
  const fresh = page && now < page.expiresAt ? page : null;
  return {
    kept: fresh && toResponse(fresh, caller.cspNonce, now),
    async keep(response, drawnWith) {
      const seconds = sharedSeconds(response);
      // A page drawn while a call failed (the footer's categories, say) is shown once, never kept.
      if (response.status !== 200 || seconds === 0 || response.headers.has("Set-Cookie") || drawnWith.failedCalls > 0)
        return response;
      const body = Buffer.from(await response.arrayBuffer());
      const headers = [...response.headers].filter(([name]) => !OWN_HEADERS.has(name));
      if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
      pages.set(key, {
        status: response.status,
        headers,
        parts: splitAround(body, nonceAttribute(caller.cspNonce)),
        storedAt: now,
        expiresAt: now + seconds * 1000,
      });
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    },
  };
}

/** How a script carries its nonce in the HTML (development has none: nothing to replace). */
function nonceAttribute(nonce: string): Buffer | null {
  return nonce ? Buffer.from(`nonce="${nonce}"`) : null;
}

/** `body` cut at each `separator`, which is left out. Bytes, not a string: a page is copied, never re-encoded. */
function splitAround(body: Buffer, separator: Buffer | null): Buffer[] {
  if (!separator) return [body];
  const parts: Buffer[] = [];
  let start = 0;
  for (let found = body.indexOf(separator); found !== -1; found = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, found));
    start = found + separator.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

function toResponse(page: KeptPage, nonce: string, now: number): Response {
  const headers = new Headers(page.headers);
  // As a shared cache says how long it has held what it serves (RFC 9111, section 5.1).
  headers.set("Age", String(Math.floor((now - page.storedAt) / 1000)));
  const attribute = nonceAttribute(nonce);
  const pieces = attribute
    ? page.parts.flatMap((part, index) => (index === 0 ? [part] : [attribute, part]))
    : page.parts;
  return new Response(Buffer.concat(pieces), { status: page.status, headers });
}
