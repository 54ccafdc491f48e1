import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_ATTEMPTS } from "#contract/accounts";
import { TOO_MANY_REQUESTS } from "#contract/messages";
import { buildApp, type App } from "../../api/src/app";
import { DEFAULT_RATE_LIMITS } from "../../api/src/config";
import { openDatabase, type Database } from "../../api/src/db/client";
import { hashPassword } from "../../api/src/modules/accounts/password";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { insertUser, TEST_PASSWORD_HASHING, testConfig } from "../api/support";

/**
 * Issue 9, items 4 and 7: the limits live in the database, so two API instances on one PostgreSQL
 * (each with its own connection pool, as two processes would) count together, also when the
 * requests arrive at the same time. Production defaults.
 */
describe("seguridad: límites compartidos entre dos instancias de la API en PostgreSQL", () => {
  let postgres: TestDatabase;
  let databases: Database[] = [];
  let apps: App[] = [];

  beforeAll(async () => {
    postgres = await createTestDatabase();
    databases = await Promise.all(
      [0, 1].map(() => openDatabase({ databaseUrl: postgres.url, dataDir: ":memory:", poolSize: 5 })),
    );
    await databases[0]!.migrate();
    apps = await Promise.all(
      databases.map((database) =>
        buildApp({ db: database.db, config: testConfig({ rateLimits: DEFAULT_RATE_LIMITS }) }),
      ),
    );
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((database) => database.close()));
    await postgres?.drop();
  });

  it("los fallos contra una cuenta desde muchas direcciones, repartidos entre instancias, topan con un solo límite", async () => {
    const { email } = await insertUser(databases[0]!.db, {
      email: `compartida-${randomUUID()}@example.com`,
      passwordHash: await hashPassword("Padel2024", TEST_PASSWORD_HASHING),
    });
    const limit = DEFAULT_RATE_LIMITS.login.perAccount;
    const responses = await Promise.all(
      Array.from({ length: limit + 10 }, (_, attempt) =>
        apps[attempt % 2]!.inject({
          method: "POST",
          url: "/user/login",
          headers: { "x-forwarded-for": `198.51.100.${attempt + 1}` },
          payload: { email, password: `Adivina-${attempt}` },
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 400)).toHaveLength(limit);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(10);
    for (const response of refused) {
      expect(response.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  it("un aluvión de mensajes de contacto repartido entre instancias guarda solo los del límite", async () => {
    const limit = DEFAULT_RATE_LIMITS.contact.perAddress;
    const responses = await Promise.all(
      Array.from({ length: limit + 20 }, (_, index) =>
        apps[index % 2]!.inject({
          method: "POST",
          url: "/contact",
          headers: { "x-forwarded-for": "203.0.113.99" },
          payload: {
            name: "Remitente",
            email: "remitente@example.com",
            subject: "Consulta",
            message: "Una consulta sobre las palas.",
          },
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(limit);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(20);
    expect(refused[0]!.json()).toEqual({ message: TOO_MANY_REQUESTS.contact });
    expect(Number(refused[0]!.headers["retry-after"])).toBeGreaterThan(0);
  });
});
