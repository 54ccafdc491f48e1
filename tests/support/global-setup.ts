import type { TestProject } from "vitest/node";
import { migratePostgresTemplate, writePgliteDump } from "./databases";
import { postgresAvailable, startPostgres, type PostgresCluster } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's PostgreSQL 15 cluster (its `postgres` database); each test file makes its own database in it. */
    postgresUrl: string;
    /** A migrated PGlite data directory, dumped: test files open their PGlite databases from it (openTestDatabase). */
    pgliteDumpFile: string;
  }
}

/**
 * Before any test file: the run's one migrated PGlite, dumped to a file, and one throw-away
 * PostgreSQL cluster holding a migrated template database. Files copy these instead of migrating
 * (openTestDatabase, createTestDatabase); both go after the last file.
 */
export default async function setup(project: TestProject) {
  const [pglite, cluster] = await Promise.all([
    writePgliteDump(),
    postgresAvailable() ? startPostgresWithTemplate() : undefined,
  ]);
  project.provide("pgliteDumpFile", pglite.file);
  if (cluster) project.provide("postgresUrl", cluster.url);
  return async () => {
    await cluster?.stop();
    await pglite.remove();
  };
}

async function startPostgresWithTemplate(): Promise<PostgresCluster> {
  const cluster = await startPostgres();
  try {
    await migratePostgresTemplate(cluster.url);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
