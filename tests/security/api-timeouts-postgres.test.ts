import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../api/src/app";
import { DEFAULT_DATABASE_TIMEOUTS } from "../../api/src/config";
import { openDatabase, type DatabaseTimeouts } from "../../api/src/db/client";
import { openTestDatabase } from "../support/databases";
import { expectBusy, timed } from "./busy-answers";
import { insertBlogPost, insertCatalogue, testConfig, useTestApi } from "../api/support";

/**
 * Issue 9, item 3: a 45 s lock on `products` made every catalogue request wait 45 s, and `/contact`
 * (which never touches products) hung too, the 10-connection pool being full. Now PostgreSQL's
 * lock and statement timeouts, the pool's wait and Fastify's own limit answer 503 with Retry-After
 * and a Spanish message within seconds, and the connections go back to the pool.
 */

const CONTACT = {
  name: "Lucía Pérez",
  email: "lucia@example.com",
  subject: "Consulta",
  message: "¿Tienen la pala en tienda física?",
};

describe("seguridad: una base de datos bloqueada responde 503 en segundos (PostgreSQL)", () => {
  // The production pool (DATABASE_POOL_SIZE) and timeouts.
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 10, timeouts: DEFAULT_DATABASE_TIMEOUTS });
  const lockHolders: pg.Client[] = [];

  beforeAll(async () => {
    await insertCatalogue(api.db);
    await insertBlogPost(api.db, { slug: "como-elegir-pala", title: "Cómo elegir pala" });
  });

  afterAll(async () => {
    for (const client of lockHolders) await client.end().catch(() => undefined);
  });

  /** Another connection takes `products` (ACCESS EXCLUSIVE, as a migration would) for up to 30 s. */
  async function lockProducts() {
    const client = new pg.Client({ connectionString: api.databaseUrl });
    lockHolders.push(client);
    await client.connect();
    await client.query("begin");
    await client.query("lock table products in access exclusive mode");
    const timer = setTimeout(() => void client.query("rollback").catch(() => undefined), 30_000);
    return {
      /** Requests of this database now waiting for a lock. */
      async waiting(): Promise<number> {
        // Inside a transaction the activity view is a snapshot unless cleared.
        await client.query("select pg_stat_clear_snapshot()");
        const { rows } = await client.query<{ waiting: number }>(
          "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        return rows[0]!.waiting;
      },
      async release() {
        clearTimeout(timer);
        await client.query("rollback");
        await client.end();
      },
    };
  }

  async function until(condition: () => Promise<boolean>, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error("la condición no se cumplió a tiempo");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("con products bloqueada, el catálogo responde 503 con Retry-After en segundos y /contact, /blog-posts y /ready siguen respondiendo", async () => {
    const lock = await lockProducts();
    try {
      // Six catalogue calls need twelve connections (list and count run side by side): the pool of
      // ten fills up and two wait, as in the incident.
      const catalogue = Array.from({ length: 6 }, () =>
        timed(api.app.inject({ method: "GET", url: "/home/query-products" })),
      );
      await until(async () => (await lock.waiting()) >= 10);
      const contact = timed(api.app.inject({ method: "POST", url: "/contact", payload: CONTACT }));

      for (const { response, ms } of await Promise.all(catalogue)) {
        expectBusy(response);
        // The lock timeout, after at most the pool's wait: far inside the web's 10 s.
        expect(ms).toBeLessThan(DEFAULT_DATABASE_TIMEOUTS.lockMs + DEFAULT_DATABASE_TIMEOUTS.poolMs + 1500);
      }
      const sent = await contact;
      expect(sent.response.statusCode, sent.response.body).toBe(201);
      expect(sent.ms).toBeLessThan(DEFAULT_DATABASE_TIMEOUTS.poolMs + 1000);

      // The lock is still held, yet nothing is left waiting on it past the lock timeout (a
      // background sweep of the API may be waiting its own turn, briefly); calls that do not touch
      // products answer at once.
      await until(async () => (await lock.waiting()) === 0, DEFAULT_DATABASE_TIMEOUTS.lockMs + 1000);
      const blog = await timed(api.app.inject({ method: "GET", url: "/blog-posts" }));
      expect(blog.response.statusCode).toBe(200);
      expect(blog.ms).toBeLessThan(1000);
      const ready = await timed(api.app.inject({ method: "GET", url: "/ready" }));
      expect(ready.response.statusCode).toBe(200);
      expect(ready.response.json()).toEqual({ ok: true });
      const product = await timed(api.app.inject({ method: "GET", url: "/home/get-product/pala-bullpadel-vertex-04" }));
      expectBusy(product.response);
    } finally {
      await lock.release();
    }
    expect((await api.app.inject({ method: "GET", url: "/home/query-products" })).statusCode).toBe(200);
  });

  /** The same database behind an API with other limits. */
  async function apiWith(
    timeouts: DatabaseTimeouts,
    options: { poolSize?: number; requestTimeoutSeconds?: number } = {},
  ) {
    const database = await openDatabase({
      databaseUrl: api.databaseUrl,
      dataDir: ":memory:",
      poolSize: options.poolSize ?? 10,
      timeouts,
    });
    const app = await buildApp({
      db: database.db,
      config: testConfig(options.requestTimeoutSeconds ? { requestTimeoutSeconds: options.requestTimeoutSeconds } : {}),
    });
    await app.ready();
    return {
      app,
      database,
      async close() {
        await app.close();
        await database.close();
      },
    };
  }

  it("statement_timeout también acota la espera: 503 (57014) cuando llega antes que lock_timeout", async () => {
    const other = await apiWith({ statementMs: 500, lockMs: 60_000, poolMs: 3000 });
    const lock = await lockProducts();
    try {
      const { response, ms } = await timed(
        other.app.inject({ method: "GET", url: "/home/get-product/pala-bullpadel-vertex-04" }),
      );
      expectBusy(response);
      expect(ms).toBeLessThan(2000);
    } finally {
      await lock.release();
      await other.close();
    }
  });

  it("sin conexión libre en el tiempo de espera del pool, la petición responde 503 en vez de esperar", async () => {
    const other = await apiWith({ statementMs: 60_000, lockMs: 60_000, poolMs: 500 }, { poolSize: 2 });
    const lock = await lockProducts();
    try {
      // One catalogue call takes both connections and waits for the lock as long as it lasts.
      const stuck = other.app.inject({ method: "GET", url: "/home/query-products" });
      await until(async () => (await lock.waiting()) >= 2);
      const { response, ms } = await timed(other.app.inject({ method: "GET", url: "/blog-posts" }));
      expectBusy(response);
      expect(ms).toBeLessThan(2000);
      await lock.release();
      expect((await stuck).statusCode).toBe(200);
    } finally {
      await lock.release().catch(() => undefined);
      await other.close();
    }
  });

  it("el límite de tiempo de Fastify responde 503 a una petición retenida más de API_REQUEST_TIMEOUT_SECONDS", async () => {
    const other = await apiWith({ statementMs: 60_000, lockMs: 60_000, poolMs: 60_000 }, { requestTimeoutSeconds: 1 });
    const lock = await lockProducts();
    try {
      const { response, ms } = await timed(
        other.app.inject({ method: "GET", url: "/home/get-product/pala-bullpadel-vertex-04" }),
      );
      expectBusy(response);
      expect(ms).toBeGreaterThanOrEqual(900);
      expect(ms).toBeLessThan(3000);
    } finally {
      await lock.release();
      await other.close();
    }
  });

  it("/ready responde 200 con la base de datos y 503 con Retry-After cuando está cerrada; /health sigue respondiendo", async () => {
    const other = await apiWith(DEFAULT_DATABASE_TIMEOUTS);
    try {
      expect((await other.app.inject({ method: "GET", url: "/ready" })).json()).toEqual({ ok: true });
      await other.database.close();
      const { response, ms } = await timed(other.app.inject({ method: "GET", url: "/ready" }));
      expectBusy(response);
      expect(ms).toBeLessThan(3000);
      const health = await other.app.inject({ method: "GET", url: "/health" });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ ok: true });
    } finally {
      await other.app.close();
    }
  });
});

describe("seguridad: /ready con PGlite", () => {
  it("responde 200 con la base de datos abierta y 503 cuando está cerrada", async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ db: database.db, config: testConfig() });
    try {
      const ready = await app.inject({ method: "GET", url: "/ready" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ ok: true });
      await database.close();
      expectBusy(await app.inject({ method: "GET", url: "/ready" }));
      expect((await app.inject({ method: "GET", url: "/health" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
