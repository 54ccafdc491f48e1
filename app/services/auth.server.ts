import { redirect, type AppLoadContext } from "@remix-run/node";
import { accountEndpoints, type Role, type SessionAnswer } from "#contract/accounts";
import type { AnswerOf, Endpoint } from "#contract/http";
import { ApiError, callApi, openApi, type CallArgs, type CallInput } from "./api.server";
import type { Flash, StoreSession } from "./session.server";
import { mergeGuestLists } from "./guest-lists.server";
import { logError } from "./log.server";
import { safeRedirect } from "./redirect.server";
import { regionCookieHeader } from "./region.server";
import { regionWasChosen, requestRegion } from "./times.server";
import { ADMIN_HOME } from "~/routes/dashboard/admin/paths";

/** What loaders and actions receive; every helper here takes it whole. */
export interface RequestArgs {
  request: Request;
  context: AppLoadContext;
}

export interface SignedInUser {
  id: string;
  role: Role;
  name: string;
}

export const SESSION_EXPIRED_PATH = "/login?session=expired";
const DEFAULT_AFTER_SIGN_IN = "/dashboard";

/** Where a user goes when no page was asked for: an admin to the admin area, anyone else to the account. */
function homeOf(role: Role | undefined): string {
  return role === "admin" ? ADMIN_HOME : DEFAULT_AFTER_SIGN_IN;
}

/** The `{id, role}` payload of an access JWT, read without checking the signature: the API checks it. */
function readAccessToken(token: string): { id: string; role: Role } | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      id?: unknown;
      role?: unknown;
    };
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
export function getUser({ context }: RequestArgs): SignedInUser | null {
  return userOf(context.session);
}

/** Where a user goes after signing in when no page asked for it, or the page asked for would leave the site. */
export function afterSignIn(target: FormDataEntryValue | string | null | undefined): string {
  return safeRedirect(target, DEFAULT_AFTER_SIGN_IN);
}

/** The signed-in user; a visitor is sent to sign in and brought back here afterwards. */
export function requireUser(args: RequestArgs): SignedInUser {
  const user = getUser(args);
  if (user) return user;
  const url = new URL(args.request.url);
  throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

/** /login and /register are for visitors: a signed-in user goes to the account instead. */
export function redirectSignedInUser(args: RequestArgs): void {
  const user = getUser(args);
  if (user) throw redirect(homeOf(user.role));
}

/** Also presents the session's refresh token, for calls that end every session but the current one (a password change). */
type AccountCallOptions = { withRefreshCookie?: boolean };

/** The API's calls for one signed-in user within one request. */
export interface AccountClient {
  user: SignedInUser;
  /** Calls the API as the user; a 401 refreshes the tokens once and repeats the call once. */
  call<E extends Endpoint>(definition: E, ...args: CallArgs<E, AccountCallOptions>): Promise<AnswerOf<E>>;
  /** The same for a call answering a file (`binaryAnswer`): the API's response, its body unread. */
  open<E extends Endpoint>(definition: E, ...args: CallArgs<E, AccountCallOptions>): Promise<Response>;
  /** Keeps the greeting's name in step after the user renames themselves. */
  rememberName(name: string): void;
}

/** One refresh per request: parallel loaders share the session, and a second refresh with the rotated-away token would revoke the family. */
const refreshes = new WeakMap<StoreSession, Promise<void>>();

/** The API reads the refresh token from its own cookie, which the web passes on server-to-server. */
function refreshCookie(session: StoreSession): string {
  return `refreshToken=${encodeURIComponent(session.get("refreshToken") ?? "")}`;
}

/**
 * Sends the browser to sign in again (SPEC.md section 4), leaving the session, unless the call is
 * a background one (the bell), whose failure must not sign the page out under the user's eyes.
 */
function sessionExpired(session: StoreSession, background: boolean): Response {
  if (!background) session.destroy();
  return redirect(SESSION_EXPIRED_PATH);
}

async function refreshTokens(context: AppLoadContext, background: boolean): Promise<void> {
  const { session } = context;
  let answer: AnswerOf<typeof accountEndpoints.refreshToken>;
  try {
    answer = await context.api.call(accountEndpoints.refreshToken, { headers: { cookie: refreshCookie(session) } });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw sessionExpired(session, background);
    throw error;
  }
  session.set("accessToken", answer.accessToken);
  session.set("refreshToken", answer.refreshToken);
}

/**
 * The signed-in user's API client (DESIGN.md section 2). A visitor is sent to sign in; a session
 * that cannot be refreshed is cleared and sent to /login?session=expired (kept, for `background` calls).
 */
export function requireAccount(
  args: RequestArgs,
  { background = false }: { background?: boolean } = {},
): AccountClient {
  const user = requireUser(args);
  const { context } = args;
  const { session } = context;

  type Transport = typeof callApi | typeof openApi;

  function send(
    transport: Transport,
    definition: Endpoint,
    { withRefreshCookie, ...input }: CallInput<Endpoint> & AccountCallOptions = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = { ...input.headers, authorization: `Bearer ${session.get("accessToken")}` };
    if (withRefreshCookie) headers.cookie = refreshCookie(session);
    return transport(context.api.caller, definition, { ...input, headers });
  }

  async function callWith(
    transport: Transport,
    definition: Endpoint,
    input?: CallInput<Endpoint> & AccountCallOptions,
  ): Promise<unknown> {
    const usedToken = session.get("accessToken");
    try {
      return await send(transport, definition, input);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
    }
    // Another loader of this request may have refreshed already; then only repeat the call.
    if (session.get("accessToken") === usedToken) {
      let refresh = refreshes.get(session);
      if (!refresh) {
        refresh = refreshTokens(context, background);
        refreshes.set(session, refresh);
      }
      await refresh;
    }
    try {
      return await send(transport, definition, input);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw sessionExpired(session, background);
      throw error;
    }
  }

  return {
    user,
    call: ((definition: Endpoint, input?: CallInput<Endpoint> & AccountCallOptions) =>
      callWith(callApi, definition, input)) as AccountClient["call"],
    open: ((definition: Endpoint, input?: CallInput<Endpoint> & AccountCallOptions) =>
      callWith(openApi, definition, input)) as AccountClient["open"],
    rememberName(name: string) {
      session.set("userName", name);
    },
  };
}

/**
 * Signs in with freshly issued tokens and redirects. Without a known name the profile is read
 * once, so every later page can greet the user without calling the API. The browser keeps the
 * device token that marks it as one that signed in (docs/decisions/0032).
 */
export async function signIn(
  { context }: RequestArgs,
  tokens: Pick<SessionAnswer, "token" | "refreshToken" | "deviceToken">,
  options: { to: string; flash?: Flash; name?: string },
): Promise<Response> {
  const { session } = context;
  session.set("accessToken", tokens.token);
  session.set("refreshToken", tokens.refreshToken);
  session.rememberDevice(tokens.deviceToken);
  session.unset("redirectTo");
  // The visitor's cart, favourites and compare list become the user's (DESIGN.md section 3).
  const mergeNotice = await mergeGuestLists(context, tokens.token);
  const claims = readAccessToken(tokens.token);
  const authorization = { authorization: `Bearer ${tokens.token}` };
  let name = options.name;
  let regionCookie: string | null = null;
  if (claims && regionWasChosen()) {
    // This browser chose a region before signing in: the account keeps it, for its mails (decision 0039).
    await context.api
      .call(accountEndpoints.updateRegion, { body: { region: requestRegion() }, headers: authorization })
      .catch((error: unknown) => logError("No se pudo guardar la región de la cuenta", error));
  }
  if (claims && (name === undefined || !regionWasChosen())) {
    // The profile gives the greeting's name and, on a browser that never chose, the account's region.
    const profile = await context.api
      .call(accountEndpoints.profile, { params: { id: claims.id }, headers: authorization })
      .then(
        ({ profileData }) => profileData,
        () => null,
      );
    name ??= profile?.name ?? "";
    if (profile && !regionWasChosen() && profile.region !== "es") {
      regionCookie = await regionCookieHeader(profile.region);
    }
  }
  session.set("userName", name ?? "");
  if (options.flash) session.flash(options.flash);
  else if (mergeNotice) session.flash({ kind: "error", message: mergeNotice });
  const to = options.to === DEFAULT_AFTER_SIGN_IN ? homeOf(claims?.role) : options.to;
  return redirect(to, regionCookie ? { headers: { "Set-Cookie": regionCookie } } : undefined);
}

/** SPEC.md section 4: the API forgets the refresh token, the session is cleared, then /login. */
export async function signOut({ context }: RequestArgs): Promise<Response> {
  const { session } = context;
  if (session.get("refreshToken")) {
    await context.api
      .call(accountEndpoints.logout, { headers: { cookie: refreshCookie(session) } })
      .catch((error: unknown) => logError("POST /logout falló", error));
  }
  session.destroy();
  return redirect("/login");
}
