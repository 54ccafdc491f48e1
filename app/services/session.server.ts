import {
  type AppLoadContext,
  createCookie,
  createCookieSessionStorage,
  redirect,
  type Session,
  type SessionStorage,
} from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { webEnv } from "./env.server";

export type FlashKind = "success" | "error";
export interface Flash {
  kind: FlashKind;
  message: string;
}

/** The API's tokens, in a cookie of their own (see StoreSession). */
export interface TokenData {
  /** The API's short-lived access JWT. */
  accessToken: string;
  /** The API's refresh token, rotated on every refresh. */
  refreshToken: string;
}

export interface SessionData {
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

export type StoreSessionData = TokenData & SessionData;

export const SESSION_COOKIE = "__mp_session";
export const TOKENS_COOKIE = "__mp_tokens";
export const FLASH_COOKIE = "__mp_flash";
/** The API's device token for this browser (docs/decisions/0032): outlives signing out. */
export const DEVICE_COOKIE = "__mp_device";
/** As long as the API's token lives; each sign-in writes a new one. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const cookieOptions = {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: webEnv.production && webEnv.publicWebUrl.startsWith("https:"),
  secrets: webEnv.sessionSecrets.length > 0 ? webEnv.sessionSecrets : [randomBytes(32).toString("hex")],
} as const;

/** httpOnly SameSite=Lax cookies; secrets rotate by listing the new one first in SESSION_SECRET. */
export const sessionStorage = createCookieSessionStorage<SessionData>({
  cookie: { name: SESSION_COOKIE, ...cookieOptions },
});
const tokenStorage = createCookieSessionStorage<TokenData>({ cookie: { name: TOKENS_COOKIE, ...cookieOptions } });
const flashCookie = createCookie(FLASH_COOKIE, cookieOptions);
const deviceCookie = createCookie(DEVICE_COOKIE, { ...cookieOptions, maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });

const TOKEN_KEYS: readonly string[] = ["accessToken", "refreshToken"] satisfies (keyof TokenData)[];

function isFlash(value: unknown): value is Flash {
  if (typeof value !== "object" || value === null) return false;
  const { kind, message } = value as Record<string, unknown>;
  return (kind === "success" || kind === "error") && typeof message === "string";
}

/** One cookie's part of the session: written only when this request changed it. */
class CookiePart<Data> {
  changed = false;
  #destroyed = false;

  constructor(
    private readonly session: Session<Data>,
    private readonly storage: SessionStorage<Data>,
  ) {}

  get<K extends keyof Data & string>(key: K): Data[K] | undefined {
    return this.session.get(key) as Data[K] | undefined;
  }

  set<K extends keyof Data & string>(key: K, value: Data[K]): void {
    this.session.set(key, value);
    this.changed = true;
    this.#destroyed = false;
  }

  unset(key: keyof Data & string): void {
    if (!this.session.has(key)) return;
    this.session.unset(key);
    this.changed = true;
  }

  /** Forgets all it holds, for the rest of this request too; its cookie is expired. */
  destroy(): void {
    for (const key of Object.keys(this.session.data)) this.session.unset(key as keyof Data & string);
    this.changed = true;
    this.#destroyed = true;
  }

  commit(): Promise<string> {
    return this.#destroyed ? this.storage.destroySession(this.session) : this.storage.commitSession(this.session);
  }
}

/**
 * The session of one request: read once when the request arrives (server.ts) and written once
 * after Remix has answered. Loaders and actions change it and return plain data or redirects; none
 * of them writes a cookie.
 *
 * It is three cookies, each written only by a request that changed it: one browser sends requests
 * in parallel (a form, the bell's background call), each answered with what it read when it
 * arrived, and a cookie is replaced whole by whichever answer comes last. The tokens change only on
 * signing in or out and when a refresh rotates them, so no other answer writes back tokens a
 * parallel refresh has replaced (a rotated-away refresh token ends the session at the next refresh);
 * the flash, left by most forms, is not lost to a parallel refresh.
 *
 * A fourth cookie is not the session's: the device token the API gave this browser at its last
 * sign-in, which lets it past a shared address's sign-in limit (docs/decisions/0032). Only a
 * sign-in writes it, and signing out keeps it.
 */
export class StoreSession {
  readonly #tokens: CookiePart<TokenData>;
  readonly #session: CookiePart<SessionData>;
  /** The flash the browser sent, until taken or replaced by the one this request leaves. */
  #flash: Flash | null;
  #flashChanged = false;
  #deviceToken: string | null;
  #deviceChanged = false;

  constructor(
    tokens: Session<TokenData>,
    session: Session<SessionData>,
    flash: Flash | null,
    deviceToken: string | null = null,
  ) {
    this.#tokens = new CookiePart(tokens, tokenStorage);
    this.#session = new CookiePart(session, sessionStorage);
    this.#flash = flash;
    this.#deviceToken = deviceToken;
  }

  static async fromRequest(request: Request): Promise<StoreSession> {
    const cookieHeader = request.headers.get("Cookie");
    const [tokens, session, flash, device] = await Promise.all([
      tokenStorage.getSession(cookieHeader),
      sessionStorage.getSession(cookieHeader),
      flashCookie.parse(cookieHeader),
      deviceCookie.parse(cookieHeader),
    ]);
    return new StoreSession(tokens, session, isFlash(flash) ? flash : null, typeof device === "string" ? device : null);
  }

  #partOf(key: keyof StoreSessionData): CookiePart<StoreSessionData> {
    return (TOKEN_KEYS.includes(key) ? this.#tokens : this.#session) as unknown as CookiePart<StoreSessionData>;
  }

  get<K extends keyof StoreSessionData>(key: K): StoreSessionData[K] | undefined {
    return this.#partOf(key).get(key);
  }

  set<K extends keyof StoreSessionData>(key: K, value: StoreSessionData[K]): void {
    this.#partOf(key).set(key, value);
  }

  unset(key: keyof StoreSessionData): void {
    this.#partOf(key).unset(key);
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

  /** The API's device token this browser carries (signed by the web, so not one a visitor made up), or null. */
  get deviceToken(): string | null {
    return this.#deviceToken;
  }

  /** Keeps the device token a sign-in was given, in place of the one the browser had. */
  rememberDevice(token: string): void {
    this.#deviceToken = token;
    this.#deviceChanged = true;
  }

  /**
   * Forgets the tokens and the rest (signing out, a session that cannot be refreshed); both cookies
   * are expired. The device cookie stays: the browser is still one that signed in.
   */
  destroy(): void {
    this.#tokens.destroy();
    this.#session.destroy();
  }

  /** The Set-Cookie header value of the session cookie (not the tokens' or the flash's), as it now stands. */
  commit(): Promise<string> {
    return this.#session.commit();
  }

  /**
   * The Set-Cookie header values of what this request changed; `exceptSession` when the answer
   * writes the session cookie itself.
   */
  async setCookies({ exceptSession = false }: { exceptSession?: boolean } = {}): Promise<string[]> {
    const cookies: Promise<string>[] = [];
    if (this.#tokens.changed) cookies.push(this.#tokens.commit());
    if (this.#session.changed && !exceptSession) cookies.push(this.#session.commit());
    if (this.#flashChanged)
      cookies.push(this.#flash ? flashCookie.serialize(this.#flash) : flashCookie.serialize("", { maxAge: 0 }));
    if (this.#deviceChanged && this.#deviceToken) cookies.push(deviceCookie.serialize(this.#deviceToken));
    return Promise.all(cookies);
  }
}

/** A successful POST ends here: the message is shown once on the page redirected to. */
export function redirectWithFlash(context: AppLoadContext, to: string, flash: Flash): Response {
  context.session.flash(flash);
  return redirect(to);
}
