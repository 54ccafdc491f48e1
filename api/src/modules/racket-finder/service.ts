import { and, asc, eq, gt, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { FinderAnswer, FinderResult, RacketFitAnswer } from "#contract/racket-finder";
import { FINDER_RESULTS } from "#contract/racket-finder";
import { FIT_LABELS, type FinderAnswers } from "#contract/racket-finder-fields";
import {
  fitLevel,
  racketTraits,
  rankRackets,
  relaxHints,
  scoreRacket,
  type FinderRacket,
} from "#contract/racket-finder-scoring";
import type { Db } from "../../db/client.js";
import { categories, products } from "../../db/schema.js";
import { productSizesList, selectProductCards, shopSelling, toProductCard } from "../catalog/service.js";
import { vacationInForce } from "../shop-profile/vacation.js";

/** The racket finder (issue 36): the catalogue's rackets weighed by contract/racket-finder-scoring.ts. */

const racketColumns = { specs: products.specs, sizes: productSizesList };

type RacketRow = Awaited<ReturnType<typeof racketRows>>[number];
type PoolRacket = FinderRacket & { row: RacketRow };

/** Rackets (products of a category with the «Ficha de pala») with their sheet filled in, as the catalogue shows them. */
function racketRows(db: Db, where: SQL) {
  return selectProductCards(db, racketColumns)
    .where(and(shopSelling, eq(categories.specSheet, "pala"), isNotNull(products.specs), where))
    .orderBy(asc(products.name), asc(products.id));
}

/**
 * The rackets a shopper can buy now: in the store, in stock, of a shop that is not on vacation (its
 * products are listed but not sold, decision 0045). Read whole: a catalogue holds rackets by the
 * hundred, not the hundred thousand, and the scoring reads every field of each.
 */
async function racketPool(db: Db): Promise<PoolRacket[]> {
  const rows = await racketRows(db, and(gt(products.stock, 0), isNull(sql`${vacationInForce}`))!);
  return rows.map((row) => ({ row, traits: racketTraits(row.specs), salePrice: row.salePrice }));
}

function toResult({ row }: PoolRacket, points: number, reasons: string[]): FinderResult {
  return { ...toProductCard(row), sizes: row.sizes, points, reasons };
}

/** GET /home/racket-finder: the best rackets for the answers; when none fits, what to relax. */
export async function findRackets(db: Db, answers: FinderAnswers): Promise<FinderAnswer> {
  const pool = await racketPool(db);
  const ranked = rankRackets(answers, pool);
  return {
    rackets: ranked.slice(0, FINDER_RESULTS).map(({ racket, score }) => toResult(racket, score.points, score.pros)),
    total: ranked.length,
    relax: ranked.length === 0 ? relaxHints(answers, pool) : [],
  };
}

/**
 * GET /home/racket-finder/{slug}: how one racket fits the answers, against the best that fits now.
 * Null for a product that is not a racket with its sheet, or not in the store.
 */
export async function racketFit(db: Db, slug: string, answers: FinderAnswers): Promise<RacketFitAnswer | null> {
  const [[row], pool] = await Promise.all([racketRows(db, eq(products.slug, slug)), racketPool(db)]);
  if (!row) return null;
  const score = scoreRacket(answers, { traits: racketTraits(row.specs), salePrice: row.salePrice });
  const best = rankRackets(answers, pool)[0];
  const fit = fitLevel(score, Math.max(best?.score.points ?? 0, score.points));
  return { fit, label: FIT_LABELS[fit], pros: score.pros, cons: score.cons };
}
