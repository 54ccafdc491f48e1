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

/**
 * The CHECK that keeps every wallet at or above zero (migration 0022): a movement a service's own
 * check missed is refused by the database, and the client is told why (409), not given a 500.
 */
const WALLET_FLOOR_CONSTRAINT = "wallets_balance_non_negative";

export type DatabaseFailure = "busy" | "invalid-text" | "wallet-below-zero";

export function databaseFailure(error: unknown): DatabaseFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && BUSY_SQLSTATES.has(code)) return "busy";
    if (typeof code === "string" && INVALID_TEXT_SQLSTATES.has(code)) return "invalid-text";
    // 23514: check_violation.
    if (code === "23514" && (current as { constraint?: unknown }).constraint === WALLET_FLOOR_CONSTRAINT)
      return "wallet-below-zero";
    if (POOL_TIMEOUT_MESSAGES.includes(current.message)) return "busy";
    current = current.cause;
  }
  return null;
}
