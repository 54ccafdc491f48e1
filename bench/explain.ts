import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { measureCatalogueReads } from "./catalogue-cpu.js";
import { explainCatalogueReads } from "./catalogue-plans.js";

/**
 * `npm run bench` (run.sh) calls this on the freshly seeded database, before the API opens it:
 * writes the EXPLAIN ANALYZE of the catalogue's main reads to bench/results/plans-<products>.txt
 * and what each costs once, with nothing kept, to bench/results/cpu-<products>.txt.
 */
const products = Number(process.env.BENCH_PRODUCTS);
const client = await PGlite.create({
  dataDir: path.join(process.env.DATA_DIR!, "pglite"),
  extensions: { pg_trgm, unaccent },
});
// The API does the same at start (PGlite runs no autovacuum): plans as the API will see them.
await client.exec("vacuum analyze");
const when = new Date().toISOString();
const size = products.toLocaleString("es-ES");

const plans: string[] = [`Planes de las lecturas del catálogo con ${size} productos (${when})`, ""];
for (const { read, plans: statements } of await explainCatalogueReads(client, "(analyze)")) {
  plans.push(`## ${read.name}`, `Índices esperados: ${read.indexes.map((index) => index.source).join(", ")}`, "");
  for (const { sql, plan } of statements) plans.push(sql.replace(/\s+/g, " ").trim(), "", plan, "");
}
const cpu: string[] = [
  `CPU por lectura del catálogo sin nada guardado, ${size} productos (${when}), ms`,
  "",
  "| lectura | mínimo | mediana |",
  "|---|---|---|",
];
for (const { read, leastMs, medianMs } of await measureCatalogueReads(client))
  cpu.push(`| ${read.name} | ${leastMs.toFixed(1)} | ${medianMs.toFixed(1)} |`);
await client.close();

mkdirSync("bench/results", { recursive: true });
writeFileSync(`bench/results/plans-${products}.txt`, plans.join("\n"));
writeFileSync(`bench/results/cpu-${products}.txt`, cpu.join("\n") + "\n");
console.log(cpu.join("\n"));
console.log(`Planes y CPU por lectura en bench/results/plans-${products}.txt y cpu-${products}.txt`);
