import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { DEFAULT_DATABASE_TIMEOUTS } from "../config.js";
import * as schema from "./schema.js";
import { clientWithDeadline } from "./deadline-client.js";
import { guardAgainstFullDisk, type FullDiskGuard } from "./disk-full.js";
import { applyDatabaseFunctions } from "./functions.js";
import { moveFilesOutOfDatabase } from "../files/housekeeping.js";
import type { FileStore } from "../files/store.js";

/**
 * The one database handle type the code uses. PGlite and node-postgres drivers share
 * the query builder, so services are typed against this and run on either.
 */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

/** The handle inside `db.transaction(...)`. */
export type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Stops one subscription made by `Database.listen`. */
export type Unlisten = () => Promise<void>;

/**
 * Subscribes to a PostgreSQL NOTIFY channel; `onPayload` receives each payload once its transaction
 * commits. `onResume` runs when listening starts again after a lost connection, since payloads
 * sent meanwhile never arrive.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onResume?: () => void,
) => Promise<Unlisten>;

interface DatabaseBase {
  db: Db;
  /**
   * Applies the migrations not yet applied, and whatever must follow them: the one way a database
   * becomes ready, also one opened from a migrated copy (`pgliteDump`, a PostgreSQL template). Files
   * an older database still keeps are moved into `files` (moveFilesOutOfDatabase); a database that
   * keeps none needs no store.
   */
  migrate(files?: FileStore): Promise<void>;
  listen: Listen;
  close(): Promise<void>;
}

export interface PgliteDatabase extends DatabaseBase {
  kind: "pglite";
  /** The whole data directory as an uncompressed tarball, which `openDatabase`'s `pgliteDump` opens again. */
  dump(): Promise<Blob>;
  /** Whether PGlite met a full disk and was set aside (disk-full.ts): it then runs nothing more, closing included. */
  fullDisk: FullDiskGuard;
}

export interface PostgresDatabase extends DatabaseBase {
  kind: "postgres";
}

export type Database = PgliteDatabase | PostgresDatabase;

const migrationsFolder = path.resolve("api/drizzle");
/** The advisory lock that lets one instance at a time migrate a PostgreSQL database. */
const MIGRATION_LOCK_KEY = 4_120_261;

/**
 * How long PostgreSQL work may wait (docs/api/limits.md, "Timeouts and busy answers"), in
 * milliseconds: each statement (`statement_timeout`), each lock it waits for (`lock_timeout`), and a
 * request for a pooled connection, free or new (pg-pool's `connectionTimeoutMillis`). A stalled
 * database then fails a request within seconds (the API answers 503) instead of holding it and a
 * connection. The first two are the server's to enforce; a server that stops answering altogether
 * meets this side's deadline, QUERY_DEADLINE_GRACE_MS past the statement's (deadline-client.ts).
 */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  poolMs: number;
}

/**
 * How long past `statement_timeout` a query may go unanswered before its connection is given up:
 * a server that answers sends its own cancellation at `statement_timeout`, so one silent a second
 * longer has stopped. With the defaults a request waits 3 s for a connection at most and 6 s for a
 * query: 9 s, inside the web's 10 s (API_CALL_TIMEOUT_MS).
 */
export const QUERY_DEADLINE_GRACE_MS = 1000;

/**
 * A real PostgreSQL when a URL is given, otherwise the embedded PGlite under dataDir
 * (or in memory when dataDir is ":memory:", for tests). `timeouts` apply to PostgreSQL only
 * (DEFAULT_DATABASE_TIMEOUTS unless given; null for none, as the bulk seed does): PGlite, one
 * connection in this process, does not enforce `statement_timeout` (`pg_sleep(2)` runs its 2 s).
 * `pgliteDump` (PGlite only) starts from a dumped data directory (`PgliteDatabase.dump`) instead of
 * a new cluster: tests open each database from one migrated dump, in a fraction of the time that
 * creating a cluster and migrating it takes.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  timeouts?: DatabaseTimeouts | null;
  pgliteDump?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const timeouts = options.timeouts === undefined ? DEFAULT_DATABASE_TIMEOUTS : options.timeouts;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(timeouts && {
        // Sent as start-up parameters: every pooled connection has them from its first statement.
        statement_timeout: timeouts.statementMs,
        lock_timeout: timeouts.lockMs,
        // Bounds both the wait for a free client when all are busy and the opening of a new one.
        connectionTimeoutMillis: timeouts.poolMs,
        // Bounds each query even when the server no longer enforces anything (a frozen server).
        Client: clientWithDeadline(timeouts.statementMs + QUERY_DEADLINE_GRACE_MS),
      }),
    });
    // An idle connection the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on("error", (error) => console.error("Conexión a PostgreSQL perdida:", error.message));
    const db = drizzlePg(pool, { schema });
    const listener = new PostgresListener(options.databaseUrl);
    return {
      db,
      kind: "postgres",
      // Migrations get a connection of their own without the time limits: building an index on a
      // large table may rightly take longer than any request should.
      migrate: async (files) => {
        const client = new pg.Client({ connectionString: options.databaseUrl });
        await client.connect();
        try {
          // Several API instances may start together on one database: the first migrates, the others
          // wait here and then find nothing to apply (the lock ends with the connection).
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
          await applyDatabaseFunctions((statement) => client.query(statement));
          await moveFilesOutOfDatabase((text, params) => client.query(text, params), files);
        } finally {
          await client.end();
        }
      },
      listen: (channel, onPayload, onResume) => listener.listen(channel, onPayload, onResume),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const inMemory = options.dataDir === ":memory:";
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: inMemory ? undefined : path.join(options.dataDir, "pglite"),
    extensions: { pg_trgm, unaccent },
    loadDataDir: options.pgliteDump,
  });
  const fullDisk = guardAgainstFullDisk(client);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    fullDisk,
    migrate: async (files) => {
      await migratePglite(db, { migrationsFolder });
      await applyDatabaseFunctions((statement) => client.exec(statement));
      await moveFilesOutOfDatabase((text, params) => client.query(text, params), files);
    },
    dump: () => client.dumpDataDir("none"),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!fullDisk.setAside) await unlisten();
      };
    },
    // Closing runs a last checkpoint inside PGlite: once set aside, it is left as it is, and the
    // next start recovers from its WAL.
    close: async () => {
      if (!fullDisk.setAside) await client.close();
    },
  };
}

const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN needs a connection of its own: a pooled one goes back to the pool between queries. One
 * dedicated client serves every channel; it is opened on the first subscription and, when the
 * server drops it, opened again after a pause with every channel listened to again.
 */
class PostgresListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly resumeHandlers = new Set<() => void>();
  /** Set once a connection has listened: every later one is a resumption. */
  private listenedBefore = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly connectionString: string) {}

  async listen(channel: string, onPayload: (payload: string) => void, onResume?: () => void): Promise<Unlisten> {
    const client = await this.connection();
    if (onResume) this.resumeHandlers.add(onResume);
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(channel, handlers);
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    }
    handlers.add(onPayload);
    return async () => {
      if (onResume) this.resumeHandlers.delete(onResume);
      handlers.delete(onPayload);
      if (handlers.size > 0 || this.handlers.get(channel) !== handlers) return;
      this.handlers.delete(channel);
      await this.client?.query(`UNLISTEN ${this.client.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on("notification", (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? "");
    });
    client.on("error", (error) => {
      console.error("Conexión de avisos de PostgreSQL perdida:", error.message);
      this.reconnectLater(client);
    });
    client.on("end", () => this.reconnectLater(client));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    this.client = client;
    if (this.listenedBefore) for (const onResume of this.resumeHandlers) onResume();
    this.listenedBefore = true;
    return client;
  }

  private reconnectLater(lost: pg.Client): void {
    if (this.closed || this.client !== lost) return;
    this.client = null;
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.closed) this.connection().catch(() => this.scheduleRetry());
    }, RELISTEN_DELAY_MS);
    this.retry.unref();
  }
}
