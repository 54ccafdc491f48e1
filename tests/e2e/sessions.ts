import { createCookieSessionStorage } from "@remix-run/node";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { signAccessToken } from "../../api/src/modules/accounts/tokens";
import { apiUrl, DEMO_PASSWORD, SHOPPER_PASSWORD } from "./support";
import { E2E_JWT_SECRET, E2E_SESSION_SECRET } from "./store-secrets";

/**
 * Signing in without a page: the web's own /login action, posted with Playwright's request API.
 * A page's `request` shares its browser context's cookies, so the session cookies the answer sets
 * are the browser's at once, and the next `page.goto` is signed in. The form itself is tested in
 * the accounts journey (accounts.spec.ts); everywhere else signing in is only the way in.
 */

/** The web's tokens cookie (docs/decisions/0022-session-in-three-cookies.md). */
const TOKENS_COOKIE = "__mp_tokens";

/**
 * The honeypot fields of /login as drawn for this visitor: the trap left empty, and when the form
 * was drawn, signed by the store (a post without them is taken for a bot's).
 */
async function honeypotOf(request: APIRequestContext): Promise<Record<string, string>> {
  const page = await request.get("/login", { maxRedirects: 0 });
  if (page.status() !== 200) throw new Error(`/login respondió ${page.status()}: ¿la sesión ya estaba iniciada?`);
  const html = await page.text();
  const validFrom = /name="from__confirm"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="from__confirm"/.exec(html);
  if (!validFrom) throw new Error("/login no tiene el campo trampa del formulario");
  return { name__confirm: "", from__confirm: validFrom[1] ?? validFrom[2]! };
}

function requestOf(target: Page | APIRequestContext): APIRequestContext {
  return "request" in target ? target.request : target;
}

/**
 * Signs in as `email` through POST /login (a demo account's password unless told); answers where
 * the store sends the user, as a browser would be sent there (`/dashboard`, `/dashboard/admin`, or
 * `redirectTo`). Nothing is shown: the caller goes to the page it wants.
 */
export async function signIn(
  target: Page | APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
  redirectTo = "",
): Promise<string> {
  const request = requestOf(target);
  const answer = await request.post("/login", {
    form: { intent: "login", email, password, redirectTo, ...(await honeypotOf(request)) },
    maxRedirects: 0,
  });
  const location = answer.headers()["location"];
  if (answer.status() !== 302 || !location || location.startsWith("/login"))
    throw new Error(`no se pudo iniciar sesión como ${email}: ${answer.status()} ${location ?? ""}`);
  return location;
}

/**
 * A new customer (SHOPPER_PASSWORD), registered through the API, signed in and on `redirectTo`: for
 * journeys that need a customer of their own but are not about the registration form.
 */
export async function registerAndSignIn(
  page: Page,
  options: { name: string; email: string; redirectTo: string; api?: string },
): Promise<void> {
  const response = await fetch(`${options.api ?? apiUrl}/user/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: options.name, email: options.email, password: SHOPPER_PASSWORD }),
  });
  if (response.status !== 201) throw new Error(`/user/register ${response.status}: ${await response.text()}`);
  await signIn(page, options.email, SHOPPER_PASSWORD);
  await page.goto(options.redirectTo);
}

/** The tokens cookie as the web writes it, to read and to write one the store would accept. */
const tokenStorage = createCookieSessionStorage<{ accessToken: string; refreshToken: string }>({
  cookie: { name: TOKENS_COOKIE, secrets: [E2E_SESSION_SECRET] },
});

/** The API tokens of the context's session (the cookie is signed, not encrypted). */
export async function sessionTokens(context: BrowserContext): Promise<{ accessToken: string; refreshToken: string }> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === TOKENS_COOKIE);
  if (!cookie) throw new Error("no hay sesión iniciada en este contexto");
  const session = await tokenStorage.getSession(`${TOKENS_COOKIE}=${cookie.value}`);
  return { accessToken: session.get("accessToken")!, refreshToken: session.get("refreshToken")! };
}

/**
 * Swaps the session's access token for one that ran out a minute ago: the same user and role,
 * signed as the API signs them. The refresh token stays the real one, so the next page the user
 * opens must go through the store's real refresh (or, if the API no longer accepts the refresh
 * token, end the session), with no wait for a token to run out.
 */
export async function expireAccessToken(context: BrowserContext): Promise<void> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === TOKENS_COOKIE);
  if (!cookie) throw new Error("no hay sesión iniciada en este contexto");
  const session = await tokenStorage.getSession(`${TOKENS_COOKIE}=${cookie.value}`);
  const claims = JSON.parse(Buffer.from(session.get("accessToken")!.split(".")[1]!, "base64url").toString("utf8")) as {
    id: string;
    role: "admin" | "seller" | "customer";
  };
  const expired = await signAccessToken(
    { id: claims.id, role: claims.role },
    { secret: E2E_JWT_SECRET, ttlSeconds: -60 },
  );
  session.set("accessToken", expired);
  const written = await tokenStorage.commitSession(session);
  const value = written.slice(`${TOKENS_COOKIE}=`.length, written.indexOf(";"));
  await context.addCookies([{ ...cookie, value }]);
}
