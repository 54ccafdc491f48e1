import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import type { FileStore } from "./store.js";

/**
 * What keeps the file store and the database in step (decision 0036): the files of a database made
 * before the store existed are moved out of it, and files no row names any more are removed.
 */

/** A query on the connection that migrates: node-postgres' client or PGlite's, which answer alike. */
export type MigrationQuery = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Moves the bytes migration 0024 left in `files_to_move` into `files`, one file at a time (a file is
 * deleted from the table only once it is durably stored), then drops the table. Runs as part of
 * Database.migrate, under the migration's lock on PostgreSQL; a start that stops halfway moves the
 * rest next time. Returns how many files were moved.
 */
export async function moveFilesOutOfDatabase(query: MigrationQuery, files: FileStore | undefined): Promise<number> {
  const { rows: pending } = await query(`select to_regclass('public.files_to_move') is not null as "pending"`);
  if (!pending[0]?.pending) return 0;
  if (!files) throw new Error("La base de datos aún guarda archivos: hace falta el almacén de archivos para sacarlos.");
  let moved = 0;
  for (;;) {
    const { rows } = await query(`select "file_key", "data" from "files_to_move" limit 1`);
    const row = rows[0];
    if (!row) break;
    const stored = await files.put(row.data as Uint8Array);
    if (stored.key !== row.file_key) throw new Error(`El archivo ${String(row.file_key)} no coincide con su clave.`);
    await query(`delete from "files_to_move" where "file_key" = $1`, [row.file_key]);
    moved++;
  }
  await query(`drop table if exists "files_to_move"`);
  return moved;
}

/**
 * How old a file must be before housekeeping may remove it: a file being received, or stored and
 * waiting for its row's transaction, is far younger (a request lasts API_REQUEST_TIMEOUT_SECONDS at
 * most, an hour at the very most), so another instance's upload in progress is never touched.
 */
export const ORPHAN_AGE_MS = 2 * 60 * 60 * 1000;

/** Every file key a row names. */
async function referencedKeys(db: Db): Promise<Set<string>> {
  const result = await db.execute<{ file_key: string }>(
    sql`select file_key from image_variants union select file_key from shop_documents`,
  );
  return new Set(result.rows.map((row) => row.file_key));
}

/**
 * Removes temporary files left by a process that stopped while receiving them, and stored files no
 * row names (an image replaced or deleted, an upload whose transaction failed), both once older than
 * ORPHAN_AGE_MS. Runs at start and then periodically.
 */
export async function tidyFileStore(
  db: Db,
  files: FileStore,
  now = new Date(),
): Promise<{ staged: number; unreferenced: number }> {
  const before = new Date(now.getTime() - ORPHAN_AGE_MS);
  const staged = await files.removeStaleStaged(before);
  // Read after listing would miss nothing either: a file younger than `before` is never removed.
  const referenced = await referencedKeys(db);
  let unreferenced = 0;
  for await (const file of files.list()) {
    if (file.modifiedAt >= before || referenced.has(file.key)) continue;
    if (await files.removeIfOlder(file.key, before)) unreferenced++;
  }
  return { staged, unreferenced };
}
