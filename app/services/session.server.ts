import { createCookieSessionStorage, redirect, type AppLoadContext, type Session } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { webEnv } from "./env.server";

export type FlashKind = "success" | "error";
export interface Flash {
  kind: FlashKind;
  message: string;
}

export interface SessionData {
  /** The API's short-lived access JWT. */
  accessToken: string;
  /** The API's refresh token, rotated on every refresh. */
  refreshToken: string;
  /** The signed-in user's name, read from the profile at sign-in so pages need no API call to greet. */
  userName: string;
  /** Where a visitor who went to sign in wanted to go; survives the round trip through Google. */
  redirectTo: string;
  /**
   * A visitor's random id for their cart, favourites and compare list (DESIGN.md section 3), made
   * on their first add and forgotten once the lists join the user's at sign-in.
   */
  guestId: string;
  /** remix-auth-oauth2's anti-forgery state while a Google sign-in is under way. */
  "oauth2:state": string;
}

interface SessionFlashData {
  flash: Flash;
}

export type StoreSession = Session<SessionData, SessionFlashData>;

/** One httpOnly SameSite=Lax cookie; secrets rotate by listing the new one first in SESSION_SECRET. */
export const sessionStorage = createCookieSessionStorage<SessionData, SessionFlashData>({
  cookie: {
    name: "__mp_session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: webEnv.production && webEnv.publicWebUrl.startsWith("https:"),
    secrets: webEnv.sessionSecrets.length > 0 ? webEnv.sessionSecrets : [randomBytes(32).toString("hex")],
  },
});

/**
 * The loaders of one request run in parallel and all answer with this one cookie. Given the
 * request's load context (one object per request) they share one session object, so a refresh
 * in one loader and a consumed flash in another end up in every cookie they send.
 */
const sessionsByRequest = new WeakMap<AppLoadContext, Promise<StoreSession>>();

export function getSession(request: Request, context?: AppLoadContext): Promise<StoreSession> {
  if (!context) return sessionStorage.getSession(request.headers.get("Cookie"));
  let session = sessionsByRequest.get(context);
  if (!session) {
    session = sessionStorage.getSession(request.headers.get("Cookie"));
    sessionsByRequest.set(context, session);
  }
  return session;
}

/** The one way a session is written: every Set-Cookie of the store comes from here. */
export function commitSession(session: StoreSession): Promise<string> {
  return sessionStorage.commitSession(session);
}

/** Forgets the tokens (so no later commit of this object brings them back) and expires the cookie. */
export function destroySession(session: StoreSession): Promise<string> {
  session.unset("accessToken");
  session.unset("refreshToken");
  session.unset("userName");
  return sessionStorage.destroySession(session);
}

/** A successful POST ends here: the message is shown once on the page redirected to. */
export async function redirectWithFlash(request: Request, to: string, flash: Flash, context?: AppLoadContext): Promise<Response> {
  const session = await getSession(request, context);
  session.flash("flash", flash);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(session) } });
}

/** Reads and consumes the pending flash message, returning the cookie that clears it. */
export async function takeFlash(
  request: Request,
  context?: AppLoadContext,
): Promise<{ flash: Flash | null; headers: HeadersInit | undefined }> {
  const session = await getSession(request, context);
  const flash = session.get("flash") ?? null;
  return { flash, headers: flash ? { "Set-Cookie": await commitSession(session) } : undefined };
}
