import { createCookieSessionStorage } from "@remix-run/node";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { signAccessToken } from "../../api/src/modules/accounts/tokens";
import { apiUrl, DEMO_PASSWORD, SHOPPER_PASSWORD } from "./support";
import { E2E_JWT_SECRET, E2E_SESSION_SECRET } from "./store-secrets";

/**
 * Signing in without the login form: the API's own /user/login issues the tokens, and the test
 * writes the web's session cookies itself (docs/decisions/0022-session-in-three-cookies.md), signed
 * with the test stores' secret as the web signs them. The form is tested in the accounts journey
 * (accounts.spec.ts) and the login action's landing page per role in tests/http/role-gates.spec.ts;
 * everywhere else signing in is only the way in.
 */

const TOKENS_COOKIE = "__mp_tokens";
const SESSION_COOKIE = "__mp_session";
/** Cookies name no port: both test stores (playwright.config.ts) answer on this host. */
const STORE_HOST = "127.0.0.1";

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

const cookie = { httpOnly: true, sameSite: "lax" as const, path: "/", secrets: [E2E_SESSION_SECRET] };
const tokenStorage = createCookieSessionStorage<Tokens>({ cookie: { name: TOKENS_COOKIE, ...cookie } });
const sessionStorage = createCookieSessionStorage<{ userName: string }>({
  cookie: { name: SESSION_COOKIE, ...cookie },
});

/** The value of a Set-Cookie header as the browser stores it. */
const valueOf = (setCookie: string, name: string) => setCookie.slice(`${name}=`.length, setCookie.indexOf(";"));

/** A browser cookie of the store's, as the web writes it (httpOnly, Lax, the whole site). */
const storeCookie = (name: string, value: string) => ({
  name,
  value,
  domain: STORE_HOST,
  path: "/",
  httpOnly: true,
  secure: false,
  sameSite: "Lax" as const,
  expires: -1,
});

/**
 * The two session cookies of `email` freshly signed in (a demo account's password unless told):
 * the tokens the API's /user/login answers, and the name the web greets the user with.
 */
async function sessionCookies(email: string, password: string, api: string) {
  const login = await fetch(`${api}/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`no se pudo iniciar sesión como ${email}: ${login.status} ${await login.text()}`);
  const { token, refreshToken } = (await login.json()) as { token: string; refreshToken: string };
  const { id } = claimsOf(token);
  const profile = await fetch(`${api}/user/profile/${id}`, { headers: { authorization: `Bearer ${token}` } });
  if (!profile.ok) throw new Error(`/user/profile ${profile.status}`);
  const { profileData } = (await profile.json()) as { profileData: { name: string } };

  const tokens = await tokenStorage.getSession();
  tokens.set("accessToken", token);
  tokens.set("refreshToken", refreshToken);
  const session = await sessionStorage.getSession();
  session.set("userName", profileData.name);
  return [
    storeCookie(TOKENS_COOKIE, valueOf(await tokenStorage.commitSession(tokens), TOKENS_COOKIE)),
    storeCookie(SESSION_COOKIE, valueOf(await sessionStorage.commitSession(session), SESSION_COOKIE)),
  ];
}

function claimsOf(accessToken: string): { id: string; role: "admin" | "seller" | "customer" } {
  return JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString("utf8")) as {
    id: string;
    role: "admin" | "seller" | "customer";
  };
}

/**
 * Signs the page's browser in as `email` (a demo account's password unless told); the next
 * `page.goto` is signed in. A visitor's cart, favourites and compare list are joined to the user's
 * only by signing in through the store, so a context that already has a session cookie is refused:
 * such a test signs in through the form.
 */
export async function signIn(
  target: Page | BrowserContext,
  email: string,
  password = DEMO_PASSWORD,
  { api = apiUrl }: { api?: string } = {},
): Promise<void> {
  const context = "context" in target ? target.context() : target;
  if ((await context.cookies()).some(({ name }) => name === SESSION_COOKIE || name === TOKENS_COOKIE))
    throw new Error(`signIn(${email}): el navegador ya tiene una sesión; inicia sesión con el formulario`);
  await context.addCookies(await sessionCookies(email, password, api));
}

/** A request context (no browser) signed in as `email`, for the HTTP checks of tests/http. */
export async function signedInRequest(
  playwright: { request: { newContext(options: object): Promise<APIRequestContext> } },
  baseURL: string | undefined,
  email: string,
  password = DEMO_PASSWORD,
): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL,
    storageState: { cookies: await sessionCookies(email, password, apiUrl), origins: [] },
  });
}

/**
 * The web's own login action, posted without a page: where it sends the user (`/dashboard`,
 * `/dashboard/admin`, or `redirectTo`). For the test of that landing; other tests use `signIn`.
 */
export async function postLoginForm(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const page = await request.get("/login", { maxRedirects: 0 });
  if (page.status() !== 200) throw new Error(`/login respondió ${page.status()}: ¿la sesión ya estaba iniciada?`);
  // The honeypot as drawn for this visitor: the trap left empty, and when the form was drawn, signed.
  const validFrom = /name="from__confirm"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="from__confirm"/.exec(
    await page.text(),
  );
  if (!validFrom) throw new Error("/login no tiene el campo trampa del formulario");
  const answer = await request.post("/login", {
    form: {
      intent: "login",
      email,
      password,
      redirectTo: "",
      name__confirm: "",
      from__confirm: validFrom[1] ?? validFrom[2]!,
    },
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
  const api = options.api ?? apiUrl;
  const response = await fetch(`${api}/user/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: options.name, email: options.email, password: SHOPPER_PASSWORD }),
  });
  if (response.status !== 201) throw new Error(`/user/register ${response.status}: ${await response.text()}`);
  await signIn(page, options.email, SHOPPER_PASSWORD, { api });
  await page.goto(options.redirectTo);
}

async function tokensCookie(context: BrowserContext) {
  const stored = (await context.cookies()).find((candidate) => candidate.name === TOKENS_COOKIE);
  if (!stored) throw new Error("no hay sesión iniciada en este contexto");
  return { stored, session: await tokenStorage.getSession(`${TOKENS_COOKIE}=${stored.value}`) };
}

/** The API tokens of the context's session (the cookie is signed, not encrypted). */
export async function sessionTokens(context: BrowserContext): Promise<Tokens> {
  const { session } = await tokensCookie(context);
  return { accessToken: session.get("accessToken")!, refreshToken: session.get("refreshToken")! };
}

/**
 * Swaps the session's access token for one that ran out a minute ago: the same user and role,
 * signed as the API signs them. The refresh token stays the real one, so the next page the user
 * opens goes through the store's real refresh (or, if the API no longer accepts the refresh token,
 * ends the session), with no wait for a token to run out.
 */
export async function expireAccessToken(context: BrowserContext): Promise<void> {
  const { stored, session } = await tokensCookie(context);
  const { id, role } = claimsOf(session.get("accessToken")!);
  session.set("accessToken", await signAccessToken({ id, role }, { secret: E2E_JWT_SECRET, ttlSeconds: -60 }));
  await context.addCookies([{ ...stored, value: valueOf(await tokenStorage.commitSession(session), TOKENS_COOKIE) }]);
}
