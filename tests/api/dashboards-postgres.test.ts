import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { createTestApi } from "./support";
import { describeDashboards } from "./dashboards-support";

/** The dashboards' figures on PostgreSQL 15, whose time-zone arithmetic must match PGlite's (the suite: dashboards-support.ts). */
let postgres: TestDatabase | undefined;
describeDashboards(
  "PostgreSQL",
  async () => {
    postgres = await createTestDatabase();
    return createTestApi({ databaseUrl: postgres.url });
  },
  async () => {
    await postgres?.drop();
  },
);
