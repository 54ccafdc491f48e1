import { Writable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../api/src/app";
import { DEFAULT_DATABASE_TIMEOUTS } from "../../api/src/config";
import type { Database } from "../../api/src/db/client";
import { openTestDatabase } from "../support/databases";
import { expectBusy, timed } from "./busy-answers";
import { startPostgres, type PostgresCluster } from "../support/postgres";
import { insertCatalogue, testConfig } from "../api/support";

/**
 * Issue 31, item 8: with PostgreSQL stopped the API answered 500 (a refused connection was no
 * error it mapped to 503), and with PostgreSQL frozen a request already waiting on it waited out
 * the whole stall (Fastify's 30 s), since PostgreSQL's own time limits run inside the frozen server.
 * Now both answer 503 with Retry-After and the Spanish message within the web's 10 s, are logged
 * with their error, and the API serves again once the database is back. A server of this file's
 * own, since it is frozen and shut down.
 */

/** The web gives up on a call after this long (API_CALL_TIMEOUT_MS): the API must answer first. */
const WEB_CALL_LIMIT_MS = 10_000;

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("la condición no se cumplió a tiempo");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("seguridad: PostgreSQL parado o congelado responde 503 en segundos (PostgreSQL)", () => {
  let cluster: PostgresCluster;
  let database: Database;
  let app: App;
  const logged: { level: number; reqId?: string; err?: { message?: string } }[] = [];
  const others: pg.Client[] = [];

  beforeAll(async () => {
    cluster = await startPostgres();
    // The production pool and limits.
    database = await openTestDatabase({ databaseUrl: cluster.url, poolSize: 10, timeouts: DEFAULT_DATABASE_TIMEOUTS });
    await insertCatalogue(database.db);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp({ db: database.db, config: testConfig(), log: { stream } });
    await app.ready();
  });

  afterAll(async () => {
    for (const client of others) await client.end().catch(() => undefined);
    await app?.close();
    await database?.close();
    await cluster?.stop();
  });

  /** A connection of the test's own, whose loss with the server is expected. */
  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: cluster.url });
    client.on("error", () => undefined);
    others.push(client);
    await client.connect();
    return client;
  }

  /** Another connection takes `table` (ACCESS EXCLUSIVE, as a migration would) until released. */
  async function lock(table: string) {
    const client = await connect();
    await client.query("begin");
    await client.query(`lock table ${table} in access exclusive mode`);
    return {
      async release() {
        await client.query("rollback").catch(() => undefined);
      },
    };
  }

  /** Sessions of the API's database in the given state (`Lock` waits, or left inside a transaction). */
  async function sessions(watcher: pg.Client, where: "waiting" | "in-transaction"): Promise<number> {
    const condition =
      where === "waiting"
        ? "wait_event_type = 'Lock'"
        : "state like 'idle in transaction%' and pid <> pg_backend_pid()";
    const { rows } = await watcher.query<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity where datname = current_database() and ${condition}`,
    );
    return rows[0]!.count;
  }

  const refresh = () =>
    app.inject({ method: "POST", url: "/refresh-token", headers: { cookie: "refreshToken=un-token-cualquiera" } });
  const catalogue = (searchValue: string) =>
    app.inject({ method: "GET", url: `/home/query-products?searchValue=${searchValue}` });

  it("congelado: la petición que ya esperaba y una nueva responden 503 antes de 10 s, y al volver nada queda a medias", async () => {
    const watcher = await connect();
    // The pool holds open connections, as it does in production after a few requests.
    expect((await catalogue("antes")).statusCode).toBe(200);
    const held = await lock("refresh_tokens");
    // Inside a transaction, waiting for the lock, when everything stops.
    const running = timed(refresh());
    await until(async () => (await sessions(watcher, "waiting")) >= 1);
    cluster.freeze();
    try {
      const fresh = timed(catalogue("congelado"));
      for (const { response, ms } of [await running, await fresh]) {
        expectBusy(response);
        expect(ms).toBeLessThan(WEB_CALL_LIMIT_MS);
      }
    } finally {
      cluster.thaw();
      await held.release();
    }
    // The connections given up are gone, transactions and all: none is lent to a later request.
    await until(async () => (await sessions(watcher, "in-transaction")) === 0);
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await catalogue(`despues${attempt}`)).statusCode).toBe(200);
      expect((await refresh()).statusCode).toBe(401);
    }
    expect((await app.inject({ method: "GET", url: "/ready" })).statusCode).toBe(200);
  }, 60_000);

  it("parado: la petición en curso y las nuevas responden 503 con el error registrado, y al arrancar vuelve a responder", async () => {
    expect((await catalogue("antes-de-parar")).statusCode).toBe(200);
    const watcher = await connect();
    const held = await lock("refresh_tokens");
    const running = timed(refresh());
    await until(async () => (await sessions(watcher, "waiting")) >= 1);
    const loggedBefore = logged.length;
    await cluster.shutDown();
    await held.release();

    const answers = [
      await running,
      await timed(catalogue("parado")),
      await timed(app.inject({ method: "POST", url: "/contact", payload: CONTACT })),
      await timed(refresh()),
    ];
    for (const { response, ms } of answers) {
      expectBusy(response);
      expect(ms).toBeLessThan(WEB_CALL_LIMIT_MS);
    }
    // Each is logged with its error; the answers above say nothing of it.
    const failures = logged.slice(loggedBefore).filter((line) => line.level === 50);
    expect(failures.length).toBeGreaterThanOrEqual(answers.length);
    for (const failure of failures) expect(failure.err?.message).toBeTruthy();
    expectBusy(await app.inject({ method: "GET", url: "/ready" }));
    expect((await app.inject({ method: "GET", url: "/health" })).statusCode).toBe(200);

    await cluster.restart();
    expect((await catalogue("de-nuevo")).statusCode).toBe(200);
    expect((await refresh()).statusCode).toBe(401);
  }, 60_000);
});

const CONTACT = {
  name: "Lucía Pérez",
  email: "lucia@example.com",
  subject: "Consulta",
  message: "¿Tienen la pala en tienda física?",
};
