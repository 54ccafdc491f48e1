import { QueryDeadlineError } from "./deadline-client.js";

/**
 * What a database failure means for the client. Drizzle wraps the driver's error (`cause`), so the
 * chain is searched for PostgreSQL's SQLSTATE, the system's error code or pg's own messages.
 */

/**
 * The database did not answer in time, or cannot be reached now: the request may simply be tried
 * again (503 with Retry-After), and nothing was changed (PostgreSQL rolls back a transaction whose
 * connection is lost).
 */
const BUSY_SQLSTATES = new Set([
  "57014", // query_canceled: statement_timeout
  "55P03", // lock_not_available: lock_timeout
  "53300", // too_many_connections
  "57P01", // admin_shutdown: the server was stopped under the session
  "57P02", // crash_shutdown: another backend crashed and the server is restarting
  "57P03", // cannot_connect_now: the server is starting or shutting down
  "08000", // connection_exception
  "08003", // connection_does_not_exist
  "08006", // connection_failure
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08004", // sqlserver_rejected_establishment_of_sqlconnection
]);
/** The server's address answers nothing, or the connection to it broke (Node's system errors). */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
]);
/**
 * pg-pool found no free client in connectionTimeoutMillis, or could not open a new one in that time;
 * pg lost the connection under a query, or was handed one it had lost before; the pool is closing
 * (the API is shutting down).
 */
const CONNECTION_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
  "Connection terminated unexpectedly",
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
];

/**
 * The disk under the database (or under DATA_DIR) is full: nothing can be written until an operator
 * makes room (503 with Retry-After). Nothing was changed: the failing statement's transaction rolls
 * back, and PGlite is set aside before it runs anything more (disk-full.ts).
 */
const DISK_FULL_SQLSTATE = "53100";
const DISK_FULL_CODE = "ENOSPC";

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
/** A product written into a category deleted at the same moment (decision 0052). */
const PRODUCT_CATEGORY_CONSTRAINT = "products_category_id_categories_id_fk";

export type DatabaseFailure = "busy" | "storage-full" | "invalid-text" | "wallet-below-zero" | "category-gone";

export function databaseFailure(error: unknown): DatabaseFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === DISK_FULL_SQLSTATE || code === DISK_FULL_CODE) return "storage-full";
    if (typeof code === "string" && (BUSY_SQLSTATES.has(code) || UNREACHABLE_CODES.has(code))) return "busy";
    if (typeof code === "string" && INVALID_TEXT_SQLSTATES.has(code)) return "invalid-text";
    // 23514: check_violation.
    if (code === "23514" && (current as { constraint?: unknown }).constraint === WALLET_FLOOR_CONSTRAINT)
      return "wallet-below-zero";
    // 23503: foreign_key_violation.
    if (code === "23503" && (current as { constraint?: unknown }).constraint === PRODUCT_CATEGORY_CONSTRAINT)
      return "category-gone";
    if (current instanceof QueryDeadlineError || CONNECTION_MESSAGES.includes(current.message)) return "busy";
    // Node tries each address of a name in turn and reports every refusal at once.
    if (current instanceof AggregateError && current.errors.some((each) => databaseFailure(each) === "busy"))
      return "busy";
    current = current.cause;
  }
  return null;
}
