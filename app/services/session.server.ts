import { type AppLoadContext, createCookie, createCookieSessionStorage, redirect, type Session } from "@remix-run/node";
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

export const SESSION_COOKIE = "__mp_session";
export const FLASH_COOKIE = "__mp_flash";

const cookieOptions = {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: webEnv.production && webEnv.publicWebUrl.startsWith("https:"),
  secrets: webEnv.sessionSecrets.length > 0 ? webEnv.sessionSecrets : [randomBytes(32).toString("hex")],
} as const;

/** One httpOnly SameSite=Lax cookie; secrets rotate by listing the new one first in SESSION_SECRET. */
export const sessionStorage = createCookieSessionStorage<SessionData>({ cookie: { name: SESSION_COOKIE, ...cookieOptions } });

/**
 * The flash lives in a cookie of its own. A cookie is written whole, so a flash kept in the session
 * was lost whenever another request of the same browser (the bell refreshing an expired access
 * token) answered after the form that left it; and that form's answer wrote the tokens it had read,
 * which a refresh had already replaced.
 */
const flashCookie = createCookie(FLASH_COOKIE, cookieOptions);

function isFlash(value: unknown): value is Flash {
  if (typeof value !== "object" || value === null) return false;
  const { kind, message } = value as Record<string, unknown>;
  return (kind === "success" || kind === "error") && typeof message === "string";
}

/**
 * The session of one request: read once when the request arrives (server.ts) and written once
 * after Remix has answered, only when something changed. Loaders and actions change it and return
 * plain data or redirects; none of them writes a cookie.
 */
export class StoreSession {
  #changed = false;
  #destroyed = false;
  /** The flash the browser sent, until taken or replaced by the one this request leaves. */
  #flash: Flash | null;
  #flashChanged = false;

  constructor(
    private readonly session: Session<SessionData>,
    flash: Flash | null,
  ) {
    this.#flash = flash;
  }

  static async fromRequest(request: Request): Promise<StoreSession> {
    const cookieHeader = request.headers.get("Cookie");
    const [session, flash] = await Promise.all([sessionStorage.getSession(cookieHeader), flashCookie.parse(cookieHeader)]);
    return new StoreSession(session, isFlash(flash) ? flash : null);
  }

  get<K extends keyof SessionData>(key: K): SessionData[K] | undefined {
    return this.session.get(key);
  }

  set<K extends keyof SessionData>(key: K, value: SessionData[K]): void {
    this.session.set(key, value);
    this.#changed = true;
    this.#destroyed = false;
  }

  unset(key: keyof SessionData): void {
    if (!this.session.has(key)) return;
    this.session.unset(key);
    this.#changed = true;
  }

  /** A one-time message for the next page (FlashMessage). */
  flash(flash: Flash): void {
    this.#flash = flash;
    this.#flashChanged = true;
  }

  /** Reads and consumes the pending flash message. */
  takeFlash(): Flash | null {
    const flash = this.#flash;
    if (flash) {
      this.#flash = null;
      this.#flashChanged = true;
    }
    return flash;
  }

  /** Forgets everything (signing out, a session that cannot be refreshed); the cookie is expired. */
  destroy(): void {
    for (const key of ["accessToken", "refreshToken", "userName", "redirectTo", "guestId", "oauth2:state"] as const) this.session.unset(key);
    this.#changed = true;
    this.#destroyed = true;
  }

  /** Whether the session cookie must be written; the flash has its own (flashCookieHeader). */
  get changed(): boolean {
    return this.#changed;
  }

  /** The Set-Cookie header value that stores (or expires) the session. */
  commit(): Promise<string> {
    return this.#destroyed ? sessionStorage.destroySession(this.session) : sessionStorage.commitSession(this.session);
  }

  /** The Set-Cookie header value that leaves or clears the flash, or null when this request did neither. */
  async flashCookieHeader(): Promise<string | null> {
    if (!this.#flashChanged) return null;
    return this.#flash ? flashCookie.serialize(this.#flash) : flashCookie.serialize("", { maxAge: 0 });
  }
}

/** A successful POST ends here: the message is shown once on the page redirected to. */
export function redirectWithFlash(context: AppLoadContext, to: string, flash: Flash): Response {
  context.session.flash(flash);
  return redirect(to);
}
