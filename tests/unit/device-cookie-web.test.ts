import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TOO_MANY_ATTEMPTS } from "#contract/accounts";
import { DEFAULT_RATE_LIMITS } from "../../api/src/config";
import { hashPassword } from "../../api/src/modules/accounts/password";
import { insertUser, TEST_PASSWORD_HASHING, useTestApi } from "../api/support";
import { CookieJar } from "../support/cookie-jar";

/**
 * Issue 31, item 10, through the web: the login form's action against a real API with the
 * production sign-in limits. The browser that signed in keeps the API's device token in the web's
 * `__mp_device` cookie, which signing out leaves, and the web forwards it on the next sign-in, so
 * the shopper gets in from an address whose 20 failures others used up.
 */

const PASSWORD = "Padel2024";
const SHARED_ADDRESS = "198.51.106.1";
const DEVICE_COOKIE = "__mp_device";

type Web = {
  forms: typeof import("~/services/account-forms.server");
  auth: typeof import("~/services/auth.server");
  context: typeof import("~/services/context.server");
  honeypot: typeof import("~/services/honeypot.server");
};

describe("la web recuerda el navegador que inició sesión", () => {
  const api = useTestApi({ config: { rateLimits: DEFAULT_RATE_LIMITS } });
  const saved = process.env.API_URL;
  let web: Web;
  let email: string;

  beforeAll(async () => {
    await api.app.listen({ port: 0, host: "127.0.0.1" });
    process.env.API_URL = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    vi.resetModules();
    web = {
      forms: await import("~/services/account-forms.server"),
      auth: await import("~/services/auth.server"),
      context: await import("~/services/context.server"),
      honeypot: await import("~/services/honeypot.server"),
    };
    const passwordHash = await hashPassword(PASSWORD, TEST_PASSWORD_HASHING);
    email = (await insertUser(api.db, { email: `oficina-${randomUUID()}@example.com`, passwordHash })).email;
  });

  afterAll(() => {
    process.env.API_URL = saved;
  });

  /** The request's context as server.ts makes it, for a shopper at `address`. */
  const contextOf = (request: Request, address = SHARED_ADDRESS) =>
    web.context.createRequestContext(request, {
      requestId: "prueba-dispositivo",
      clientAddress: address,
      cspNonce: "",
    });

  /** Posts the login form (as drawn for this visitor) from the jar's browser; the answer as the browser gets it. */
  async function postLogin(jar: CookieJar, password = PASSWORD): Promise<Response> {
    const honeypot = web.honeypot.honeypotInputProps();
    const body = new URLSearchParams({ intent: "login", email, password, redirectTo: "" });
    body.set(honeypot.nameFieldName, "");
    body.set(honeypot.validFromFieldName!, honeypot.encryptedValidFrom!);
    const request = jar.request("/login", {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const context = await contextOf(request);
    const result = await web.forms.loginAction({ request, context });
    if (result instanceof Response) return web.context.finishResponse(context, result);
    // A refused form: Remix's data() with the form's answer and its status.
    const { data, init } = result as unknown as { data: unknown; init: { status?: number } | null };
    return web.context.finishResponse(context, Response.json(data, { status: init?.status ?? 200 }));
  }

  it("el navegador que ya inició sesión entra desde una dirección bloqueada; otro navegador recibe el aviso", async () => {
    const browser = new CookieJar();
    const signedIn = await postLogin(browser);
    expect(signedIn.status).toBe(302);
    const device = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
    expect(device).toMatch(/; Max-Age=31536000;.*HttpOnly.*SameSite=Lax/);
    browser.receive(signedIn);

    // Signing out ends the session but the browser keeps its device cookie.
    const signOutRequest = browser.request("/logout", { method: "POST" });
    const signOutContext = await contextOf(signOutRequest);
    browser.receive(
      await web.context.finishResponse(
        signOutContext,
        await web.auth.signOut({ request: signOutRequest, context: signOutContext }),
      ),
    );
    expect([browser.has("__mp_tokens"), browser.has(DEVICE_COOKIE)]).toEqual([false, true]);

    // Others sharing the address use up its 20 failures.
    for (let attempt = 1; attempt <= DEFAULT_RATE_LIMITS.login.perAddress; attempt++) {
      const guess = await api.app.inject({
        method: "POST",
        url: "/user/login",
        headers: { "x-forwarded-for": SHARED_ADDRESS },
        payload: { email: `nadie-${attempt}@example.com`, password: "Adivina-2024" },
      });
      expect(guess.statusCode).toBe(400);
    }

    const stranger = await postLogin(new CookieJar());
    expect(stranger.status).toBe(429);
    expect(JSON.stringify(await stranger.json())).toContain(TOO_MANY_ATTEMPTS);

    // A device cookie the web did not sign (here, the raw value) is not passed on.
    const copied = new CookieJar();
    copied.set(DEVICE_COOKIE, "inventado");
    expect((await postLogin(copied)).status).toBe(429);

    const again = await postLogin(browser);
    expect(again.status, await again.clone().text()).toBe(302);
    expect(again.headers.get("location")).toBe("/dashboard");
    // The sign-in renewed the device cookie.
    expect(again.headers.getSetCookie().some((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`))).toBe(true);
  });
});
