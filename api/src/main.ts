import { sql } from "drizzle-orm";
import { buildApp } from "./app.js";
import { API_RESTART_EXIT_CODE, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { waitForRoom } from "./db/disk-full.js";
import { DiskFileStore } from "./files/disk.js";
import { tidyFileStore } from "./files/housekeeping.js";
import { demoAccountLines, seedIfEmpty } from "./seed/seed.js";

/** How long past the request timeout a stop (SIGTERM, SIGINT) may take before the process exits regardless. */
const SHUTDOWN_GRACE_MS = 5000;

/** Runs the API: migrates, seeds an empty database once, and listens until told to stop. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
  });
  // Documents and images live in the file store (decision 0036); migrating moves any an older database kept.
  const files = new DiskFileStore(config.filesDir);
  await database.migrate(files);
  await tidyFileStore(database.db, files);
  const seeded = await seedIfEmpty(database.db, files, config);
  // PGlite runs no autovacuum: refresh the planner's statistics and the visibility map at start so
  // catalogue queries use their indexes (and index-only scans).
  if (database.kind === "pglite") await database.db.execute(sql`vacuum analyze`);
  const fullDisk = database.kind === "pglite" ? database.fullDisk : null;
  const app = await buildApp({
    db: database.db,
    config,
    listen: database.listen,
    files,
    storageFull: () => fullDisk?.setAside ?? false,
    log: config.log,
  });
  await app.listen({ host: config.apiHost, port: config.apiPort });

  console.log(
    `API de Mercado Pádel en http://${config.apiHost}:${config.apiPort} (${database.kind === "pglite" ? `PGlite en ${config.dataDir}` : "PostgreSQL"})`,
  );
  if (seeded) console.log(`Catálogo de demostración creado: ${seeded.products} productos de ${seeded.shops} tiendas.`);
  console.log("Cuentas de demostración:");
  for (const line of demoAccountLines()) console.log(line);

  let stopping = false;
  const stop = async (exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    // Answers under way are waited for (each is bounded by the request timeout); past that the
    // process ends anyway, so a supervisor or test never waits on a close that hangs.
    const limitMs = config.requestTimeoutSeconds * 1000 + SHUTDOWN_GRACE_MS;
    setTimeout(() => {
      console.error(`La API no terminó de cerrarse en ${limitMs / 1000} s: se detiene igualmente.`);
      process.exit(1);
    }, limitMs).unref();
    await app.close();
    await database.close();
    process.exit(exitCode);
  };
  process.on("SIGINT", () => stop());
  process.on("SIGTERM", () => stop());

  // A full disk set PGlite aside (disk-full.ts): the API answers 503 meanwhile, and once there is
  // room again it exits for `npm start` to start it anew on the same data, recovered from its WAL.
  void fullDisk?.whenSetAside
    .then(() => waitForRoom(config.dataDir))
    .then(() => {
      console.error("Vuelve a haber espacio en el disco: la API se reinicia.");
      return stop(API_RESTART_EXIT_CODE);
    });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
