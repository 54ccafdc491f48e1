import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../config.js";
import { openDatabase, type Db } from "../db/client.js";
import { DiskFileStore } from "../files/disk.js";
import { DEMO_PRODUCT_COUNT } from "./catalogue.js";
import { demoAccountLines, seedCatalogue } from "./seed.js";

/**
 * `npm run seed -- --products 10000 [--reset]`: seeds an empty database with a catalogue of any
 * size. It never mixes a new catalogue into existing data; --reset empties the store first.
 */

const USAGE = "Uso: npm run seed -- [--products N] [--reset]";
const MAX_PRODUCTS = 1_000_000;

/** Everything the seed writes. CASCADE also empties what refers to it (orders, carts...), which a reset must. */
const SEEDED_TABLES = sql`users, shops, categories, products, product_sizes, product_images, images, image_variants, banners, blog_posts`;

function readOptions(): { products: number; reset: boolean } {
  let values: { products?: string; reset: boolean };
  try {
    ({ values } = parseArgs({ options: { products: { type: "string" }, reset: { type: "boolean", default: false } } }));
  } catch {
    throw new Error(`Argumentos no válidos: ${process.argv.slice(2).join(" ")}`);
  }
  const products = values.products === undefined ? DEMO_PRODUCT_COUNT : Number(values.products);
  if (!Number.isInteger(products) || products < 1 || products > MAX_PRODUCTS) {
    throw new Error(`--products debe ser un número entero entre 1 y ${MAX_PRODUCTS.toLocaleString("es-ES")}.`);
  }
  return { products, reset: values.reset };
}

async function hasData(db: Db): Promise<boolean> {
  const result = await db.execute<{ has_data: boolean }>(
    sql`select exists (select 1 from users) or exists (select 1 from categories) or exists (select 1 from products) as has_data`,
  );
  return result.rows[0].has_data;
}

const seconds = (since: number) =>
  ((performance.now() - since) / 1000).toLocaleString("es-ES", { maximumFractionDigits: 1 });

async function main(): Promise<number> {
  let options: ReturnType<typeof readOptions>;
  try {
    options = readOptions();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 1;
  }

  const config = loadConfig();
  // A bulk load, not requests: no statement or lock time limits (a truncate may wait for the API's transactions).
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    timeouts: null,
  });
  try {
    const files = new DiskFileStore(config.filesDir);
    await database.migrate(files);
    if (await hasData(database.db)) {
      if (!options.reset) {
        console.error(
          "La base de datos ya tiene datos: no se ha sembrado nada. Usa --reset para vaciarla y sembrarla de nuevo.",
        );
        return 1;
      }
      console.log("Vaciando la base de datos (--reset)...");
      await database.db.transaction(async (tx) => {
        // The ledger and the audit log refuse truncation (migrations 0008 and 0013); wiping the whole
        // store on purpose is the one exception.
        await tx.execute(sql`alter table wallet_entries disable trigger wallet_entries_no_truncate`);
        await tx.execute(sql`alter table audit_log disable trigger audit_log_no_truncate`);
        await tx.execute(sql`truncate table ${SEEDED_TABLES} cascade`);
        await tx.execute(sql`alter table audit_log enable trigger audit_log_no_truncate`);
        await tx.execute(sql`alter table wallet_entries enable trigger wallet_entries_no_truncate`);
      });
    }

    console.log(
      `Sembrando ${options.products.toLocaleString("es-ES")} productos en ${database.kind === "pglite" ? config.dataDir : "PostgreSQL"}...`,
    );
    const started = performance.now();
    const seeded = await seedCatalogue(database.db, files, { products: options.products, settings: config });
    console.log(
      `Creados ${seeded.products.toLocaleString("es-ES")} productos de ${seeded.shops} tiendas en ${seconds(started)} s.`,
    );
    console.log("Cuentas de demostración:");
    for (const line of demoAccountLines()) console.log(line);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (exitCode) => {
    process.exitCode = exitCode;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
