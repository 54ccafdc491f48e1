import type { TestProject } from "vitest/node";
import { postgresAvailable, startPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's PostgreSQL 15 cluster (its `postgres` database); each test file makes its own database in it. */
    postgresUrl: string;
  }
}

/**
 * One throw-away PostgreSQL cluster for the whole Vitest run, started before any test file and
 * stopped after the last: files ask it for a database of their own (createTestDatabase).
 */
export default async function setup(project: TestProject) {
  if (!postgresAvailable()) return;
  const cluster = await startPostgres();
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}
