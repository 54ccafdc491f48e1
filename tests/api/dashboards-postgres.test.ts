import { describeDashboards } from "./dashboards-support";

/** The dashboards' figures on PostgreSQL 15, whose time-zone arithmetic must match PGlite's (the suite: dashboards-support.ts). */
describeDashboards("PostgreSQL");
