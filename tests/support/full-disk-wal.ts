/**
 * Run by tests/security/api-disk-full-pglite.test.ts in a process of its own, since what it checks
 * could otherwise stop the test runner:
 * `node --import tsx tests/support/full-disk-wal.ts <dir> <dump>`, with `dir` on a small file system
 * of its own and `dump` the run's migrated PGlite (databases.ts). It opens the API's PGlite there
 * (openDatabase, as main.ts does), fills the disk and writes until PostgreSQL cannot create its next WAL segment, makes room again, and runs one more
 * statement. Before issue 31's guard (api/src/db/disk-full.ts) that statement never returned: the
 * WebAssembly build turned at 100 % CPU on the process's only thread. It prints two JSON lines: how
 * the failing write was classified, once room is made; then how the statement after it was
 * classified and how long it took.
 */
import path from "node:path";
import { readFileSync, rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../api/src/db/client";
import { databaseFailure } from "../../api/src/db/errors";
import { fillDisk } from "./tmpfs";

const [dir, dump] = process.argv.slice(2) as [string, string];
const filler = path.join(dir, "relleno");
const database = await openDatabase({ dataDir: path.join(dir, "base"), pgliteDump: new Blob([readFileSync(dump)]) });
await database.db.execute(sql`create table prueba (id serial primary key, texto text)`);
await database.db.execute(sql`insert into prueba (texto) values ('antes')`);
fillDisk(filler);

// pg_switch_wal() closes the segment; the write after it needs a new one, which cannot be made.
let failure: { statement: string; kind: string | null; message: string } | null = null;
for (let attempt = 0; attempt < 5 && !failure; attempt++) {
  for (const [statement, query] of [
    ["insert", sql`insert into prueba (texto) values ('lleno')`],
    ["pg_switch_wal", sql`select pg_switch_wal()`],
  ] as const) {
    try {
      await database.db.execute(query);
    } catch (error) {
      const cause = (error as Error).cause as Error | undefined;
      failure = { statement, kind: databaseFailure(error), message: cause?.message ?? (error as Error).message };
      break;
    }
  }
}

rmSync(filler);
// Said before the next statement, which used to never return.
console.log(JSON.stringify({ failure }));
const started = performance.now();
let next: string | null;
try {
  await database.db.execute(sql`select count(*) from prueba`);
  next = "respondió";
} catch (error) {
  next = databaseFailure(error);
}
console.log(JSON.stringify({ next, ms: Math.round(performance.now() - started) }));
// Not closed: a PGlite set aside runs nothing more (closing would run a checkpoint in it).
process.exit(0);
