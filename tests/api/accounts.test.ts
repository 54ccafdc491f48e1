import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { SignJWT, decodeJwt } from "jose";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { SAME_PASSWORD } from "#contract/accounts";
import { accountBlocked } from "#contract/admin-users";
import { accountTokens, refreshTokens, users } from "../../api/src/db/schema";
import { hashPassword } from "../../api/src/modules/accounts/password";
import {
  insertUser,
  issuedEarlier,
  type SentMail,
  TEST_JWT_SECRET,
  TEST_PASSWORD_HASHING,
  useTestApi,
  waitForMail as waitForSentMail,
} from "./support";

const PASSWORD = "Padel2024";
const SESSION_EXPIRED = { message: "La sesión ha caducado. Inicia sesión de nuevo." };
const UNAUTHORIZED = { message: "No autorizado." };
const BAD_CREDENTIALS = { message: "Email o contraseña incorrecto." };
/** `<device id>.<expiry>.<HMAC>` (api/src/modules/accounts/device.ts). */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{22}\.\d{10}\.[A-Za-z0-9_-]{43}$/;

interface GoogleUser {
  sub: string;
  email: string;
  email_verified: boolean | string;
  name?: string;
  picture?: string;
}

/** The OAuth client the test API is configured with (tests/api/support.ts). */
const OUR_GOOGLE_CLIENT = "cliente-google-de-prueba";

/**
 * Stands in for Google's userinfo and tokeninfo endpoints: each access token maps to one account,
 * issued to our OAuth client unless `clientId` says otherwise.
 */
function startFakeGoogle(
  accounts: Map<string, GoogleUser & { clientId?: string }>,
): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake-google");
    const token =
      url.pathname === "/tokeninfo"
        ? url.searchParams.get("access_token")
        : /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const account = token ? accounts.get(token) : undefined;
    response.setHeader("content-type", "application/json");
    if (!account) {
      response.statusCode = url.pathname === "/tokeninfo" ? 400 : 401;
      response.end(JSON.stringify({ error: "invalid_token" }));
      return;
    }
    const { clientId = OUR_GOOGLE_CLIENT, ...userinfo } = account;
    response.end(
      JSON.stringify(url.pathname === "/tokeninfo" ? { aud: clientId, azp: clientId, sub: account.sub } : userinfo),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe("cuentas", () => {
  const api = useTestApi();
  let google: { server: Server; url: string };
  const googleAccounts = new Map<string, GoogleUser & { clientId?: string }>();
  /** Without SMTP every message's link is also printed; captured here instead of filling the output. */
  let consoleLog: MockInstance<typeof console.log>;

  beforeAll(async () => {
    consoleLog = vi.spyOn(console, "log").mockImplementation(() => undefined);
    google = await startFakeGoogle(googleAccounts);
    // The fake's port is known only now; the accounts settings object is read on every call.
    api.config.accounts.googleUserinfoUrl = `${google.url}/v1/userinfo`;
    api.config.accounts.googleTokeninfoUrl = `${google.url}/tokeninfo`;
  });

  afterAll(async () => {
    consoleLog.mockRestore();
    await new Promise((resolve) => google?.server.close(resolve));
  });

  let addressCounter = 0;
  /** A distinct client address per call, forwarded by the trusted web, so address limits stay apart. */
  const freshAddress = () => `198.51.100.${(addressCounter++ % 250) + 1}`;
  const uniqueEmail = (label = "usuario") => `${label}-${randomUUID()}@example.com`;

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    api.app.inject({ method: "POST", url, payload, headers: { "x-forwarded-for": freshAddress(), ...headers } });

  async function register(email = uniqueEmail(), password = PASSWORD, name = "Marta Ruiz") {
    const response = await post("/user/register", { name, email, password });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    return {
      email,
      password,
      token: body.token as string,
      refreshToken: body.refreshToken as string,
      id: decodeJwt(body.token).id as string,
    };
  }

  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    post("/user/login", { email, password }, headers);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const refreshCookie = (token: string) => ({ cookie: `refreshToken=${token}` });
  const refresh = (token: string) => post("/refresh-token", undefined, refreshCookie(token));
  const getProfile = (id: string, token: string) =>
    api.app.inject({ method: "GET", url: `/user/profile/${id}`, headers: bearer(token) });

  const waitForMail = (to: string, subjectPart: string, matches?: (mail: SentMail) => boolean) =>
    waitForSentMail(api.config, to, subjectPart, matches);
  const mailsTo = async (to: string) => {
    const outbox = api.config.mail.outboxDir;
    const names = await readdir(outbox).catch(() => [] as string[]);
    const messages = await Promise.all(
      names.map(async (name) => JSON.parse(await readFile(path.join(outbox, name), "utf8"))),
    );
    return messages.filter((message) => message.to === to);
  };

  /** No answer may ever carry a stored hash. */
  function expectNoSecrets(body: string) {
    expect(body).not.toMatch(/scrypt\$/);
    expect(body).not.toMatch(/[0-9a-f]{64}/);
    expect(body).not.toMatch(/password_?hash|token_?hash/i);
  }

  describe("registro", () => {
    it("crea la cuenta, devuelve los tokens y pone el refresh token y el de dispositivo en cookies httpOnly", async () => {
      const email = uniqueEmail();
      const response = await post("/user/register", {
        name: "  Marta Ruiz ",
        email: `  ${email.toUpperCase()} `,
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        token: expect.any(String),
        refreshToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        deviceToken: expect.stringMatching(DEVICE_TOKEN),
        message: "Cuenta creada. Te enviamos un correo para verificar tu dirección.",
      });
      expect(response.cookies.find((candidate) => candidate.name === "deviceToken")).toMatchObject({
        value: body.deviceToken,
        httpOnly: true,
        sameSite: "Lax",
      });
      const cookie = response.cookies.find((candidate) => candidate.name === "refreshToken");
      expect(cookie).toMatchObject({
        value: body.refreshToken,
        httpOnly: true,
        sameSite: "Strict",
        path: "/",
        maxAge: 30 * 24 * 60 * 60,
      });
      expect(cookie?.secure).toBeFalsy();
      const claims = decodeJwt(body.token);
      expect(claims).toMatchObject({ role: "customer", iss: "mercado-padel-api", aud: "mercado-padel" });
      expect(claims.exp! - claims.iat!).toBe(900);
      const [row] = await api.db
        .select()
        .from(users)
        .where(eq(users.id, claims.id as string));
      expect(row).toMatchObject({ email, name: "Marta Ruiz", emailVerifiedAt: null });
      // Hashed with the configuration's work factor (production's: tests/unit/environment.test.ts).
      const { cost, blockSize, parallelism } = TEST_PASSWORD_HASHING;
      expect(row!.passwordHash).toMatch(new RegExp(`^scrypt\\$${cost}\\$${blockSize}\\$${parallelism}\\$`));
      expectNoSecrets(response.body);
    });

    it("ignora los campos que no le corresponden (rol, saldo, verificación)", async () => {
      const email = uniqueEmail();
      const response = await post("/user/register", {
        name: "Intrusa",
        email,
        password: PASSWORD,
        role: "admin",
        balance: 1_000_000,
        emailVerified: true,
        emailVerifiedAt: new Date().toISOString(),
        googleSub: "robado",
      });
      expect(response.statusCode).toBe(201);
      expect(decodeJwt(response.json().token).role).toBe("customer");
      const [row] = await api.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ role: "customer", emailVerifiedAt: null, googleSub: null });
    });

    it("responde 409 a un correo ya registrado, aunque cambien mayúsculas", async () => {
      const { email } = await register();
      const response = await post("/user/register", { name: "Otra", email: email.toUpperCase(), password: PASSWORD });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: "Ya existe una cuenta con ese correo electrónico." });
    });

    it("valida nombre, correo y contraseña con mensajes en español", async () => {
      const cases: [object, string, RegExp][] = [
        [{ name: "M", email: uniqueEmail(), password: PASSWORD }, "name", /al menos 2 caracteres/],
        [{ name: "Marta", email: "no-es-correo", password: PASSWORD }, "email", /correo electrónico válido/],
        [{ name: "Marta", email: uniqueEmail(), password: "corta1" }, "password", /al menos 8 caracteres/],
        [{ name: "Marta", email: uniqueEmail(), password: "solamenteletras" }, "password", /al menos un número/],
        [{ name: "Marta", email: uniqueEmail(), password: "1234567890" }, "password", /al menos una letra/],
        [{ name: "Marta", email: uniqueEmail(), password: `a1${"x".repeat(127)}` }, "password", /128/],
      ];
      for (const [payload, field, message] of cases) {
        const response = await post("/user/register", payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().errors[0]).toMatchObject({ field, message: expect.stringMatching(message) });
      }
    });

    it("envía el enlace de verificación, que funciona una sola vez", async () => {
      const { email, token, id } = await register();
      const mail = await waitForMail(email, "Verifica");
      expect(mail.link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
      expect(mail.text).toContain(mail.link);
      // A security mail (issue 33): always sent, no unsubscribe.
      expect(mail.html).toContain(mail.link);
      expect(mail.headers).toEqual({});
      // The outbox file is written first, the console line just after it.
      await vi.waitFor(() => expect(consoleLog).toHaveBeenCalledWith(`Correo para ${email}: ${mail.link}`));
      const verificationToken = new URL(mail.link).searchParams.get("token");
      expect((await getProfile(id, token)).json().profileData.emailVerified).toBe(false);

      const verified = await post("/user/verify-email", { token: verificationToken });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ message: "Correo verificado. ¡Gracias!" });
      expect((await getProfile(id, token)).json().profileData.emailVerified).toBe(true);

      const again = await post("/user/verify-email", { token: verificationToken });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: "El enlace de verificación no es válido o ha caducado." });
      expect((await post("/user/verify-email", { token: "inventado" })).statusCode).toBe(400);
    });

    it("rechaza un enlace de verificación caducado y reenvía uno nuevo a quien lo pide", async () => {
      const { email, token } = await register();
      const first = await waitForMail(email, "Verifica");
      await api.db
        .update(accountTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(accountTokens.purpose, "verify_email"));
      const expired = await post("/user/verify-email", { token: new URL(first.link).searchParams.get("token") });
      expect(expired.json()).toEqual({ message: "El enlace de verificación no es válido o ha caducado." });

      expect((await post("/user/resend-verification")).statusCode).toBe(401);
      const resent = await post("/user/resend-verification", undefined, bearer(token));
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toEqual({ message: "Te enviamos un nuevo enlace de verificación." });
      const second = await waitForMail(email, "Verifica", (mail) => mail.link !== first.link);
      expect(second.link).not.toBe(first.link);
      expect(
        (await post("/user/verify-email", { token: new URL(second.link).searchParams.get("token") })).statusCode,
      ).toBe(200);
    });
  });

  describe("inicio de sesión", () => {
    it("inicia sesión con correo y contraseña, sin distinguir mayúsculas en el correo", async () => {
      const { email, id } = await register();
      const response = await login(` ${email.toUpperCase()} `, PASSWORD);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        token: expect.any(String),
        refreshToken: expect.any(String),
        deviceToken: expect.stringMatching(DEVICE_TOKEN),
        message: "Sesión iniciada.",
      });
      expect(decodeJwt(body.token)).toMatchObject({ id, role: "customer" });
      expect(response.cookies.find((cookie) => cookie.name === "deviceToken")?.value).toBe(body.deviceToken);
      expect(response.cookies.find((cookie) => cookie.name === "refreshToken")?.value).toBe(body.refreshToken);
    });

    it("da la misma respuesta a un correo desconocido, a una contraseña errónea y a una cuenta sin contraseña", async () => {
      const { email } = await register();
      const googleOnly = await insertUser(api.db, {
        email: uniqueEmail("google"),
        googleSub: randomUUID(),
        emailVerifiedAt: new Date(),
      });
      const attempts = [
        await login(uniqueEmail("nadie"), PASSWORD),
        await login(email, "Otra2024"),
        await login(googleOnly.email, PASSWORD),
        await login(googleOnly.email, ""),
      ];
      for (const response of attempts.slice(0, 3)) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(BAD_CREDENTIALS);
      }
      expect(attempts[3]!.statusCode).toBe(400);
      expect(attempts[3]!.json().message).toBe("Escribe tu contraseña.");
    });

    it("entra con las cuentas de demostración", async () => {
      const passwordHash = await hashPassword("demo1234");
      const demo = await insertUser(api.db, {
        email: uniqueEmail("demo"),
        passwordHash,
        role: "admin",
        emailVerifiedAt: new Date(),
      });
      const response = await login(demo.email, "demo1234");
      expect(response.statusCode).toBe(200);
      expect(decodeJwt(response.json().token).role).toBe("admin");
    });
  });

  describe("tokens de acceso", () => {
    let user: Awaited<ReturnType<typeof register>>;
    beforeAll(async () => {
      user = await register();
    });

    const secret = new TextEncoder().encode(TEST_JWT_SECRET);
    const sign = (
      claims: Record<string, unknown>,
      options: { iss?: string; aud?: string; exp?: number; key?: Uint8Array } = {},
    ) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer(options.iss ?? "mercado-padel-api")
        .setAudience(options.aud ?? "mercado-padel")
        .setIssuedAt()
        .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 60)
        .sign(options.key ?? secret);

    it("acepta un token válido", async () => {
      const response = await getProfile(user.id, await sign({ id: user.id, role: "customer" }));
      expect(response.statusCode).toBe(200);
    });

    it("rechaza sin token, con alg none, con otra firma, caducado o de otro emisor o audiencia", async () => {
      const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${base64url({ alg: "none", typ: "JWT" })}.${base64url({ id: user.id, role: "admin", iss: "mercado-padel-api", aud: "mercado-padel", exp: now + 60 })}.`;
      const validSignature = user.token.split(".")[2];
      const tampered = `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url({ id: user.id, role: "admin", iss: "mercado-padel-api", aud: "mercado-padel", exp: now + 60 })}.${validSignature}`;
      const tokens = {
        "alg none": unsigned,
        "otra clave": await sign(
          { id: user.id, role: "customer" },
          { key: new TextEncoder().encode("otra-clave-secreta-de-32-bytes-o-mas!!") },
        ),
        "firma de otro contenido": tampered,
        caducado: await sign({ id: user.id, role: "customer" }, { exp: now - 10 }),
        "otro emisor": await sign({ id: user.id, role: "customer" }, { iss: "otra-api" }),
        "otra audiencia": await sign({ id: user.id, role: "customer" }, { aud: "otra-web" }),
        basura: "no.es.un-token",
      };
      for (const [label, token] of Object.entries(tokens)) {
        const response = await getProfile(user.id, token);
        expect(response.statusCode, label).toBe(401);
        expect(response.json(), label).toEqual(UNAUTHORIZED);
      }
      const anonymous = await api.app.inject({ method: "GET", url: `/user/profile/${user.id}` });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(UNAUTHORIZED);
      const anonymousUpdate = await api.app.inject({ method: "PUT", url: "/user/profile/update", payload: {} });
      expect(anonymousUpdate.statusCode).toBe(401);
    });

    it("rechaza el token de un usuario borrado", async () => {
      const doomed = await register();
      await api.db.delete(users).where(eq(users.id, doomed.id));
      expect((await getProfile(doomed.id, doomed.token)).statusCode).toBe(401);
      expect((await refresh(doomed.refreshToken)).statusCode).toBe(401);
    });
  });

  describe("refresh token", () => {
    it("rota el token en cada uso y devuelve uno de acceso nuevo", async () => {
      const { refreshToken, id } = await register();
      const response = await refresh(refreshToken);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(["accessToken", "refreshToken"]);
      expect(body.refreshToken).not.toBe(refreshToken);
      expect(decodeJwt(body.accessToken)).toMatchObject({ id, role: "customer" });
      expect(response.cookies.find((cookie) => cookie.name === "refreshToken")).toMatchObject({
        value: body.refreshToken,
        httpOnly: true,
      });
      expect((await refresh(body.refreshToken)).statusCode).toBe(200);
    });

    it("al reutilizar un token ya rotado revoca toda la familia, también el más reciente", async () => {
      const { refreshToken: first, id } = await register();
      const second = (await refresh(first)).json().refreshToken;
      const third = (await refresh(second)).json().refreshToken;
      // Replayed after the grace period that covers a page's concurrent refreshes.
      await api.db
        .update(refreshTokens)
        .set({ revokedAt: sql`now() - interval '1 minute'` })
        .where(and(eq(refreshTokens.userId, id), isNotNull(refreshTokens.replacedBy)));

      const replay = await refresh(first);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual(SESSION_EXPIRED);
      expect((await refresh(third)).statusCode).toBe(401);
    });

    it("dos renovaciones simultáneas con el mismo token mantienen la sesión; tras cerrarla, ninguna", async () => {
      const { refreshToken } = await register();
      const [one, other] = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
      expect([one.statusCode, other.statusCode]).toEqual([200, 200]);
      const siblings = [one.json().refreshToken, other.json().refreshToken];
      expect(siblings[0]).not.toBe(siblings[1]);
      expect((await refresh(siblings[1])).statusCode).toBe(200);

      const session = await register();
      const next = (await refresh(session.refreshToken)).json().refreshToken;
      await post("/logout", undefined, refreshCookie(next));
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    });

    it("responde 401 sin cookie, con un token desconocido o caducado", async () => {
      expect((await post("/refresh-token")).json()).toEqual(SESSION_EXPIRED);
      expect((await refresh("desconocido")).statusCode).toBe(401);
      const { refreshToken, id } = await register();
      await api.db
        .update(refreshTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(refreshTokens.userId, id));
      const expired = await refresh(refreshToken);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual(SESSION_EXPIRED);
    });

    it("guarda solo el hash del token", async () => {
      const { refreshToken, id } = await register();
      const rows = await api.db.select().from(refreshTokens).where(eq(refreshTokens.userId, id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(rows)).not.toContain(refreshToken);
    });
  });

  describe("cierre de sesión", () => {
    it("revoca la familia del token y borra la cookie", async () => {
      const { refreshToken } = await register();
      const rotated = (await refresh(refreshToken)).json().refreshToken;
      const response = await post("/logout", undefined, refreshCookie(rotated));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: "Sesión cerrada." });
      const cleared = response.cookies.find((cookie) => cookie.name === "refreshToken");
      expect(cleared?.value).toBe("");
      expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
      expect((await refresh(rotated)).statusCode).toBe(401);
    });

    it("los tokens de acceso de la sesión dejan de valer al cerrarla, también uno renovado justo antes", async () => {
      const { id, email, token, refreshToken } = await register();
      expect((await getProfile(id, token)).statusCode).toBe(200);
      // A page's background call refreshed the session just before the sign-out, which presents the
      // token the browser held when it was sent: the rotated one.
      const renewed = (await refresh(refreshToken)).json().accessToken;
      expect((await getProfile(id, renewed)).statusCode).toBe(200);
      const laptop = (await login(email, PASSWORD)).json().token;
      await post("/logout", undefined, refreshCookie(refreshToken));
      expect((await getProfile(id, token)).statusCode).toBe(401);
      expect((await getProfile(id, renewed)).statusCode).toBe(401);
      // Another device's session goes on.
      expect((await getProfile(id, laptop)).statusCode).toBe(200);
    });

    it("responde 200 también sin cookie", async () => {
      const response = await post("/logout");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: "Sesión cerrada." });
    });

    it("solo cierra la sesión de ese token, no las de otros dispositivos", async () => {
      const { email, refreshToken: phone } = await register();
      const laptop = (await login(email, PASSWORD)).json().refreshToken;
      await post("/logout", undefined, refreshCookie(phone));
      expect((await refresh(laptop)).statusCode).toBe(200);
    });
  });

  describe("perfil", () => {
    it("devuelve el perfil propio sin ningún hash ni token", async () => {
      const { id, token, email } = await register();
      const response = await getProfile(id, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        profileData: {
          _id: id,
          name: "Marta Ruiz",
          email,
          role: "customer",
          emailVerified: false,
          phone: null,
          address: { line: "", city: "", province: "", area: "", postCode: "" },
          image: null,
          imageUrl: null,
          hasPassword: true,
          region: "es",
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      });
      expectNoSecrets(response.body);
    });

    it("responde 403 al perfil de otro usuario, salvo a un administrador", async () => {
      const owner = await register();
      const other = await register();
      const forbidden = await getProfile(owner.id, other.token);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ message: "No tienes permiso para esta acción." });

      const admin = await insertUser(api.db, {
        email: uniqueEmail("admin"),
        role: "admin",
        passwordHash: await hashPassword(PASSWORD, TEST_PASSWORD_HASHING),
      });
      const adminToken = (await login(admin.email, PASSWORD)).json().token;
      const allowed = await getProfile(owner.id, adminToken);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().profileData._id).toBe(owner.id);
      expect((await getProfile(randomUUID(), adminToken)).statusCode).toBe(404);
    });

    it("actualiza nombre, teléfono y dirección; una cadena vacía borra el valor", async () => {
      const { id, token } = await register();
      const update = (payload: object) =>
        api.app.inject({ method: "PUT", url: "/user/profile/update", headers: bearer(token), payload });
      const first = await update({
        name: "Marta Ruiz Gil",
        phone: "+58 (212) 555-0101",
        address: {
          line: "Av. Principal 12",
          city: "Caracas",
          province: "Distrito Capital",
          area: "Chacao",
          postCode: "1060",
        },
        role: "admin",
        email: "cambio@example.com",
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        message: "Perfil actualizado.",
        profileData: {
          _id: id,
          name: "Marta Ruiz Gil",
          role: "customer",
          phone: "+58 (212) 555-0101",
          address: {
            line: "Av. Principal 12",
            city: "Caracas",
            province: "Distrito Capital",
            area: "Chacao",
            postCode: "1060",
          },
        },
      });
      expect(first.json().profileData.email).not.toBe("cambio@example.com");

      const second = await update({ name: "Marta Ruiz Gil", phone: "", address: { city: "", postCode: "1061" } });
      expect(second.json().profileData).toMatchObject({
        phone: null,
        address: { line: "Av. Principal 12", city: "", province: "Distrito Capital", area: "Chacao", postCode: "1061" },
      });

      for (const [payload, field] of [
        [{ name: "Marta", phone: "llámame" }, "phone"],
        [{ name: "Marta", phone: "123" }, "phone"],
        [{ name: "Marta", address: { postCode: "1234567890123" } }, "address.postCode"],
        [{ name: "Marta", address: { line: "x".repeat(161) } }, "address.line"],
        [{ phone: "1234567" }, "name"],
      ] as const) {
        const response = await update(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().errors[0].field).toBe(field);
      }
    });

    it("guarda la región elegida, la de las horas de sus correos; otra cualquiera se rechaza", async () => {
      const { id, token } = await register();
      expect((await getProfile(id, token)).json().profileData.region).toBe("es");
      const choose = (payload: unknown, headers: Record<string, string> = bearer(token)) =>
        api.app.inject({ method: "PUT", url: "/user/region", headers, payload: payload as object });
      const chosen = await choose({ region: "ve" });
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(chosen.json()).toEqual({ region: "ve" });
      expect((await getProfile(id, token)).json().profileData.region).toBe("ve");

      for (const payload of [{ region: "fr" }, { region: "" }, {}, { region: 1 }]) {
        const refused = await choose(payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
        expect(refused.json().errors[0]).toMatchObject({
          field: "region",
          message: "Elige España, Venezuela o Estados Unidos.",
        });
      }
      expect((await choose({ region: "us" }, {})).statusCode).toBe(401);
      expect((await getProfile(id, token)).json().profileData.region).toBe("ve");
    });

    it("sube la imagen de perfil comprobando el contenido", async () => {
      const { id, token } = await register();
      const upload = (content: Buffer, filename: string, field = "image") => {
        const boundary = `----limite${randomUUID()}`;
        const payload = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          content,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        return api.app.inject({
          method: "POST",
          url: "/user/profile/image/upload",
          headers: { ...bearer(token), "content-type": `multipart/form-data; boundary=${boundary}` },
          payload,
        });
      };
      const png = await sharp({ create: { width: 500, height: 500, channels: 3, background: "#d83a1f" } })
        .png()
        .toBuffer();
      const response = await upload(png, "yo.png");
      expect(response.statusCode, response.body).toBe(200);
      const imageId = response.json().profileData.image;
      expect(imageId).toMatch(/^[0-9a-f-]{36}$/);
      expect((await api.app.inject({ method: "GET", url: `/images/${imageId}/200.webp` })).statusCode).toBe(200);
      expect((await getProfile(id, token)).json().profileData.image).toBe(imageId);

      const replaced = await upload(png, "otra.png");
      expect(replaced.json().profileData.image).not.toBe(imageId);
      // The previous picture is deleted with the change.
      expect((await api.app.inject({ method: "GET", url: `/images/${imageId}/200.webp` })).statusCode).toBe(404);

      const fake = await upload(Buffer.from("esto no es una imagen"), "foto.png");
      expect(fake.statusCode).toBe(400);
      expect(fake.json()).toEqual({ message: "La imagen no es válida. Usa JPG, PNG o WebP." });

      const tooLarge = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1), "enorme.png");
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().message).toMatch(/5 MB/);

      expect((await upload(png, "yo.png", "foto")).statusCode).toBe(400);
      const notMultipart = await api.app.inject({
        method: "POST",
        url: "/user/profile/image/upload",
        headers: bearer(token),
        payload: { image: "x" },
      });
      expect(notMultipart.statusCode).toBe(400);
    });
  });

  describe("cambio de contraseña", () => {
    const changePassword = (token: string, payload: object, refreshToken?: string) =>
      api.app.inject({
        method: "PUT",
        url: "/user/change-password",
        headers: { ...bearer(token), ...(refreshToken ? refreshCookie(refreshToken) : {}) },
        payload,
      });

    it("cambia la contraseña, cierra las demás sesiones y mantiene la actual", async () => {
      // Tokens carry their second of issue: these come from an earlier second than the change.
      const {
        email,
        token,
        refreshToken: current,
        id,
        other,
        otherAccess,
      } = await issuedEarlier(async () => {
        const registered = await register();
        const { refreshToken, token } = (await login(registered.email, PASSWORD)).json();
        return { ...registered, other: refreshToken as string, otherAccess: token as string };
      });
      const response = await changePassword(token, { oldPassword: PASSWORD, newPassword: "Nueva2025" }, current);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: "Contraseña actualizada." });
      expect((await refresh(other)).statusCode).toBe(401);
      // The other session's access token stops at once, not when it expires.
      expect((await getProfile(id, otherAccess)).statusCode).toBe(401);
      const renewed = await refresh(current);
      expect(renewed.statusCode).toBe(200);
      expect((await getProfile(id, renewed.json().accessToken)).statusCode).toBe(200);
      expect((await login(email, PASSWORD)).statusCode).toBe(400);
      expect((await login(email, "Nueva2025")).statusCode).toBe(200);
    });

    it("rechaza una contraseña actual errónea indicando el campo", async () => {
      const { token, refreshToken } = await register();
      const response = await changePassword(token, { oldPassword: "Mala2024", newPassword: "Nueva2025" }, refreshToken);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: "La contraseña actual no es correcta.",
        errors: [{ field: "oldPassword", message: "La contraseña actual no es correcta." }],
      });
      expect((await refresh(refreshToken)).statusCode).toBe(200);
      const weak = await changePassword(token, { oldPassword: PASSWORD, newPassword: "corta" });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors[0].field).toBe("newPassword");
      // The password it already has: refused beside the new one, and the sessions stay.
      const same = await changePassword(token, { oldPassword: PASSWORD, newPassword: PASSWORD }, refreshToken);
      expect(same.statusCode).toBe(400);
      expect(same.json()).toEqual({
        message: SAME_PASSWORD,
        errors: [{ field: "newPassword", message: SAME_PASSWORD }],
      });
      expect((await refresh(refreshToken)).statusCode).toBe(200);
    });

    it("una cuenta de Google sin contraseña la crea sin dar la actual", async () => {
      const sub = randomUUID();
      const email = uniqueEmail("google");
      googleAccounts.set(`token-${sub}`, { sub, email, email_verified: true, name: "Gabriela Google" });
      const signedIn = (
        await api.app.inject({ method: "GET", url: "/user/google", headers: bearer(`token-${sub}`) })
      ).json();
      const response = await changePassword(signedIn.token, { newPassword: "Propia2025" }, signedIn.refreshToken);
      expect(response.statusCode).toBe(200);
      expect((await login(email, "Propia2025")).statusCode).toBe(200);
    });
  });

  describe("restablecer contraseña", () => {
    const FORGOT_ANSWER = {
      message: "Si el correo está registrado, recibirás un enlace para restablecer la contraseña.",
    };
    const BAD_RESET = { message: "El enlace para restablecer la contraseña no es válido o ha caducado." };

    async function requestReset(email: string) {
      const response = await post("/user/forgot-password", { email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(FORGOT_ANSWER);
      const mail = await waitForMail(email, "Restablecer");
      expect(mail.link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/changepassword\/[A-Za-z0-9_-]{43}$/);
      return mail.link.split("/").pop()!;
    }

    it("da la misma respuesta a un correo desconocido y no envía nada", async () => {
      const unknown = uniqueEmail("nadie");
      const { email } = await register();
      const forUnknown = await post("/user/forgot-password", { email: unknown });
      const forKnown = await post("/user/forgot-password", { email });
      expect(forUnknown.statusCode).toBe(200);
      expect(forKnown.statusCode).toBe(200);
      expect(forUnknown.body).toBe(forKnown.body);
      expect(forUnknown.json()).toEqual(FORGOT_ANSWER);
      await waitForMail(email, "Restablecer");
      expect(await mailsTo(unknown)).toEqual([]);
    });

    it("restablece la contraseña una sola vez, verifica el correo y cierra todas las sesiones", async () => {
      // Tokens carry their second of issue: these come from an earlier second than the reset.
      const { email, refreshToken, id, token: accessToken } = await issuedEarlier(register);
      const token = await requestReset(email);
      const check = await api.app.inject({ method: "GET", url: `/user/reset-password/${token}` });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ valid: true });

      const reset = await post("/user/reset-password", { token, password: "Recuperada2025" });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: "Contraseña restablecida. Ya puedes iniciar sesión." });
      expect((await refresh(refreshToken)).statusCode).toBe(401);
      // An access token issued before the reset stops at once, not when it expires.
      expect((await getProfile(id, accessToken)).statusCode).toBe(401);
      const signedIn = await login(email, "Recuperada2025");
      expect(signedIn.statusCode).toBe(200);
      expect((await getProfile(id, signedIn.json().token)).json().profileData.emailVerified).toBe(true);

      const reused = await post("/user/reset-password", { token, password: "OtraVez2025" });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual(BAD_RESET);
      const recheck = await api.app.inject({ method: "GET", url: `/user/reset-password/${token}` });
      expect(recheck.statusCode).toBe(400);
      expect(recheck.json()).toEqual(BAD_RESET);
    });

    it("rechaza un enlace caducado o inventado", async () => {
      const { email, id } = await register();
      const token = await requestReset(email);
      await api.db
        .update(accountTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(sql`${accountTokens.userId} = ${id} and ${accountTokens.purpose} = 'reset_password'`);
      expect((await api.app.inject({ method: "GET", url: `/user/reset-password/${token}` })).statusCode).toBe(400);
      const expired = await post("/user/reset-password", { token, password: "Recuperada2025" });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual(BAD_RESET);
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
      expect((await post("/user/reset-password", { token: "inventado", password: "Recuperada2025" })).json()).toEqual(
        BAD_RESET,
      );
    });
  });

  describe("Google", () => {
    const signIn = (accessToken?: string) =>
      api.app.inject({ method: "GET", url: "/user/google", headers: accessToken ? bearer(accessToken) : {} });

    it("crea una cuenta verificada sin contraseña y la reconoce la vez siguiente", async () => {
      const sub = randomUUID();
      const email = uniqueEmail("nuevo");
      googleAccounts.set("token-nuevo", {
        sub,
        email: email.toUpperCase(),
        email_verified: true,
        name: "Nuevo Google",
        picture: "https://example.com/p.jpg",
      });
      const first = await signIn("token-nuevo");
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        token: expect.any(String),
        refreshToken: expect.any(String),
        deviceToken: expect.stringMatching(DEVICE_TOKEN),
        message: "Sesión iniciada.",
      });
      const { id } = decodeJwt(first.json().token) as { id: string };
      const profile = (await getProfile(id, first.json().token)).json().profileData;
      expect(profile).toMatchObject({
        email,
        name: "Nuevo Google",
        role: "customer",
        emailVerified: true,
        hasPassword: false,
      });

      const second = await signIn("token-nuevo");
      expect(decodeJwt(second.json().token).id).toBe(id);
      expect(await api.db.select().from(users).where(eq(users.googleSub, sub))).toHaveLength(1);
    });

    it("una cuenta bloqueada no entra con Google: 403 con el motivo del bloqueo", async () => {
      const sub = randomUUID();
      googleAccounts.set(`token-${sub}`, { sub, email: uniqueEmail("bloqueada"), email_verified: true });
      const first = await signIn(`token-${sub}`);
      const { id } = decodeJwt(first.json().token) as { id: string };
      await api.db
        .update(users)
        .set({ blockedAt: new Date(), blockedReason: "Suplantación de identidad" })
        .where(eq(users.id, id));
      const refused = await signIn(`token-${sub}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: accountBlocked("Suplantación de identidad") });
    });

    it("el navegador que entró con Google lleva una cookie de dispositivo que vale para la contraseña de esa cuenta", async () => {
      const { email } = await register();
      googleAccounts.set("token-dispositivo", { sub: randomUUID(), email, email_verified: true });
      const shared = "203.0.113.90";
      const google = await api.app.inject({
        method: "GET",
        url: "/user/google",
        headers: { ...bearer("token-dispositivo"), "x-forwarded-for": shared },
      });
      expect(google.statusCode).toBe(200);
      const { deviceToken } = google.json<{ deviceToken: string }>();
      expect(google.cookies.find((cookie) => cookie.name === "deviceToken")?.value).toBe(deviceToken);
      // Others at the same address use up its 20 failures.
      for (let attempt = 1; attempt <= 20; attempt++)
        await post(
          "/user/login",
          { email: uniqueEmail("nadie"), password: "Adivina2024" },
          { "x-forwarded-for": shared },
        );

      expect((await login(email, PASSWORD, { "x-forwarded-for": shared })).statusCode).toBe(429);
      const withDevice = await login(email, PASSWORD, {
        "x-forwarded-for": shared,
        cookie: `deviceToken=${deviceToken}`,
      });
      expect(withDevice.statusCode, withDevice.body).toBe(200);
    });

    it("vincula una cuenta existente con el mismo correo y la marca verificada", async () => {
      const { email, id } = await register();
      const sub = randomUUID();
      googleAccounts.set("token-vincular", { sub, email, email_verified: "true", name: "Otro Nombre" });
      const response = await signIn("token-vincular");
      expect(response.statusCode).toBe(200);
      expect(decodeJwt(response.json().token).id).toBe(id);
      const [row] = await api.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({ googleSub: sub, name: "Marta Ruiz" });
      expect(row!.emailVerifiedAt).not.toBeNull();
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
    });

    it("responde 401 a un token que Google rechaza, emitido para otra web, sin correo o con el correo sin verificar", async () => {
      googleAccounts.set("token-sin-verificar", { sub: randomUUID(), email: uniqueEmail(), email_verified: false });
      googleAccounts.set("token-sin-correo", { sub: randomUUID(), email: "", email_verified: true });
      // A valid Google token, but issued to another site: replayed here, it must not sign anyone in.
      googleAccounts.set("token-de-otra-web", {
        sub: randomUUID(),
        email: uniqueEmail(),
        email_verified: true,
        clientId: "otra-web",
      });
      for (const accessToken of [
        "token-desconocido",
        "token-sin-verificar",
        "token-sin-correo",
        "token-de-otra-web",
        undefined,
      ]) {
        const response = await signIn(accessToken);
        expect(response.statusCode, String(accessToken)).toBe(401);
        expect(response.json()).toEqual({ message: "No se pudo verificar la cuenta de Google." });
      }
    });
  });
});
