import { createHash, randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase as DrizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../api/src/db/client";
import { createTestDatabase, type TestDatabase } from "../support/postgres";
import { readStoredFile, temporaryFileStore } from "./support";

/**
 * Migration 0024 (decision 0036) on a store made before files left the database, on both engines:
 * every image width and shop document it kept in `bytea` ends up in the file store under the key its
 * row now names, byte for byte, and the database keeps no bytes at all.
 */

const FILES_MIGRATION = /_files_out_of_database$/;

/** The repository's migrations up to the one before files left the database, in a folder of their own. */
async function migrationsBeforeFiles(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "mp-migraciones-"));
  await cp("api/drizzle", folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => FILES_MIGRATION.test(entry.tag));
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe.each(["PGlite", "PostgreSQL"] as const)("una tienda de antes del almacén de archivos (%s)", (engine) => {
  let postgres: TestDatabase | undefined;
  let database: Database;
  let migrations: string;
  const store = temporaryFileStore();
  const webp = Buffer.concat([Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "), randomBytes(2000)]);
  const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(300_000)]);

  beforeAll(async () => {
    migrations = await migrationsBeforeFiles();
    if (engine === "PostgreSQL") {
      postgres = await createTestDatabase({ empty: true });
      database = await openDatabase({ databaseUrl: postgres.url, dataDir: ":memory:", poolSize: 2 });
      await migratePg(database.db, { migrationsFolder: migrations });
    } else {
      database = await openDatabase({ dataDir: ":memory:" });
      await migratePglite(database.db as unknown as DrizzlePglite, { migrationsFolder: migrations });
    }
    // The store as it was: bytes in the rows. Two widths share their bytes, as a small image's do.
    await database.db.execute(sql`
      with owner as (
        insert into users (name, email) values ('Dueña', 'duena@example.com') returning id
      ), shop as (
        insert into shops (owner_id, name, slug, rif, location, phone)
        select id, 'Pádel Antiguo', 'padel-antiguo', 'J-12345678-4', 'Caracas', '+58 212 555 0000' from owner
        returning id
      ), image as (
        insert into images (alt, width, height) values ('Pala', 800, 600) returning id
      ), variants as (
        insert into image_variants (image_id, width, data)
        select id, width, ${webp} from image, (values (200), (400), (800)) as widths(width)
      )
      insert into shop_documents (shop_id, file_name, content_type, size_bytes, data)
      select id, 'acta.pdf', 'application/pdf', ${pdf.length}, ${pdf} from shop
    `);
  });

  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
    await store.remove();
    if (migrations) await rm(migrations, { recursive: true, force: true });
  });

  it("al migrar, cada archivo pasa al almacén bajo la clave de su fila y la base deja de guardar bytes", async () => {
    await database.migrate(store.files);

    const variants = await database.db.execute<{ width: number; file_key: string; size_bytes: number }>(
      sql`select width, file_key, size_bytes from image_variants order by width`,
    );
    expect(variants.rows).toEqual(
      [200, 400, 800].map((width) => ({ width, file_key: sha256(webp), size_bytes: webp.length })),
    );
    const documents = await database.db.execute<{ file_key: string; size_bytes: number }>(
      sql`select file_key, size_bytes from shop_documents`,
    );
    expect(documents.rows).toEqual([{ file_key: sha256(pdf), size_bytes: pdf.length }]);
    expect((await readStoredFile(store.files, sha256(webp)))!.equals(webp)).toBe(true);
    expect((await readStoredFile(store.files, sha256(pdf)))!.equals(pdf)).toBe(true);

    // No bytes left in the database: neither column, nor the table they waited in.
    const byteColumns = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.columns where data_type = 'bytea' and table_schema = 'public'`,
    );
    expect(byteColumns.rows).toEqual([]);
    const waiting = await database.db.execute<{ waiting: string | null }>(
      sql`select to_regclass('public.files_to_move')::text as waiting`,
    );
    expect(waiting.rows[0]!.waiting).toBeNull();

    // Starting again finds nothing to move.
    await database.migrate();
  });
});
