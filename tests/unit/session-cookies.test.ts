import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createRequestContext, finishResponse } from "~/services/context.server";
import { DEVICE_COOKIE, FLASH_COOKIE, SESSION_COOKIE, TOKENS_COOKIE } from "~/services/session.server";
import { CookieJar } from "../support/cookie-jar";

/**
 * The tokens, the rest of the session and the flash are three cookies, each written only by a
 * request that changed it. One browser sends requests in parallel (a form and the bell's background
 * call), each answered with what it read when it arrived; a cookie is replaced whole by whichever
 * answer comes last. A fourth, the device cookie (docs/decisions/0032), is written only by signing
 * in and outlives signing out.
 */

function contextOf(request: Request) {
  return createRequestContext(request, { requestId: "prueba-cookies", cspNonce: "" });
}

function cookieNames(response: Response): string[] {
  return response.headers.getSetCookie().map((header) => header.slice(0, header.indexOf("=")));
}

/** A browser signed in with the given tokens, and given a device token as every sign-in is. */
async function signedInJar(accessToken: string, refreshToken: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const context = await contextOf(jar.request("/login", { method: "POST" }));
  context.session.set("accessToken", accessToken);
  context.session.set("refreshToken", refreshToken);
  context.session.rememberDevice("dispositivo-1");
  const signedIn = await finishResponse(context, new Response(null, { status: 302, headers: { Location: "/" } }));
  expect(cookieNames(signedIn).sort()).toEqual([DEVICE_COOKIE, TOKENS_COOKIE].sort());
  jar.receive(signedIn);
  return jar;
}

/** The bell's answer after it refreshed the expired access token (the API rotated both tokens). */
function refreshedAnswer(bell: AppLoadContext): Promise<Response> {
  bell.session.set("accessToken", "acceso-2");
  bell.session.set("refreshToken", "refresco-2");
  return finishResponse(bell, Response.json({ unread: 0 }));
}

describe("las cookies de la sesión y del aviso", () => {
  it("un formulario que deja un aviso no reescribe la sesión, y la página siguiente lo muestra una vez", async () => {
    const jar = await signedInJar("acceso-1", "refresco-1");

    const form = await contextOf(jar.request("/gift", { method: "POST" }));
    form.session.flash({ kind: "error", message: "Este voucher ha caducado." });
    const redirected = await finishResponse(form, new Response(null, { status: 302, headers: { Location: "/gift" } }));
    expect(cookieNames(redirected)).toEqual([FLASH_COOKIE]);
    expect(redirected.headers.get("Cache-Control")).toBe("private, no-store");
    jar.receive(redirected);

    const page = await contextOf(jar.request("/gift"));
    expect(page.session.takeFlash()).toEqual({ kind: "error", message: "Este voucher ha caducado." });
    expect(page.session.get("accessToken")).toBe("acceso-1");
    const shown = await finishResponse(page, new Response("página"));
    expect(cookieNames(shown)).toEqual([FLASH_COOKIE]);
    jar.receive(shown);
    expect(jar.has(FLASH_COOKIE)).toBe(false);

    const again = await contextOf(jar.request("/gift"));
    expect(again.session.takeFlash()).toBeNull();
    expect(cookieNames(await finishResponse(again, new Response("página")))).toEqual([]);
  });

  it("un aviso sobrevive a una renovación de tokens que responde después, y la renovación no se pierde", async () => {
    const jar = await signedInJar("acceso-1", "refresco-1");
    // Both requests leave with the same cookies: the bell's call and the voucher form.
    const bell = await contextOf(jar.request("/live-notifications"));
    const form = await contextOf(jar.request("/gift", { method: "POST" }));

    form.session.flash({ kind: "error", message: "Este voucher ha caducado." });
    jar.receive(await finishResponse(form, new Response(null, { status: 302, headers: { Location: "/gift" } })));
    const refreshed = await refreshedAnswer(bell);
    expect(cookieNames(refreshed)).toEqual([TOKENS_COOKIE]);
    jar.receive(refreshed);

    const page = await contextOf(jar.request("/gift"));
    expect(page.session.takeFlash()).toEqual({ kind: "error", message: "Este voucher ha caducado." });
    expect(page.session.get("refreshToken")).toBe("refresco-2");
  });

  it("una renovación que responde antes que el formulario tampoco se deshace", async () => {
    const jar = await signedInJar("acceso-1", "refresco-1");
    const bell = await contextOf(jar.request("/live-notifications"));
    const form = await contextOf(jar.request("/gift", { method: "POST" }));

    jar.receive(await refreshedAnswer(bell));
    form.session.flash({ kind: "success", message: "Cupón aplicado." });
    jar.receive(await finishResponse(form, new Response(null, { status: 302, headers: { Location: "/card" } })));

    const page = await contextOf(jar.request("/card"));
    expect(page.session.get("refreshToken")).toBe("refresco-2");
    expect(page.session.takeFlash()).toEqual({ kind: "success", message: "Cupón aplicado." });
  });

  it("cambiar el nombre mientras otra petición renueva los tokens no devuelve los tokens ya sustituidos", async () => {
    const jar = await signedInJar("acceso-1", "refresco-1");
    const bell = await contextOf(jar.request("/live-notifications"));
    const profile = await contextOf(jar.request("/dashboard/profile", { method: "POST" }));

    jar.receive(await refreshedAnswer(bell));
    profile.session.set("userName", "Clara Renombrada");
    profile.session.flash({ kind: "success", message: "Perfil actualizado." });
    const renamed = await finishResponse(
      profile,
      new Response(null, { status: 302, headers: { Location: "/dashboard" } }),
    );
    expect(cookieNames(renamed).sort()).toEqual([FLASH_COOKIE, SESSION_COOKIE].sort());
    jar.receive(renamed);

    const page = await contextOf(jar.request("/dashboard"));
    expect(page.session.get("refreshToken")).toBe("refresco-2");
    expect(page.session.get("userName")).toBe("Clara Renombrada");
  });

  it("cerrar la sesión expira los tokens y el resto de la sesión", async () => {
    const jar = await signedInJar("acceso-1", "refresco-1");
    const named = await contextOf(jar.request("/dashboard/profile", { method: "POST" }));
    named.session.set("userName", "Clara");
    jar.receive(await finishResponse(named, new Response(null, { status: 302, headers: { Location: "/dashboard" } })));
    expect(jar.has(TOKENS_COOKIE) && jar.has(SESSION_COOKIE)).toBe(true);

    const signOut = await contextOf(jar.request("/logout", { method: "POST" }));
    signOut.session.destroy();
    signOut.session.flash({ kind: "success", message: "Sesión cerrada." });
    jar.receive(await finishResponse(signOut, new Response(null, { status: 302, headers: { Location: "/login" } })));
    expect([jar.has(TOKENS_COOKIE), jar.has(SESSION_COOKIE), jar.has(FLASH_COOKIE)]).toEqual([false, false, true]);
    // The browser is still one that signed in: its device cookie stays for the next sign-in.
    expect(jar.has(DEVICE_COOKIE)).toBe(true);
    expect((await contextOf(jar.request("/login"))).session.deviceToken).toBe("dispositivo-1");
  });

  it("la cookie del dispositivo dura un año, y solo la escribe un inicio de sesión", async () => {
    const jar = new CookieJar();
    const signIn = await contextOf(jar.request("/login", { method: "POST" }));
    signIn.session.rememberDevice("dispositivo-1");
    const signedIn = await finishResponse(signIn, new Response(null, { status: 302, headers: { Location: "/" } }));
    const [device] = signedIn.headers.getSetCookie();
    expect(device).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    expect(device).toMatch(/; Max-Age=31536000(;|$)/);
    expect(device).toMatch(/; HttpOnly(;|$)/);
    expect(device).toMatch(/; SameSite=Lax(;|$)/);
    expect(device).toMatch(/; Path=\/(;|$)/);
    jar.receive(signedIn);

    // A page, a form and a refresh read it and leave it alone.
    const page = await contextOf(jar.request("/gift"));
    expect(page.session.deviceToken).toBe("dispositivo-1");
    page.session.flash({ kind: "success", message: "Cupón aplicado." });
    page.session.set("accessToken", "acceso-2");
    expect(cookieNames(await finishResponse(page, new Response("página"))).sort()).toEqual(
      [FLASH_COOKIE, TOKENS_COOKIE].sort(),
    );
  });

  it("una cookie de dispositivo sin la firma de la web no se lee", async () => {
    const request = new Request("http://127.0.0.1/login", {
      headers: { Cookie: `${DEVICE_COOKIE}=${encodeURIComponent(Buffer.from('"inventado"').toString("base64"))}` },
    });
    expect((await contextOf(request)).session.deviceToken).toBeNull();
  });

  it("un aviso dejado y tomado en la misma petición se muestra y no queda para la siguiente", async () => {
    const jar = new CookieJar();
    const context = await contextOf(jar.request("/card", { method: "POST" }));
    context.session.flash({ kind: "success", message: "Cupón aplicado." });
    expect(context.session.takeFlash()).toEqual({ kind: "success", message: "Cupón aplicado." });
    expect(context.session.takeFlash()).toBeNull();
    jar.receive(await finishResponse(context, new Response("página")));
    expect(jar.has(FLASH_COOKIE)).toBe(false);
  });

  it("un aviso falsificado (sin la firma del servidor) no se muestra", async () => {
    const forged = Buffer.from(JSON.stringify({ kind: "error", message: "Tu cuenta fue bloqueada." })).toString(
      "base64",
    );
    const request = new Request("http://127.0.0.1/", {
      headers: { Cookie: `${FLASH_COOKIE}=${encodeURIComponent(forged)}` },
    });
    const context = await contextOf(request);
    expect(context.session.takeFlash()).toBeNull();
  });
});
