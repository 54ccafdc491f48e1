import { sql } from "drizzle-orm";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { DiskFileStore } from "./files/disk.js";
import { tidyFileStore } from "./files/housekeeping.js";
import { demoAccountLines, seedIfEmpty } from "./seed/seed.js";

/** Runs the API: migrates, seeds an empty database once, and listens until told to stop. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
  });
  // Documents and images live in the file store (decision 0034); migrating moves any an older database kept.
  const files = new DiskFileStore(config.filesDir);
  await database.migrate(files);
  await tidyFileStore(database.db, files);
  const seeded = await seedIfEmpty(database.db, files, config);
  // PGlite runs no autovacuum: refresh the planner's statistics and the visibility map at start so
  // catalogue queries use their indexes (and index-only scans).
  if (database.kind === "pglite") await database.db.execute(sql`vacuum analyze`);
  const app = await buildApp({ db: database.db, config, listen: database.listen, files, log: config.log });
  await app.listen({ host: config.apiHost, port: config.apiPort });

  console.log(
    `API de Mercado Pádel en http://${config.apiHost}:${config.apiPort} (${database.kind === "pglite" ? `PGlite en ${config.dataDir}` : "PostgreSQL"})`,
  );
  if (seeded) console.log(`Catálogo de demostración creado: ${seeded.products} productos de ${seeded.shops} tiendas.`);
  console.log("Cuentas de demostración:");
  for (const line of demoAccountLines()) console.log(line);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
