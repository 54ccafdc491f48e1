import type { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import type { Db } from "../api/src/db/client.js";
import * as schema from "../api/src/db/schema.js";
import { advancedSearch, catalogueFacets, queryProducts } from "../api/src/modules/catalog/service.js";

/**
 * The catalogue reads that must stay on indexes as the catalogue grows, each with the index its
 * products must be read through. `npm run bench` writes their EXPLAIN ANALYZE to bench/results/;
 * tests/api/catalogue-plans.test.ts fails when one of them loses its index.
 */
export interface CatalogueRead {
  name: string;
  run: (db: Db, palasId: string) => Promise<unknown>;
  /** Each of these matches an index its plans read (an alternative where the planner may pick either). */
  indexes: RegExp[];
}

export const catalogueReads: CatalogueRead[] = [
  {
    name: "Listado: palas en stock, de menor a mayor precio, página 2 (sus 12 tarjetas y su total)",
    run: (db, palasId) =>
      queryProducts(db, {
        categoryId: palasId,
        sortPrice: "low-to-high",
        availability: "in-stock",
        pageNumber: 2,
        parPage: 12,
      }),
    indexes: [/products_category_sale_price_idx/],
  },
  {
    name: "Listado: palas, las más nuevas primero",
    run: (db, palasId) => queryProducts(db, { categoryId: palasId, pageNumber: 1, parPage: 12 }),
    indexes: [/products_(category_)?created_at_idx/],
  },
  {
    name: "Listado: todo el catálogo, de mayor a menor precio",
    run: (db) => queryProducts(db, { sortPrice: "high-to-low", pageNumber: 1, parPage: 12 }),
    indexes: [/products_sale_price_idx/],
  },
  {
    name: "Búsqueda: «pala bullpadel»",
    run: (db) => queryProducts(db, { searchValue: "pala bullpadel", pageNumber: 1, parPage: 12 }),
    indexes: [/products_search_idx/],
  },
  {
    name: "Sugerencias: «bulpadel» (con una errata)",
    run: (db) => advancedSearch(db, "bulpadel"),
    indexes: [/products_search_idx/],
  },
  {
    name: "Filtros del listado: rango de precios, colores, etiquetas y tallas",
    run: (db) => catalogueFacets(db),
    indexes: [/products_sale_price_idx/, /products_color_idx/, /products_tag_idx/, /product_sizes_size_idx/],
  },
];

/** The category the listing reads filter by. */
export async function palasIdIn(db: Db): Promise<string> {
  const [palas] = await db
    .select({ id: schema.categories.id })
    .from(schema.categories)
    .where(eq(schema.categories.slug, "palas"));
  if (!palas) throw new Error("El catálogo no tiene la categoría «palas»");
  return palas.id;
}

export interface ReadPlans {
  read: CatalogueRead;
  /** One per SQL statement the read sent, in order. */
  plans: { sql: string; plan: string }[];
}

/**
 * Runs each read on `client` and explains every statement it sent, with its own parameters.
 * `explain` is what follows EXPLAIN: "(analyze)" to time them, "(costs off)" for a plan alone.
 */
export async function explainCatalogueReads(client: PGlite, explain: string): Promise<ReadPlans[]> {
  let sent: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(client, {
    schema,
    logger: { logQuery: (sql, params) => sent.push({ sql, params }) },
  }) as unknown as Db;
  const palasId = await palasIdIn(db);
  const answer: ReadPlans[] = [];
  for (const read of catalogueReads) {
    sent = [];
    await read.run(db, palasId);
    const plans = [];
    for (const statement of sent) {
      const result = await client.query<{ "QUERY PLAN": string }>(
        `explain ${explain} ${statement.sql}`,
        statement.params,
      );
      plans.push({ sql: statement.sql, plan: result.rows.map((row) => row["QUERY PLAN"]).join("\n") });
    }
    answer.push({ read, plans });
  }
  return answer;
}
