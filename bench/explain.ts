import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { explainCatalogueReads } from "./catalogue-plans.js";

/**
 * `npm run bench` (run.sh) calls this on the freshly seeded database, before the API opens it:
 * writes the EXPLAIN ANALYZE of the catalogue's main reads to bench/results/plans-<products>.txt.
 */
const products = Number(process.env.BENCH_PRODUCTS);
const client = await PGlite.create({ dataDir: path.join(process.env.DATA_DIR!, "pglite"), extensions: { pg_trgm, unaccent } });
// The API does the same at start (PGlite runs no autovacuum): plans as the API will see them.
await client.exec("vacuum analyze");
const lines: string[] = [`Planes de las lecturas del catálogo con ${products.toLocaleString("es-ES")} productos (${new Date().toISOString()})`, ""];
for (const { read, plans } of await explainCatalogueReads(client, "(analyze)")) {
  lines.push(`## ${read.name}`, `Índices esperados: ${read.indexes.map((index) => index.source).join(", ")}`, "");
  for (const { sql, plan } of plans) lines.push(sql.replace(/\s+/g, " ").trim(), "", plan, "");
}
await client.close();
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/plans-${products}.txt`;
writeFileSync(file, lines.join("\n"));
console.log(`Planes en ${file}`);
