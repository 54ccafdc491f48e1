import { describeDashboards } from "./dashboards-support";

/** The dashboards' figures on PGlite (the suite: dashboards-support.ts). */
describeDashboards("PGlite");
