import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../api/src/db/client";
import { seedIfEmpty } from "../../api/src/seed/seed";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { temporaryFileStore, testConfig } from "./support";

/**
 * Two API instances started at once on a new PostgreSQL (api/src/main.ts: migrate, then seed an
 * empty database), with production's pool limits: one migrates and seeds, the other waits for it
 * and finds the work done. Before the migration lock the second failed on CREATE EXTENSION; before
 * the seed's waiter was exempt from the pool's limits it gave up after 2 seconds.
 */
describe("dos instancias que arrancan a la vez en PostgreSQL", () => {
  let postgres: TestDatabase;
  let instances: Database[];
  // The instances share one file store, as a deployment's share one folder (decision 0015).
  const store = temporaryFileStore();

  beforeAll(async () => {
    // Empty, not a copy of the run's migrated template: this file migrates a new database from scratch.
    postgres = await createTestDatabase({ empty: true });
    instances = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: postgres.url, dataDir: ":memory:", poolSize: 2 })),
    );
  });

  afterAll(async () => {
    await Promise.all(instances?.map((instance) => instance.close()) ?? []);
    await postgres?.drop();
    await store.remove();
  });

  it("migran y siembran la base una sola vez", async () => {
    await Promise.all(instances.map((instance) => instance.migrate(store.files)));
    const seeded = await Promise.all(instances.map((instance) => seedIfEmpty(instance.db, store.files, testConfig())));
    expect(seeded.filter((result) => result !== null)).toHaveLength(1);

    // Each migration applied once: a second run would have recorded it again.
    const journal = await instances[0]!.db.execute<{ applied: number; distinct: number }>(
      sql`select count(*)::integer as applied, count(distinct hash)::integer as distinct from drizzle.__drizzle_migrations`,
    );
    expect(journal.rows[0]!.applied).toBe(journal.rows[0]!.distinct);
    const admins = await instances[1]!.db.execute<{ admins: number }>(
      sql`select count(*)::integer as admins from users where role = 'admin'`,
    );
    expect(admins.rows[0]!.admins).toBe(1);
  });
});
