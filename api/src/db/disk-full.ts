import { statfs } from "node:fs/promises";
import type { ExecProtocolOptions, PGlite } from "@electric-sql/pglite";
import { databaseFailure } from "./errors.js";

/**
 * A full disk under PGlite (issue 31, item 7; docs/decisions/0034). PostgreSQL reports it as an
 * error (SQLSTATE 53100: a table that cannot grow, a WAL segment that cannot be created), but the
 * WebAssembly build does not survive the second kind: the next statement it runs never returns, and
 * since PGlite runs on the API's own thread, it turns at 100 % CPU and nothing answers, /health
 * included, even after room is made. So PGlite is set aside at the first such error: no statement
 * reaches it again, every database call fails at once (503), and the process, once there is room
 * again, exits for `npm start` to start it anew (main.ts), PostgreSQL's recovery replaying from its
 * WAL every transaction that had committed.
 */

/** The code of a statement refused because PGlite was set aside: PostgreSQL's disk_full, so it is classified as the error that caused it. */
const DISK_FULL_SQLSTATE = "53100";

/** A statement PGlite was not given: it had met a full disk before. */
export class DatabaseSetAsideError extends Error {
  readonly code = DISK_FULL_SQLSTATE;

  constructor() {
    super("PGlite quedó apartada al llenarse el disco: no ejecuta nada más hasta que se reinicie la API");
    this.name = "DatabaseSetAsideError";
  }
}

/** Whether `error` (or what it wraps) is a statement refused because PGlite was set aside. */
export function refusedWhileSetAside(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof DatabaseSetAsideError) return true;
    current = current.cause;
  }
  return false;
}

export interface FullDiskGuard {
  /** True once PGlite has met a full disk: it runs nothing more. */
  readonly setAside: boolean;
  /** Resolves when PGlite is set aside. */
  readonly whenSetAside: Promise<void>;
}

/** The disk-full error among an answer's messages (execProtocol's `{messages}`, execProtocolStream's array). */
function fullDiskErrorIn(result: unknown): unknown {
  const messages = Array.isArray(result) ? result : (result as { messages?: unknown } | undefined)?.messages;
  return Array.isArray(messages) ? messages.find((message) => databaseFailure(message) === "storage-full") : undefined;
}

/**
 * Puts the guard in front of `client`: every message to the database goes through
 * `execProtocolRawSync`, which refuses once the guard has tripped; the calls that read the answers
 * (`execProtocol`, `execProtocolStream`) trip it when an answer says the disk is full. The check
 * runs inside PGlite's own queue, before it lets the next statement in: nothing queued behind the
 * failing statement reaches the database.
 */
export function guardAgainstFullDisk(client: PGlite): FullDiskGuard {
  let setAside = false;
  let trip!: (cause: unknown) => void;
  const whenSetAside = new Promise<void>((resolve) => {
    trip = (cause) => {
      if (setAside) return;
      setAside = true;
      // The statement's own error may be replaced by a refusal (PGlite's closing `sync` is refused
      // too): the disk's error is said here, once.
      console.error(
        "El disco de la base de datos está lleno: la API deja de usarla y responde 503 hasta que haya espacio.",
        cause instanceof Error ? cause.message : cause,
      );
      resolve();
    };
  });

  const runRaw = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message) => {
    if (setAside) throw new DatabaseSetAsideError();
    return runRaw(message);
  };
  const watch = <Rest extends unknown[], Result>(
    run: (message: Uint8Array, options?: ExecProtocolOptions, ...rest: Rest) => Promise<Result>,
  ) => {
    return async (message: Uint8Array, options?: ExecProtocolOptions, ...rest: Rest): Promise<Result> => {
      try {
        const result = await run(message, options, ...rest);
        // Errors are thrown unless the caller asked for them among the messages.
        const error = options?.throwOnError === false ? fullDiskErrorIn(result) : undefined;
        if (error) trip(error);
        return result;
      } catch (error) {
        if (databaseFailure(error) === "storage-full") trip(error);
        throw error;
      }
    };
  };
  client.execProtocol = watch(client.execProtocol.bind(client));
  client.execProtocolStream = watch(client.execProtocolStream.bind(client));

  return {
    get setAside() {
      return setAside;
    },
    whenSetAside,
  };
}

/** How much room DATA_DIR needs before the API starts again: a new WAL segment (16 MiB) and then some. */
export const ROOM_TO_RESTART_BYTES = 64 * 1024 * 1024;
const ROOM_CHECK_INTERVAL_MS = 1000;

/** Resolves once the file system holding `dir` has `bytes` free for this user, checking every second. */
export async function waitForRoom(dir: string, bytes = ROOM_TO_RESTART_BYTES): Promise<void> {
  for (;;) {
    const stats = await statfs(dir).catch(() => null);
    if (stats && stats.bavail * stats.bsize >= bytes) return;
    await new Promise((resolve) => setTimeout(resolve, ROOM_CHECK_INTERVAL_MS));
  }
}
