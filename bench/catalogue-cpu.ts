import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { Db } from "../api/src/db/client.js";
import * as schema from "../api/src/db/schema.js";
import { catalogueReads, palasIdIn, type CatalogueRead } from "./catalogue-plans.js";

const RUNS = 25;

export interface ReadCpu {
  read: CatalogueRead;
  /** The least and the median of RUNS calls, in ms. */
  leastMs: number;
  medianMs: number;
}

/**
 * The CPU each catalogue read costs once, with nothing kept (no totals, rankings or suggestions
 * from an earlier call), as a shopper's first question of its kind costs the API. The throughput
 * figures of measure.ts repeat one question, so they mostly see what the API keeps between
 * catalogue writes; these show what a new question costs. CPU time rather than wall time, so other
 * work on the machine moves them less.
 */
export async function measureCatalogueReads(client: PGlite): Promise<ReadCpu[]> {
  const db = drizzle(client, { schema }) as unknown as Db;
  const palasId = await palasIdIn(db);
  const answer: ReadCpu[] = [];
  for (const read of catalogueReads) {
    await read.run(db, palasId);
    const spent: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const before = process.cpuUsage();
      await read.run(db, palasId);
      const { user, system } = process.cpuUsage(before);
      spent.push((user + system) / 1000);
    }
    spent.sort((first, second) => first - second);
    answer.push({ read, leastMs: spent[0]!, medianMs: spent[Math.floor(RUNS / 2)]! });
  }
  return answer;
}
