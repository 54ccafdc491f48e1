import { randomUUID } from "node:crypto";
import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../api/src/app";
import { openDatabase, type Database } from "../../api/src/db/client";
import { rateLimitCounters } from "../../api/src/db/schema";
import { hashPassword } from "../../api/src/modules/accounts/password";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { insertUser, TEST_PASSWORD_HASHING, testConfig, useTestApi } from "./support";

const PASSWORD = "Padel2024";
const TOO_MANY = { message: "Has superado el límite de intentos. Intenta de nuevo más tarde." };
const BAD_CREDENTIALS = { message: "Email o contraseña incorrecto." };
const WINDOW_SECONDS = 15 * 60;

/** A different made-up X-Forwarded-For on every request, as an attacker would send. */
const spoofedForwardedFor = () => `${randomByte()}.${randomByte()}.${randomByte()}.${randomByte()}`;
const randomByte = () => Math.floor(Math.random() * 256);

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, TEST_PASSWORD_HASHING);
});

function loginFrom(
  app: App,
  remoteAddress: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: "POST", url: "/user/login", remoteAddress, headers, payload: { email, password } });
}

describe("límite de intentos de inicio de sesión", () => {
  const api = useTestApi();

  const newUser = async () =>
    (await insertUser(api.db, { email: `limite-${randomUUID()}@example.com`, passwordHash })).email;

  it("tras 5 fallos del mismo correo y dirección responde 429 con Retry-After, aunque falsee X-Forwarded-For", async () => {
    const email = await newUser();
    const attacker = "203.0.113.7";
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await loginFrom(api.app, attacker, email, `Mala${attempt}x`, {
        "x-forwarded-for": spoofedForwardedFor(),
      });
      expect(response.statusCode, `intento ${attempt}`).toBe(400);
      expect(response.json()).toEqual(BAD_CREDENTIALS);
    }
    const blocked = await loginFrom(api.app, attacker, email, "Mala6x", { "x-forwarded-for": spoofedForwardedFor() });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 30);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);

    // Not even the right password gets through while the window lasts.
    const rightPassword = await loginFrom(api.app, attacker, email, PASSWORD, {
      "x-forwarded-for": spoofedForwardedFor(),
    });
    expect(rightPassword.statusCode).toBe(429);
    // The owner, from their own address, is not locked out by someone else's guesses.
    expect((await loginFrom(api.app, "192.0.2.50", email, PASSWORD)).statusCode).toBe(200);
  });

  it("tras 20 fallos desde una dirección responde 429 para cualquier correo", async () => {
    const attacker = "203.0.113.8";
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await loginFrom(api.app, attacker, `victima-${attempt}@example.com`, "Mala2024", {
        "x-forwarded-for": spoofedForwardedFor(),
      });
      expect(response.statusCode, `intento ${attempt}`).toBe(400);
    }
    const email = await newUser();
    const blocked = await loginFrom(api.app, attacker, email, PASSWORD, { "x-forwarded-for": spoofedForwardedFor() });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await loginFrom(api.app, "203.0.113.9", email, PASSWORD)).statusCode).toBe(200);
  });

  it("un acierto borra el contador de ese correo y dirección", async () => {
    const email = await newUser();
    const address = "203.0.113.20";
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await loginFrom(api.app, address, email, "Mala2024")).statusCode).toBe(400);
    expect((await loginFrom(api.app, address, email, PASSWORD)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await loginFrom(api.app, address, email, "Mala2024")).statusCode).toBe(400);
    expect((await loginFrom(api.app, address, email, PASSWORD)).statusCode).toBe(200);
  });

  it("cuenta aparte a cada cliente que reenvía la web (proxy de confianza en loopback)", async () => {
    const email = await newUser();
    const viaWeb = (client: string, password: string) =>
      loginFrom(api.app, "127.0.0.1", email, password, { "x-forwarded-for": client });
    for (let attempt = 1; attempt <= 5; attempt++)
      expect((await viaWeb("198.51.100.201", "Mala2024")).statusCode).toBe(400);
    expect((await viaWeb("198.51.100.201", PASSWORD)).statusCode).toBe(429);
    expect((await viaWeb("198.51.100.202", PASSWORD)).statusCode).toBe(200);
  });

  it("Retry-After cuenta los segundos hasta que acaba la ventana, y al acabar se puede volver a intentar", async () => {
    const email = await newUser();
    const address = "203.0.113.30";
    for (let attempt = 1; attempt <= 5; attempt++) await loginFrom(api.app, address, email, "Mala2024");
    const counterKeys = like(rateLimitCounters.key, `%${address}%`);
    await api.db
      .update(rateLimitCounters)
      .set({ windowStartedAt: sql`now() - interval '14 minutes'` })
      .where(counterKeys);
    const blocked = await loginFrom(api.app, address, email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);

    await api.db
      .update(rateLimitCounters)
      .set({ windowStartedAt: sql`now() - interval '15 minutes 1 second'` })
      .where(counterKeys);
    expect((await loginFrom(api.app, address, email, PASSWORD)).statusCode).toBe(200);
  });

  it("no deja pasar más de 5 intentos enviados a la vez", async () => {
    const email = await newUser();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, attempt) => loginFrom(api.app, "203.0.113.40", email, `Mala${attempt}x`)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
});

/**
 * pg's Pool.end() resolves before its connections have closed; a server stopped at that moment
 * kills them and pg reports it as an uncaught error. Waits until only this check is connected.
 */
describe("límite de intentos compartido entre dos instancias de la API en PostgreSQL", () => {
  let postgres: TestDatabase;
  let databases: Database[] = [];
  let apps: App[] = [];

  beforeAll(async () => {
    postgres = await createTestDatabase();
    // Each instance has its own connection pool, as two API processes would.
    databases = await Promise.all([0, 1].map(() => openDatabase({ databaseUrl: postgres.url, dataDir: ":memory:" })));
    await databases[0]!.migrate();
    apps = await Promise.all(databases.map((database) => buildApp({ db: database.db, config: testConfig() })));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((database) => database.close()));
    await postgres?.drop();
  });

  it("los fallos en una instancia cuentan en la otra", async () => {
    const { email } = await insertUser(databases[0]!.db, {
      email: `compartido-${randomUUID()}@example.com`,
      passwordHash,
    });
    const attacker = "203.0.113.77";
    for (let attempt = 1; attempt <= 5; attempt++) {
      const app = apps[attempt % 2]!;
      const response = await loginFrom(app, attacker, email, "Mala2024", { "x-forwarded-for": spoofedForwardedFor() });
      expect(response.statusCode, `intento ${attempt}`).toBe(400);
    }
    for (const app of apps) {
      const blocked = await loginFrom(app, attacker, email, PASSWORD, { "x-forwarded-for": spoofedForwardedFor() });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(TOO_MANY);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(WINDOW_SECONDS - 30);
    }
  });

  it("intentos simultáneos repartidos entre las dos instancias no superan el límite", async () => {
    const { email } = await insertUser(databases[0]!.db, {
      email: `paralelo-${randomUUID()}@example.com`,
      passwordHash,
    });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, attempt) =>
        loginFrom(apps[attempt % 2]!, "203.0.113.78", email, `Mala${attempt}x`),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
});
