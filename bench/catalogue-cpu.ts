import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import type { Db } from "../api/src/db/client.js";
import * as schema from "../api/src/db/schema.js";
import { catalogueReads } from "./catalogue-plans.js";

/**
 * `npm run bench` (run.sh) runs this after explain.ts, before the API opens the database: the CPU
 * each catalogue read costs once, with nothing kept (no totals, rankings or suggestions from an
 * earlier call), as a shopper's first question of its kind costs the API. The throughput figures
 * of measure.ts repeat one question, so they mostly see what the API keeps between catalogue
 * writes; these show what a new question costs. CPU time rather than wall time, so other work on
 * the machine moves them less: the least and the median of RUNS calls, in ms.
 */
const RUNS = 25;
const products = Number(process.env.BENCH_PRODUCTS);
const client = await PGlite.create({ dataDir: path.join(process.env.DATA_DIR!, "pglite"), extensions: { pg_trgm, unaccent } });
await client.exec("vacuum analyze");
const db = drizzle(client, { schema }) as unknown as Db;
const [palas] = await db.select({ id: schema.categories.id }).from(schema.categories).where(eq(schema.categories.slug, "palas"));
if (!palas) throw new Error("El catálogo no tiene la categoría «palas»");

const lines = [`CPU por lectura del catálogo sin nada guardado, ${products.toLocaleString("es-ES")} productos (${new Date().toISOString()}), ms`, "", "| lectura | mínimo | mediana |", "|---|---|---|"];
for (const read of catalogueReads) {
  await read.run(db, palas.id);
  const spent: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const before = process.cpuUsage();
    await read.run(db, palas.id);
    const { user, system } = process.cpuUsage(before);
    spent.push((user + system) / 1000);
  }
  spent.sort((first, second) => first - second);
  lines.push(`| ${read.name} | ${spent[0]!.toFixed(1)} | ${spent[Math.floor(RUNS / 2)]!.toFixed(1)} |`);
}
await client.close();
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/cpu-${products}.txt`;
writeFileSync(file, lines.join("\n") + "\n");
console.log(lines.join("\n"));
console.log(`CPU por lectura en ${file}`);
