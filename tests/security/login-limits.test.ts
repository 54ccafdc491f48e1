import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_ATTEMPTS } from "#contract/accounts";
import { DEFAULT_RATE_LIMITS } from "../../api/src/config";
import { hashPassword } from "../../api/src/modules/accounts/password";
import { LOGIN_WINDOW_SECONDS } from "../../api/src/rate-limit";
import { insertUser, TEST_PASSWORD_HASHING, useTestApi } from "../api/support";

/**
 * Issue 9, item 4: from 40 addresses, 200 passwords were tried against one account in one window,
 * since the limits counted per address and per address and e-mail only. Every request arrives as
 * the web sends it: from its trusted proxy (127.0.0.1) with the shopper's address in X-Forwarded-For.
 * The limits are the production defaults.
 */
const PASSWORD = "Padel2024";
const LIMITS = DEFAULT_RATE_LIMITS.login;

describe("seguridad: límite de inicio de sesión por cuenta, desde cualquier dirección", () => {
  const api = useTestApi({ config: { rateLimits: DEFAULT_RATE_LIMITS } });
  let passwordHash: string;

  beforeAll(async () => {
    passwordHash = await hashPassword(PASSWORD, TEST_PASSWORD_HASHING);
  });

  const newAccount = async (label: string) =>
    (await insertUser(api.db, { email: `${label}-${randomUUID()}@example.com`, passwordHash })).email;
  /** A login forwarded by the web for the shopper at `address`. */
  const loginFrom = (address: string, email: string, password: string) =>
    api.app.inject({
      method: "POST",
      url: "/user/login",
      headers: { "x-forwarded-for": address },
      payload: { email, password },
    });

  function expectTooMany(response: Awaited<ReturnType<typeof loginFrom>>) {
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    const retryAfter = Number(response.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_WINDOW_SECONDS);
  }

  it("200 contraseñas desde 40 direcciones: solo se comprueban las del límite de la cuenta, y otra cuenta sigue entrando", async () => {
    const victim = await newAccount("victima");
    const statuses: number[] = [];
    for (let address = 1; address <= 40; address++) {
      for (let attempt = 1; attempt <= 5; attempt++) {
        const response = await loginFrom(`198.51.100.${address}`, victim, `Adivina-${address}-${attempt}`);
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expectTooMany(response);
      }
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(LIMITS.perAccount);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - LIMITS.perAccount);
    expect(statuses.slice(0, LIMITS.perAccount).every((status) => status === 400)).toBe(true);

    // Not even the right password gets through from an address the account never used.
    expectTooMany(await loginFrom("198.51.100.41", victim, PASSWORD));
    // Another account signs in, from a fresh address and from one the attacker used.
    const other = await newAccount("otra");
    expect((await loginFrom("203.0.113.200", other, PASSWORD)).statusCode).toBe(200);
    expect((await loginFrom("198.51.100.40", other, PASSWORD)).statusCode).toBe(200);
  });

  it("el dueño sigue entrando desde una dirección donde ya inició sesión; desde una nueva, espera a que acabe la ventana", async () => {
    const owner = await newAccount("duena");
    const home = "192.0.2.10";
    expect((await loginFrom(home, owner, PASSWORD)).statusCode).toBe(200);
    for (let address = 1; address <= LIMITS.perAccount + 5; address++)
      await loginFrom(`198.51.101.${address}`, owner, "Adivina-2024");
    expectTooMany(await loginFrom("198.51.101.200", owner, PASSWORD));

    expect((await loginFrom(home, owner, PASSWORD)).statusCode).toBe(200);
    expectTooMany(await loginFrom("192.0.2.11", owner, PASSWORD));
    // The known address keeps only its own few tries: guessing from it is no way around the limit.
    for (let attempt = 1; attempt <= LIMITS.perAddressAndAccount; attempt++) {
      expect((await loginFrom(home, owner, `Adivina-${attempt}`)).statusCode, `intento ${attempt}`).toBe(400);
    }
    expectTooMany(await loginFrom(home, owner, PASSWORD));
  });

  it("los intentos que una dirección ya no puede hacer no cuentan contra la cuenta: una sola dirección no la bloquea", async () => {
    const owner = await newAccount("bloqueo");
    for (let attempt = 1; attempt <= 60; attempt++) await loginFrom("198.51.102.1", owner, `Adivina-${attempt}`);
    expect((await loginFrom("192.0.2.20", owner, PASSWORD)).statusCode).toBe(200);
  });

  it("los límites por dirección siguen: 5 fallos de un correo y 20 de una dirección", async () => {
    const email = await newAccount("direccion");
    for (let attempt = 1; attempt <= LIMITS.perAddressAndAccount; attempt++) {
      expect((await loginFrom("198.51.103.1", email, `Adivina-${attempt}`)).statusCode, `intento ${attempt}`).toBe(400);
    }
    expectTooMany(await loginFrom("198.51.103.1", email, PASSWORD));
    expect((await loginFrom("198.51.103.2", email, PASSWORD)).statusCode).toBe(200);

    for (let attempt = 1; attempt <= LIMITS.perAddress; attempt++) {
      expect(
        (await loginFrom("198.51.103.3", `nadie-${attempt}@example.com`, "Adivina-2024")).statusCode,
        `intento ${attempt}`,
      ).toBe(400);
    }
    expectTooMany(await loginFrom("198.51.103.3", email, PASSWORD));
  });

  it("las direcciones de una misma red IPv6 /64 cuentan como una sola", async () => {
    const email = await newAccount("ipv6");
    for (let attempt = 1; attempt <= LIMITS.perAddressAndAccount; attempt++) {
      expect(
        (await loginFrom(`2001:db8:4:4::${attempt.toString(16)}`, email, `Adivina-${attempt}`)).statusCode,
        `intento ${attempt}`,
      ).toBe(400);
    }
    expectTooMany(await loginFrom("2001:db8:4:4:ffff::1", email, PASSWORD));
    expect((await loginFrom("2001:db8:4:5::1", email, PASSWORD)).statusCode).toBe(200);
  });
});

/**
 * Issue 31, item 10: one address shared by many people (an office, a campus, a carrier's NAT) used up
 * its 20 failures, and the owner's browser that had signed in there before was refused the right
 * password too. A browser that signed in carries a device cookie naming the account (OWASP's device
 * cookies); with it the address's limits give way to the device's own few failures.
 */
describe("seguridad: la cookie de dispositivo de un navegador que ya inició sesión", () => {
  const api = useTestApi({ config: { rateLimits: DEFAULT_RATE_LIMITS } });
  let passwordHash: string;

  beforeAll(async () => {
    passwordHash = await hashPassword(PASSWORD, TEST_PASSWORD_HASHING);
  });

  const newAccount = async (label: string) =>
    (await insertUser(api.db, { email: `${label}-${randomUUID()}@example.com`, passwordHash })).email;
  /** A login forwarded by the web for the shopper at `address`, with the browser's device cookie if it has one. */
  const loginFrom = (address: string, email: string, password: string, deviceToken?: string) =>
    api.app.inject({
      method: "POST",
      url: "/user/login",
      headers: { "x-forwarded-for": address },
      ...(deviceToken === undefined ? {} : { cookies: { deviceToken } }),
      payload: { email, password },
    });

  function expectTooMany(response: LightMyRequestResponse) {
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
  }

  /** Signs in from `address` and gives the device token the browser keeps. */
  async function signedInDevice(address: string, email: string): Promise<string> {
    const response = await loginFrom(address, email, PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const { deviceToken } = response.json<{ deviceToken?: string }>();
    expect(deviceToken).toEqual(expect.any(String));
    return deviceToken!;
  }

  /** Uses up the address's 20 failures with guesses at accounts that do not exist. */
  async function exhaustAddress(address: string) {
    for (let attempt = 1; attempt <= LIMITS.perAddress; attempt++) {
      expect(
        (await loginFrom(address, `nadie-${attempt}-${randomUUID()}@example.com`, "Adivina-2024")).statusCode,
      ).toBe(400);
    }
  }

  it("el inicio de sesión pone una cookie de dispositivo httpOnly, SameSite=Lax, de un año", async () => {
    const email = await newAccount("cookie");
    const response = await loginFrom("192.0.2.30", email, PASSWORD);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((candidate) => candidate.name === "deviceToken");
    expect(cookie).toMatchObject({
      value: response.json().deviceToken,
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      maxAge: 365 * 24 * 60 * 60,
    });
  });

  it("tras 20 fallos desde una dirección, el navegador que ya inició sesión allí entra; sin la cookie, 429", async () => {
    const shared = "198.51.104.1";
    const owner = await newAccount("oficina");
    const device = await signedInDevice(shared, owner);
    await exhaustAddress(shared);

    expectTooMany(await loginFrom(shared, owner, PASSWORD));
    // A mistyped password is answered as such, not with the address's lock.
    expect((await loginFrom(shared, owner, "Adivina-2024", device)).statusCode).toBe(400);
    const signedIn = await loginFrom(shared, owner, PASSWORD, device);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // Each sign-in renews the device cookie, and the renewed one works too.
    const renewed = signedIn.json<{ deviceToken: string }>().deviceToken;
    expect(renewed).not.toBe(device);
    expect((await loginFrom(shared, owner, PASSWORD, renewed)).statusCode).toBe(200);
    // The address stays locked for everyone else.
    expectTooMany(await loginFrom(shared, await newAccount("vecina"), PASSWORD));
  });

  it("una cookie falsificada, de otra cuenta o que no es una cookie de dispositivo no libra del límite", async () => {
    const shared = "198.51.104.2";
    const owner = await newAccount("duena-cookie");
    const other = await newAccount("otra-cookie");
    const device = await signedInDevice(shared, owner);
    const othersDevice = await signedInDevice("192.0.2.31", other);
    await exhaustAddress(shared);

    const flipped = `${device.slice(0, -1)}${device.endsWith("A") ? "B" : "A"}`;
    const [nonce, , mac] = device.split(".");
    const longerLife = `${nonce}.${Math.floor(Date.now() / 1000) + 10 * 365 * 24 * 60 * 60}.${mac}`;
    for (const forged of [flipped, longerLife, othersDevice, "", "dispositivo", `${device}.${device}`])
      expectTooMany(await loginFrom(shared, owner, PASSWORD, forged));
    // The other account's own device still works for that account.
    expect((await loginFrom(shared, other, PASSWORD, othersDevice)).statusCode).toBe(200);
  });

  it("un dispositivo tiene sus propios 5 fallos; pasados, pierde la exención y vale el límite de la dirección", async () => {
    const shared = "198.51.104.3";
    const owner = await newAccount("dispositivo");
    const device = await signedInDevice(shared, owner);
    await exhaustAddress(shared);

    for (let attempt = 1; attempt <= LIMITS.perDevice; attempt++) {
      const response = await loginFrom(shared, owner, `Adivina-${attempt}`, device);
      expect(response.statusCode, `intento ${attempt}`).toBe(400);
    }
    expectTooMany(await loginFrom(shared, owner, PASSWORD, device));
    // Without the exemption the device is one more browser: from an address with tries left it signs in.
    expect((await loginFrom("192.0.2.32", owner, PASSWORD, device)).statusCode).toBe(200);
  });

  it("los fallos con la cookie cuentan contra la cuenta, y un dispositivo de confianza entra aun con la cuenta bloqueada", async () => {
    const owner = await newAccount("cuenta-bloqueada");
    const device = await signedInDevice("192.0.2.33", owner);
    // Four failures with the device, then guesses from many addresses until the account is locked.
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await loginFrom("203.0.113.60", owner, `Adivina-${attempt}`, device)).statusCode).toBe(400);
    const statuses: number[] = [];
    for (let address = 1; address <= LIMITS.perAccount; address++)
      statuses.push((await loginFrom(`198.51.105.${address}`, owner, "Adivina-2024")).statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(LIMITS.perAccount - 4);
    expectTooMany(await loginFrom("203.0.113.61", owner, PASSWORD));

    // The owner's browser, from an address the account never used, still signs in within its own limit.
    expect((await loginFrom("203.0.113.62", owner, PASSWORD, device)).statusCode).toBe(200);
  });
});
