import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

const PG_BIN = "/usr/lib/postgresql/15/bin";

export interface PostgresCluster {
  url: string;
  /**
   * Halts every process of the server where it stands (SIGSTOP), as a hung machine or a stalled
   * disk does: connections stay open and new ones are accepted by the kernel, but nothing answers.
   */
  freeze(): void;
  /** Lets a frozen server run on (SIGCONT). */
  thaw(): void;
  /** Shuts the server down as an operator does (`pg_ctl stop -m fast`): sessions end, new connections are refused. */
  shutDown(): Promise<void>;
  /** Starts a shut-down server again, on the same port and files. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export function postgresAvailable(): boolean {
  return existsSync(path.join(PG_BIN, "initdb"));
}

/** Runs a command as the postgres user when we are root (initdb refuses to run as root). */
function asPostgres(command: string, args: string[]): string[] {
  return process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--", command, ...args] : [command, ...args];
}

/**
 * Waits (at most about two seconds) until no other client is connected (to `database`, or to any),
 * so the shutdown or drop that follows never cuts a connection a test's pool is still closing: pg
 * would report that as an unhandled error.
 */
async function waitForClientsToLeave(url: string, database?: string): Promise<void> {
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await client.query<{ others: number }>(
        "select count(*)::int as others from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid() and ($1::text is null or datname = $1)",
        [database ?? null],
      );
      if (rows[0]!.others === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}

/**
 * A throw-away PostgreSQL 15 cluster on a free loopback port. Stopping it shuts the server down and
 * deletes its files. The Vitest run starts one (global-setup.ts); test files use
 * createTestDatabase. A file that freezes its server or shuts it down mid-test starts one of its own
 * (tests/security/api-database-down-postgres.test.ts).
 */
export async function startPostgres(): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "mp-pg-"));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const [initCommand, ...initArgs] = asPostgres(path.join(PG_BIN, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
  ]);
  execFileSync(initCommand, initArgs, { stdio: "ignore" });
  const [command, ...args] = asPostgres(path.join(PG_BIN, "postgres"), [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-k",
    dir,
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "fsync=off",
    "-c",
    "max_connections=200",
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const pg = await import("pg");
  let server: ChildProcess | null = null;
  let frozen: number[] = [];

  async function launch(): Promise<void> {
    server = spawn(command, args, { stdio: "ignore" });
    for (let attempt = 0; ; attempt++) {
      const client = new pg.default.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        break;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (attempt > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  async function shutDown(): Promise<void> {
    const running = server;
    if (!running) return;
    server = null;
    const exited = new Promise((resolve) =>
      running.exitCode !== null ? resolve(null) : running.once("exit", resolve),
    );
    const [stopCommand, ...stopArgs] = asPostgres(path.join(PG_BIN, "pg_ctl"), [
      "stop",
      "-D",
      dataDir,
      "-m",
      "fast",
      "-w",
    ]);
    execFileSync(stopCommand, stopArgs, { stdio: "ignore" });
    await exited;
  }

  function thaw(): void {
    if (frozen.length === 0) return;
    for (const pid of frozen) process.kill(pid, "SIGCONT");
    frozen = [];
    // As root the server runs under runuser, which stops itself when its child stops (as su does
    // for job control): left stopped, it would never report the server's exit.
    if (server?.pid) process.kill(server.pid, "SIGCONT");
  }

  await launch();
  return {
    url,
    freeze() {
      // The postmaster first, so it forks no new backend while its children are being stopped.
      const postmaster = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
      process.kill(postmaster, "SIGSTOP");
      frozen.push(postmaster);
      const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(postmaster)], { encoding: "utf8" });
      for (const pid of children.split("\n").map(Number).filter(Boolean)) {
        process.kill(pid, "SIGSTOP");
        frozen.push(pid);
      }
    },
    thaw,
    shutDown,
    restart: launch,
    async stop() {
      thaw();
      if (server) await waitForClientsToLeave(url);
      await shutDown();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The cluster's migrated database (databases.ts, migratePostgresTemplate) that test databases copy. */
export const MIGRATED_TEMPLATE = "plantilla_migrada";

export interface TestDatabase {
  /** A connection URL to this file's own database. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file, in the run's shared cluster (Vitest's global set-up),
 * so files running side by side never see each other's rows, locks or LISTENs: a copy of the
 * migrated template; `empty` gives one without even the migrations, for a test of
 * migrating itself.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const { inject } = await import("vitest");
  const clusterUrl = inject("postgresUrl");
  if (!clusterUrl)
    throw new Error("No hay PostgreSQL para las pruebas: instale el paquete postgresql (npm test lo hace).");
  const name = `prueba_${randomUUID().replaceAll("-", "")}`;
  const pg = await import("pg");
  const admin = async (statement: string) => {
    const client = new pg.default.Client({ connectionString: clusterUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(options.empty ? `create database ${name}` : `create database ${name} template ${MIGRATED_TEMPLATE}`);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await waitForClientsToLeave(clusterUrl, name);
      await admin(`drop database ${name} with (force)`);
    },
  };
}
