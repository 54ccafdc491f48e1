import { randomUUID } from "node:crypto";
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
