import type { AppLoadContext } from "@remix-run/node";
import { createApiClient, type ApiClient } from "./api.server";
import { PLAIN_PAGES, plainPageHtml } from "./plain-page.server";
import { SESSION_COOKIE, StoreSession } from "./session.server";
import { UploadScope } from "./uploads.server";

/**
 * What every loader and action of one request shares (the load context): made by server.ts when
 * the request arrives, finished by it once Remix has answered.
 */
export interface RequestContext {
  /** One id per browser request, sent to the API as x-request-id and written on every error line. */
  requestId: string;
  /** The TCP peer of the request; never a client-sent header, so it cannot be forged. */
  clientAddress?: string;
  /** Read once from the cookie; written once, by finishResponse, when something changed it. */
  session: StoreSession;
  /** The API without a token, carrying this request's id and address. */
  api: ApiClient;
  /** This response's Content-Security-Policy nonce: only scripts carrying it run (empty in development). */
  cspNonce: string;
  /** Set when the page failed because the API was down or overloaded (entry.server's handleError). */
  apiUnavailable: boolean;
  /** The files this request uploads, on disk until it is answered (uploads.server.ts); server.ts disposes of them. */
  uploads: UploadScope;
}

// @remix-run/node re-exports this interface from the server runtime, where it is declared.
declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends RequestContext {}
}

export async function createRequestContext(
  request: Request,
  { cspNonce, ...transport }: { requestId: string; clientAddress?: string; cspNonce: string },
): Promise<AppLoadContext> {
  return {
    ...transport,
    cspNonce,
    apiUnavailable: false,
    uploads: new UploadScope(),
    session: await StoreSession.fromRequest(request),
    api: createApiClient({ ...transport, signal: request.signal }),
  };
}

/** What a 503 asks the browser to wait before trying again. */
const RETRY_AFTER_SECONDS = "5";

/**
 * Remix's own answer when a resource route (a document, a CSV, the bell's calls) throws: a 500
 * saying "Unexpected Server Error" in English as plain text (server-runtime's last resort). Pages
 * have the root's error boundary instead.
 */
function isRemixLastResort(response: Response): boolean {
  return response.status === 500 && response.headers.get("Content-Type") === "text/plain";
}

/**
 * A page that failed because the API was down or overloaded is a 503 with Retry-After, not a 500.
 * A resource route's failure says so in Spanish too, on the plain page server.ts answers at the door.
 */
function unavailableAnswer(context: AppLoadContext, response: Response): Response {
  const unavailable = context.apiUnavailable && response.status >= 500;
  if (isRemixLastResort(response)) {
    const page = unavailable ? { ...PLAIN_PAGES.failure, status: 503 } : PLAIN_PAGES.failure;
    return new Response(plainPageHtml(page), {
      status: page.status,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        ...(unavailable && { "Retry-After": RETRY_AFTER_SECONDS }),
      },
    });
  }
  if (!unavailable) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", RETRY_AFTER_SECONDS);
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}

/**
 * Writes the cookies this request changed (StoreSession). A page that sets a cookie is nobody
 * else's: shared caches must not keep it. A response that already writes the session cookie itself
 * (remix-auth's redirect to Google, which stores its state there) keeps its own.
 */
export async function finishResponse(context: AppLoadContext, answered: Response): Promise<Response> {
  const response = unavailableAnswer(context, answered);
  response.headers.set("x-request-id", context.requestId);
  const writesOwnSession = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  const cookies = await context.session.setCookies({ exceptSession: writesOwnSession });
  if (cookies.length === 0) return response;
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}
