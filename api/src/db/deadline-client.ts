import pg from "pg";

/** The database did not answer a query within the deadline, and its connection was closed (the request answers 503). */
export class QueryDeadlineError extends Error {
  constructor(deadlineMs: number, options?: ErrorOptions) {
    super(`PostgreSQL no respondió en ${deadlineMs} ms: se cerró la conexión`, options);
    this.name = "QueryDeadlineError";
  }
}

type QueryCallback = (error: Error | null, result?: unknown) => void;

/**
 * pg's client with a deadline on every query, counted here, on this side of the connection, from
 * the call (time queued behind another query on the same connection included).
 *
 * PostgreSQL's statement_timeout and lock_timeout are enforced by the server: one that has stopped
 * answering (a frozen machine, a stalled disk, a lost network path) enforces nothing, and a query
 * already sent waited for as long as the stall lasted, then Fastify's 30 s answered 503 while the
 * connection stayed lent to it (issue 31). A query still unanswered at the deadline closes its
 * connection: it and whatever waits behind it fail at once with QueryDeadlineError, the server rolls
 * back the transaction open there when it sees the connection end, and the pool, finding the
 * client ended, never lends it again. pg's own `query_timeout` fails the query but keeps the
 * connection, transaction and all, for the next request to run inside.
 *
 * Queries passed as objects with their own `submit` (cursors, streams: the store has none) run
 * without the deadline.
 */
export function clientWithDeadline(deadlineMs: number): typeof pg.Client {
  return class DeadlineClient extends pg.Client {
    private abandoned = false;

    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // The pool listens to a client only while it is idle. One lent to a request when its server
      // goes away (a shutdown, a crash) emitted 'error' with no listener, which ends the process;
      // its request's own query fails with that error anyway, and a later one with "not queryable".
      this.on("error", () => undefined);
    }

    // pg's query has a dozen overloads (text, config, callback, promise): each is wrapped the same way.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      if (typeof args[0]?.submit === "function") return Reflect.apply(super.query, this, args);
      const deadline = setTimeout(() => this.abandon(), deadlineMs);
      const settled = (error: unknown): unknown => {
        clearTimeout(deadline);
        return error && this.abandoned ? new QueryDeadlineError(deadlineMs, { cause: error }) : error;
      };
      const last = args.length - 1;
      if (typeof args[last] === "function") {
        const callback = args[last] as QueryCallback;
        args[last] = (error: Error | null, result?: unknown) => callback(settled(error) as Error | null, result);
        return Reflect.apply(super.query, this, args);
      }
      return (Reflect.apply(super.query, this, args) as Promise<unknown>).then(
        (result) => {
          settled(null);
          return result;
        },
        (error: unknown) => {
          throw settled(error);
        },
      );
    }

    /** Closes the connection under a query the server has not answered: pg ends it at once when a query is pending. */
    private abandon(): void {
      if (this.abandoned) return;
      this.abandoned = true;
      void this.end().catch(() => undefined);
    }
  };
}
