import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { io as socketClient, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/src/db/client";
import { signSocketToken } from "../../api/src/modules/notifications/socket";
import { freePort } from "../support/free-port";
import { startPostgres, type PostgresCluster } from "../support/postgres";
import { waitUntilAnswering } from "../support/wait-until-answering";
import { insertCatalogue, insertUser } from "../api/support";

/**
 * The API process (api/src/main.ts, as `npm start` runs it) ends promptly on SIGTERM after its
 * PostgreSQL was shut down and started again under it, with a signed-in page's real-time
 * connection open and a request still being answered. It did not end at all: Fastify's close waits
 * for every open connection before its onClose hooks run, and the WebSocket was let go only in one
 * of them (socket.io's close), so the security spec's store hung on stopping its API (commit
 * 18d2aeb); and the keep-alive connection of a request answered during the close stayed open for
 * keepAliveTimeout (72 s) after it. A server of this file's own, since it is shut down.
 */

const JWT_SECRET = "secreto-jwt-de-la-prueba-de-cierre";
/** A stop closes a few connections and the pool: a second is plenty, five leave room for a busy machine. */
const EXIT_LIMIT_MS = 5000;

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("la condición no se cumplió a tiempo");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("seguridad: la API termina con SIGTERM tras reiniciarse PostgreSQL (PostgreSQL)", () => {
  let cluster: PostgresCluster;
  let dataDir: string;
  let api: ChildProcess | undefined;
  let socket: Socket | undefined;
  let apiUrl: string;
  let userId: string;
  const output: string[] = [];

  beforeAll(async () => {
    cluster = await startPostgres();
    dataDir = mkdtempSync(path.join(tmpdir(), "mp-cierre-"));
    // Migrated and not empty, so the API neither migrates from scratch nor seeds the demo store.
    const database = await openDatabase({ databaseUrl: cluster.url, dataDir: ":memory:", poolSize: 1 });
    try {
      await database.migrate();
      await insertCatalogue(database.db);
      userId = (await insertUser(database.db)).id;
    } finally {
      await database.close();
    }
    const port = await freePort();
    apiUrl = `http://127.0.0.1:${port}`;
    api = spawn(process.execPath, ["--import", "tsx", "api/src/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: cluster.url,
        DATA_DIR: dataDir,
        API_HOST: "127.0.0.1",
        API_PORT: String(port),
        JWT_SECRET,
        SESSION_SECRET: "secreto-de-sesion-de-la-prueba-de-cierre",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    api.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    api.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    await waitUntilAnswering(`${apiUrl}/health`, api, () => output.join(""));
  }, 120_000);

  afterAll(async () => {
    socket?.close();
    if (api && api.exitCode === null && api.signalCode === null) {
      const exited = new Promise((resolve) => api!.once("exit", resolve));
      api.kill("SIGKILL");
      await exited;
    }
    await cluster?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const catalogue = (searchValue: string) => fetch(`${apiUrl}/home/query-products?searchValue=${searchValue}`);

  it("con la campana conectada, PostgreSQL parado y vuelto a arrancar, SIGTERM la cierra en segundos con código 0", async () => {
    // A signed-in page's bell: a WebSocket that stays open until the server lets it go.
    const token = await signSocketToken(userId, JWT_SECRET);
    socket = socketClient(apiUrl, { transports: ["websocket"], auth: { token }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket!.once("connect", resolve);
      socket!.once("connect_error", reject);
    });

    await cluster.shutDown();
    expect((await catalogue("parado")).status).toBe(503);
    await cluster.restart();
    expect((await catalogue("de-nuevo")).status).toBe(200);
    expect(socket.connected).toBe(true);

    // A request under way when the signal comes: it waits for a lock another connection holds.
    const locker = new pg.Client({ connectionString: cluster.url });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query("lock table refresh_tokens in access exclusive mode");
      const running = fetch(`${apiUrl}/refresh-token`, {
        method: "POST",
        headers: { cookie: "refreshToken=un-token-cualquiera" },
      });
      await until(async () => {
        const { rows } = await locker.query<{ waiting: number }>(
          "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock'",
        );
        return rows[0]!.waiting > 0;
      });

      const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
        const started = performance.now();
        api!.once("exit", (code) => resolve({ code, ms: performance.now() - started }));
      });
      api!.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 300));
      await locker.query("rollback");
      // Answered, not cut off by the stop.
      expect((await running).status).toBe(401);
      const outcome = await Promise.race([
        exited,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), EXIT_LIMIT_MS)),
      ]);
      expect(
        outcome,
        `la API seguía en marcha ${EXIT_LIMIT_MS} ms después de SIGTERM:\n${output.join("")}`,
      ).not.toBeNull();
      expect(outcome!.code, output.join("")).toBe(0);
    } finally {
      await locker.end();
    }
    // The server let the bell go; it did not hang up on its own.
    expect(socket.connected).toBe(false);
  }, 60_000);
});
