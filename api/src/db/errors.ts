/**
 * What a database failure means for the client. Drizzle wraps the driver's error (`cause`), so the
 * chain is searched for PostgreSQL's SQLSTATE or pg-pool's own messages.
 */

/** The database did not answer in time: the request may simply be tried again (503 with Retry-After). */
const BUSY_SQLSTATES = new Set([
  "57014", // query_canceled: statement_timeout
  "55P03", // lock_not_available: lock_timeout
  "53300", // too_many_connections
  "57P03", // cannot_connect_now: the server is starting or shutting down
]);
/** pg-pool found no free client in connectionTimeoutMillis, or could not open a new one in that time. */
const POOL_TIMEOUT_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
];

/** Text PostgreSQL cannot take (a NUL character): the client's input is at fault (400). */
const INVALID_TEXT_SQLSTATES = new Set([
  "22021", // character_not_in_repertoire: "invalid byte sequence for encoding UTF8: 0x00"
  "22P05", // untranslatable_character: \u0000 in jsonb
]);

export type DatabaseFailure = "busy" | "invalid-text";

export function databaseFailure(error: unknown): DatabaseFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && BUSY_SQLSTATES.has(code)) return "busy";
    if (typeof code === "string" && INVALID_TEXT_SQLSTATES.has(code)) return "invalid-text";
    if (POOL_TIMEOUT_MESSAGES.includes(current.message)) return "busy";
    current = current.cause;
  }
  return null;
}
