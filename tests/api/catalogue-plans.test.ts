import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueReads, explainCatalogueReads, type ReadPlans } from "../../bench/catalogue-plans";
import type { Db } from "../../api/src/db/client";
import * as schema from "../../api/src/db/schema";
import { seedCatalogue } from "../../api/src/seed/seed";
import { temporaryFileStore, testConfig } from "./support";

/**
 * The catalogue's main reads keep their indexes (bench/catalogue-plans.ts): a migration that drops
 * one, or a query rewritten so the planner cannot use it, fails here. A small seeded catalogue
 * with sequential scans disabled: the planner then reads through an index whenever one fits, so
 * a plan without the expected index means none fits any more (bench/results/plans-*.txt shows the
 * plans of 10,000 and 100,000 products, where the planner chooses them on its own).
 */
describe("planes de las lecturas del catálogo", () => {
  let client: PGlite;
  let explained: ReadPlans[];
  const store = temporaryFileStore();

  beforeAll(async () => {
    client = await PGlite.create({ extensions: { pg_trgm, unaccent } });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: "api/drizzle" });
    await seedCatalogue(db as unknown as Db, store.files, { products: 300, settings: testConfig() });
    await client.exec("analyze; set enable_seqscan = off");
    explained = await explainCatalogueReads(client, "(costs off)");
  }, 120_000);

  afterAll(async () => {
    await client.close();
    await store.remove();
  });

  it.each(catalogueReads.map((read) => [read.name, read] as const))("%s", (_name, read) => {
    const { plans } = explained.find((entry) => entry.read === read)!;
    expect(plans.length).toBeGreaterThan(0);
    const text = plans.map((statement) => statement.plan).join("\n");
    for (const index of read.indexes) expect(text, text).toMatch(index);
    expect(text).not.toMatch(/Seq Scan on (products|product_sizes)\b/);
  });
});
