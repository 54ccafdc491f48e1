import { sql, type SQL } from "drizzle-orm";
import { STORE_TIME_ZONE } from "#contract/store-time";
import { shops } from "../../db/schema.js";

/**
 * A shop's vacation (issue 34) is a return date: the shop is on vacation while today, in store time,
 * is before it. Computed from the date wherever it is read, so it ends on its own, with no job.
 */

/** Today in store time, as a date. */
export const storeToday: SQL<string> = sql<string>`(now() at time zone ${STORE_TIME_ZONE})::date`;

/** The shop's return date (YYYY-MM-DD) while its vacation is in force, or null (on any query joining shops). */
export const vacationInForce: SQL<string | null> = sql<
  string | null
>`case when ${shops.vacationUntil} > ${storeToday} then to_char(${shops.vacationUntil}, 'YYYY-MM-DD') end`;
