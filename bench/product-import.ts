import { writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { eq } from "drizzle-orm";
import { products, shops } from "../api/src/db/schema.js";
import { signedInAs } from "../tests/api/orders-support.js";
import { importCsv, newBallsRow, type ImportRow } from "../tests/api/product-import-support.js";
import { insertCatalogue, testConfig } from "../tests/api/support.js";
import { buildApp } from "../api/src/app.js";
import { openDatabase } from "../api/src/db/client.js";
import { DiskFileStore } from "../api/src/files/disk.js";
import { startPostgres } from "../tests/support/postgres.js";

/**
 * `npx tsx bench/product-import.ts [rows] [--postgres]`: how long a seller's catalogue import takes
 * (issue 34, decision 0054), on the embedded database (PGlite, as `npm start`) or on PostgreSQL with
 * production's timeouts, through the API's own calls:
 * a file of `rows` new products (5,000 unless given; half with sizes), previewed and applied; then
 * the same products updated by their IDs (prices, every size's stock, a tenth renamed), previewed and
 * applied; then that file again with only new prices, as a download edited in a spreadsheet comes back.
 * Prints the wall time of each call and writes it to bench/results/product-import-<engine>.txt.
 */

const args = process.argv.slice(2);
const onPostgres = args.includes("--postgres");
const rows = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 5_000);
// A fresh database, migrated as the API migrates it at start, and the API on it: embedded (PGlite),
// or with --postgres a PostgreSQL cluster of its own (tests/support/postgres.ts, as bench/cluster.ts)
// with production's statement and lock timeouts.
const postgres = onPostgres ? await startPostgres() : null;
const database = await openDatabase({
  dataDir: ":memory:",
  ...(postgres ? { databaseUrl: postgres.url, poolSize: 4 } : {}),
});
const config = testConfig();
const files = new DiskFileStore(config.filesDir);
await database.migrate(files);
const api = { db: database.db, app: await buildApp({ db: database.db, config, listen: database.listen, files }) };
try {
  const catalogue = await insertCatalogue(api.db);
  const [owner] = await api.db.select({ id: shops.ownerId }).from(shops).where(eq(shops.id, catalogue.shops.smash.id));
  const seller = await signedInAs(owner!.id, "seller");

  const timed = async (label: string, url: string, csv: string) => {
    const started = performance.now();
    const response = await api.app.inject({ method: "POST", url, headers: seller.headers, payload: { csv } });
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
    return { label, ms, answer: response.json() as Record<string, unknown> };
  };

  const fresh: ImportRow[] = Array.from({ length: rows }, (_, index) =>
    newBallsRow(
      `Banco ${index}`,
      index % 2 === 0 ? { sizes: "S: 1 | M: 2 | L: 3", stock: "6" } : { stock: String(index % 50) },
    ),
  );
  const created = importCsv(fresh);
  const results = [
    await timed(`vista previa, ${rows} filas nuevas`, "/seller/products/import", created),
    await timed(`importación, ${rows} filas nuevas`, "/seller/products/import/apply", created),
  ];

  const ids = new Map(
    (
      await api.db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(eq(products.shopId, catalogue.shops.smash.id))
    ).map((row) => [row.name, row.id]),
  );
  const updates: ImportRow[] = fresh.map((row, index) => ({
    ...row,
    id: ids.get(row.name!)!,
    name: index % 10 === 0 ? `Banco renombrado ${index}` : row.name,
    price: "14,99",
    state: "oculto",
    ...(index % 2 === 0 ? { sizes: "S: 4 | M: 0 | XL: 2", stock: "6" } : { stock: String((index % 50) + 1) }),
  }));
  const updated = importCsv(updates);
  results.push(
    await timed(`vista previa, ${rows} filas que actualizan`, "/seller/products/import", updated),
    await timed(`importación, ${rows} filas que actualizan`, "/seller/products/import/apply", updated),
  );

  // The usual round trip: the downloaded file back with new prices, its stock as it was (no stock written).
  const repriced = importCsv(updates.map((row) => ({ ...row, price: "15,99" })));
  results.push(
    await timed(`importación, ${rows} filas con solo el precio cambiado`, "/seller/products/import/apply", repriced),
  );

  const lines = results.map(
    (result) =>
      `${result.label}: ${(result.ms / 1000).toFixed(2)} s ${JSON.stringify(
        Object.fromEntries(Object.entries(result.answer).filter(([key]) => key !== "skippedLines")),
      )}`,
  );
  const engine = onPostgres ? "PostgreSQL" : "PGlite";
  // Other work on the machine's cores lengthens every figure: the load is written beside them.
  const load = `carga ${loadavg()[0]!.toFixed(1)} en ${cpus().length} núcleos`;
  const text = [`Importación de productos (${engine}, ${new Date().toISOString()}, ${load})`, ...lines, ""].join("\n");
  process.stdout.write(text);
  await writeFile(new URL(`./results/product-import-${engine.toLowerCase()}.txt`, import.meta.url), text);
} finally {
  await api.app.close();
  await database.close();
  await postgres?.stop();
}
