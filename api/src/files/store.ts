import type { Readable } from "node:stream";

/**
 * Where the store keeps its files' bytes (decision 0036): shop documents as sent and each width of
 * every image as WebP. The database keeps only their metadata (who, type, size) and the file's key,
 * the SHA-256 of its bytes in hex, so a file never travels through the database's connection (on
 * PGlite, the one connection every shopper's read waits for). A file is written whole and made
 * durable before any row names it; a row never points at a file still being written.
 *
 * `DiskFileStore` (disk.ts) keeps them under FILES_DIR. An object store (S3 and the like) would be
 * another implementation of this interface: stage to a local temporary file, commit as an upload
 * under the key, open as a GET's body stream, list and remove for the housekeeping at start.
 */
export interface FileStore {
  /**
   * Streams `source` to a temporary file while hashing it, without holding it in memory. Throws
   * FileTooLargeError (and keeps nothing) once more than `maxBytes` arrive.
   */
  stage(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: { maxBytes: number }): Promise<StagedFile>;
  /** Stores `data` durably at once (an encoded image's width): stage and commit. */
  put(data: Uint8Array): Promise<StoredFile>;
  /** A stored file's bytes as a stream, with its size; null when there is no such file. */
  open(key: string): Promise<OpenedFile | null>;
  /** Every stored file, with when it was last written: for the housekeeping at start (housekeeping.ts). */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /**
   * Removes a file unless it was written at `before` or later, checked on the file itself as it is
   * removed: an upload that stores the same bytes meanwhile writes it anew, and it stays. True when removed.
   */
  removeIfOlder(key: string, before: Date): Promise<boolean>;
  /** Temporary files older than `before`, left by a process that stopped while receiving them: removed. */
  removeStaleStaged(before: Date): Promise<number>;
}

/** A file as rows name it. */
export interface StoredFile {
  /** SHA-256 of the bytes, lower-case hex: the file's name in the store. */
  key: string;
  sizeBytes: number;
}

/** A received file not yet in the store: judged (its first bytes, its size) before it is kept or dropped. */
export interface StagedFile extends StoredFile {
  /** Its first bytes (up to STAGED_HEAD_BYTES), to judge its type by content. */
  head: Buffer;
  /** Moves it under its key, durably (written to disk and named): after this a row may name it. */
  commit(): Promise<void>;
  /** Drops it: the request was refused. Safe to call after commit (it then does nothing). */
  discard(): Promise<void>;
}

export interface OpenedFile {
  stream: Readable;
  sizeBytes: number;
}

/** How many first bytes a staged file keeps for judging its type. */
export const STAGED_HEAD_BYTES = 16;

/** More bytes arrived than the caller allows: the staged file is already dropped. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`El archivo supera ${maxBytes} bytes`);
  }
}

/** A key as the store writes them: 64 lower-case hex digits, never a path. */
export const FILE_KEY_PATTERN = /^[0-9a-f]{64}$/;
