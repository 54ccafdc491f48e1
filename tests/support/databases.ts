import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database, type DatabaseTimeouts } from "../../api/src/db/client";
import { MIGRATED_TEMPLATE } from "./postgres";

/**
 * Migrating a new database takes seconds (a PGlite cluster is created, then every migration runs);
 * copying a migrated one takes a fraction of that. So the run migrates once per engine, before any
 * test file (global-setup.ts), and each file copies the result. tests/api/seed.test.ts (PGlite) and
 * tests/api/instances-startup-postgres.test.ts (PostgreSQL) still migrate a new, empty database.
 */

/** Migrates a new in-memory PGlite and dumps its data directory to a temporary file. */
export async function writePgliteDump(): Promise<{ file: string; remove(): Promise<void> }> {
  const database = await openDatabase({ dataDir: ":memory:" });
  try {
    if (database.kind !== "pglite") throw new Error("openDatabase sin URL abre PGlite");
    await database.migrate();
    const dump = await database.dump();
    const dir = await mkdtemp(path.join(tmpdir(), "mp-pglite-"));
    const file = path.join(dir, "migrada.tar");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return { file, remove: () => rm(dir, { recursive: true, force: true }) };
  } finally {
    await database.close();
  }
}

/**
 * Makes the cluster's template database (MIGRATED_TEMPLATE) and migrates it; createTestDatabase
 * copies it. It then takes no connections: PostgreSQL copies a template only while nobody is in it.
 */
export async function migratePostgresTemplate(clusterUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${MIGRATED_TEMPLATE}`);
    const url = new URL(clusterUrl);
    url.pathname = `/${MIGRATED_TEMPLATE}`;
    const database = await openDatabase({ databaseUrl: url.href, dataDir: ":memory:", poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${MIGRATED_TEMPLATE} with is_template true allow_connections false`);
  } finally {
    await admin.end();
  }
}

let pgliteDump: Promise<Blob> | undefined;

/**
 * A migrated database of the caller's own: the PostgreSQL at `databaseUrl` (createTestDatabase
 * made it from the migrated template), or else a new in-memory PGlite opened from the run's
 * migrated dump. Either is migrated once more, as the API does at start: nothing is left to apply,
 * but whatever follows the migrations (Database.migrate) runs as on a new database.
 */
export async function openTestDatabase(
  options: { databaseUrl?: string; poolSize?: number; timeouts?: DatabaseTimeouts | null } = {},
): Promise<Database> {
  if (!options.databaseUrl) {
    const { inject } = await import("vitest");
    pgliteDump ??= readFile(inject("pgliteDumpFile")).then((bytes) => new Blob([bytes]));
  }
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: ":memory:",
    poolSize: options.poolSize,
    timeouts: options.timeouts,
    pgliteDump: options.databaseUrl ? undefined : await pgliteDump,
  });
  await database.migrate();
  return database;
}
