import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { api, ApiError, type ApiRequest } from "./api.server";
import { commitSession, destroySession, getSession, type Flash, type StoreSession } from "./session.server";
import { mergeGuestLists } from "./shopper.server";

/** What loaders and actions receive; every helper here takes it whole. */
export interface RequestArgs {
  request: Request;
  context: AppLoadContext;
}

export type Role = "customer" | "seller" | "admin";

export interface SignedInUser {
  id: string;
  role: Role;
  name: string;
}

/** The API's tokens, as /user/login, /user/register and /user/google answer them. */
export interface IssuedTokens {
  token: string;
  refreshToken: string;
}

export interface Address {
  line: string;
  city: string;
  province: string;
  area: string;
  postCode: string;
}

/** GET /user/profile/:id. */
export interface Profile {
  _id: string;
  name: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  phone: string;
  address: Address;
  image: string | null;
  hasPassword: boolean;
  createdAt: string;
}

export const SESSION_EXPIRED_PATH = "/login?session=expired";
const DEFAULT_AFTER_SIGN_IN = "/dashboard";

/** The `{id, role}` payload of an access JWT, read without checking the signature: the API checks it. */
function readAccessToken(token: string): { id: string; role: Role } | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { id?: unknown; role?: unknown };
    if (typeof payload.id !== "string" || typeof payload.role !== "string") return null;
    return { id: payload.id, role: payload.role as Role };
  } catch {
    return null;
  }
}

function userOf(session: StoreSession): SignedInUser | null {
  const accessToken = session.get("accessToken");
  if (!accessToken || !session.get("refreshToken")) return null;
  const claims = readAccessToken(accessToken);
  return claims ? { ...claims, name: session.get("userName") ?? "" } : null;
}

/** The signed-in user, or null for a visitor. An expired access token still names its user. */
export async function getUser({ request, context }: RequestArgs): Promise<SignedInUser | null> {
  return userOf(await getSession(request, context));
}

/** Only a path on this site: `//host` and `/\host` would leave it. */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  return target;
}

/** The signed-in user; a visitor is sent to sign in and brought back here afterwards. */
export async function requireUser(args: RequestArgs): Promise<SignedInUser> {
  const user = await getUser(args);
  if (user) return user;
  const url = new URL(args.request.url);
  throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

/** /login and /register are for visitors: a signed-in user goes to the account instead. */
export async function redirectSignedInUser(args: RequestArgs): Promise<void> {
  if (await getUser(args)) throw redirect(DEFAULT_AFTER_SIGN_IN);
}

export interface AccountApiRequest extends ApiRequest {
  withRefreshCookie?: boolean;
}

/** The API's calls for one signed-in user within one loader or action. */
export interface AccountClient {
  user: SignedInUser;
  /**
   * Calls the API as the user; a 401 refreshes the tokens once and repeats the call once.
   * `withRefreshCookie` also presents the session's refresh token, for calls that end every
   * session but the current one (a password change).
   */
  call<T>(path: string, request?: AccountApiRequest): Promise<T>;
  /** The loader's or action's answer, carrying the refreshed session cookie when there is one. */
  data<T>(value: T, status?: number): Promise<ReturnType<typeof data<T>>>;
  /** A redirect with an optional flash message, carrying the session cookie. */
  redirect(to: string, flash?: Flash): Promise<Response>;
  /** Keeps the greeting's name in step after the user renames themselves. */
  rememberName(name: string): void;
}

/**
 * One refresh per session object: parallel loaders of one request share the session (see
 * getSession), and a second refresh with the same rotated-away token would revoke the family.
 */
const refreshes = new WeakMap<StoreSession, Promise<void>>();

/** The API reads the refresh token from its own cookie, which the web passes on server-to-server. */
function refreshCookie(session: StoreSession): string {
  return `refreshToken=${encodeURIComponent(session.get("refreshToken") ?? "")}`;
}

async function refreshTokens(session: StoreSession, clientAddress: string | undefined): Promise<void> {
  let answer: { accessToken: string; refreshToken: string };
  try {
    answer = await api("/refresh-token", {
      method: "POST",
      headers: { cookie: refreshCookie(session) },
      clientAddress,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw await expiredSessionRedirect(session);
    throw error;
  }
  session.set("accessToken", answer.accessToken);
  session.set("refreshToken", answer.refreshToken);
}

async function expiredSessionRedirect(session: StoreSession): Promise<Response> {
  return redirect(SESSION_EXPIRED_PATH, { headers: { "Set-Cookie": await destroySession(session) } });
}

/**
 * The signed-in user's API client (DESIGN.md section 2). A visitor is sent to sign in; a session
 * that cannot be refreshed is cleared and sent to /login?session=expired. Answer through the
 * client's `data` and `redirect`, so a refreshed session is never lost.
 */
export async function requireAccount(args: RequestArgs): Promise<AccountClient> {
  const user = await requireUser(args);
  const session = await getSession(args.request, args.context);
  const clientAddress = args.context.clientAddress;
  let sessionChanged = false;

  async function send<T>(path: string, { withRefreshCookie, ...request }: AccountApiRequest): Promise<T> {
    const headers: Record<string, string> = { ...request.headers, authorization: `Bearer ${session.get("accessToken")}` };
    if (withRefreshCookie) headers.cookie = refreshCookie(session);
    return api<T>(path, { ...request, headers, clientAddress });
  }

  async function sessionHeaders(): Promise<HeadersInit | undefined> {
    return sessionChanged ? { "Set-Cookie": await commitSession(session) } : undefined;
  }

  return {
    user,
    async call<T>(path: string, request: AccountApiRequest = {}) {
      const usedToken = session.get("accessToken");
      try {
        return await send<T>(path, request);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
      }
      // Another loader of this request may have refreshed already; then only repeat the call.
      if (session.get("accessToken") === usedToken) {
        let refresh = refreshes.get(session);
        if (!refresh) {
          refresh = refreshTokens(session, clientAddress);
          refreshes.set(session, refresh);
        }
        await refresh;
      }
      sessionChanged = true;
      try {
        return await send<T>(path, request);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) throw await expiredSessionRedirect(session);
        throw error;
      }
    },
    async data<T>(value: T, status?: number) {
      return data(value, { status, headers: await sessionHeaders() });
    },
    async redirect(to: string, flash?: Flash) {
      if (flash) {
        session.flash("flash", flash);
        sessionChanged = true;
      }
      return redirect(to, { headers: await sessionHeaders() });
    },
    rememberName(name: string) {
      session.set("userName", name);
      sessionChanged = true;
    },
  };
}

/**
 * Signs in with freshly issued tokens and redirects. Without a known name the profile is read
 * once, so every later page can greet the user without calling the API.
 */
export async function signIn(
  { request, context }: RequestArgs,
  tokens: IssuedTokens,
  options: { to: string; flash?: Flash; name?: string },
): Promise<Response> {
  const session = await getSession(request, context);
  session.set("accessToken", tokens.token);
  session.set("refreshToken", tokens.refreshToken);
  session.unset("redirectTo");
  // The visitor's cart, favourites and compare list become the user's (DESIGN.md section 3).
  await mergeGuestLists(session, tokens.token, context.clientAddress);
  const claims = readAccessToken(tokens.token);
  let name = options.name;
  if (name === undefined && claims) {
    name = await api<{ profileData: Profile }>(`/user/profile/${encodeURIComponent(claims.id)}`, {
      headers: { authorization: `Bearer ${tokens.token}` },
      clientAddress: context.clientAddress,
    }).then(
      ({ profileData }) => profileData.name,
      () => "",
    );
  }
  session.set("userName", name ?? "");
  if (options.flash) session.flash("flash", options.flash);
  return redirect(options.to, { headers: { "Set-Cookie": await commitSession(session) } });
}

/** SPEC.md section 4: the API forgets the refresh token, the session is cleared, then /login. */
export async function signOut({ request, context }: RequestArgs): Promise<Response> {
  const session = await getSession(request, context);
  if (session.get("refreshToken")) {
    await api("/logout", {
      method: "POST",
      headers: { cookie: refreshCookie(session) },
      clientAddress: context.clientAddress,
    }).catch((error: unknown) => console.error("POST /logout falló:", error));
  }
  return redirect("/login", { headers: { "Set-Cookie": await destroySession(session) } });
}
