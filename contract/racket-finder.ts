import { z } from "zod";
import { productCard, productSize, productSlugParams } from "./catalog";
import { queryChoice, queryInteger } from "./fields";
import { endpoint } from "./http";
import {
  FINDER_MESSAGES,
  FINDER_QUESTION_ORDER,
  FINDER_QUESTIONS,
  FIT_LABELS,
  MAX_BUDGET_DOLLARS,
  type FinderAnswers,
  type FinderChoice,
  type FinderChoiceQuestion,
  type FitLevel,
} from "./racket-finder-fields";

/**
 * The racket finder's calls (issue 36): the rackets in stock ranked against a player's answers,
 * and how one racket fits them. The questions are racket-finder-fields.ts's, the scoring
 * racket-finder-scoring.ts's. Public: anyone may call, none needs a token.
 */

/** How many rackets the finder shows, best first. */
export const FINDER_RESULTS = 12;

function choice<Q extends FinderChoiceQuestion>(question: Q) {
  const values = FINDER_QUESTIONS[question].options.map((option) => option.value) as [
    FinderChoice<Q>,
    ...FinderChoice<Q>[],
  ];
  return queryChoice(values, FINDER_MESSAGES.choiceInvalid);
}

/** The answers, as the query string carries them; each optional, a wrong one refused with its message. */
export const finderAnswersQuery = z.object({
  nivel: choice("nivel"),
  frecuencia: choice("frecuencia"),
  juego: choice("juego"),
  lado: choice("lado"),
  codo: choice("codo"),
  peso: choice("peso"),
  presupuesto: queryInteger({ min: 1, max: MAX_BUDGET_DOLLARS, message: FINDER_MESSAGES.budgetInvalid }),
});
/** The scoring's answers (racket-finder-scoring.ts takes what this schema gives). */
export type FinderAnswersQuery = z.output<typeof finderAnswersQuery> & FinderAnswers;

export const finderQuestion = z.enum(FINDER_QUESTION_ORDER as [string, ...string[]]);

export const finderResult = productCard.extend({
  /** In display order; empty for a racket without sizes. */
  sizes: z.array(productSize),
  points: z.number().int(),
  /** Why it was picked, strongest first (two or three when the answers say enough). */
  reasons: z.array(z.string()),
});
export type FinderResult = z.infer<typeof finderResult>;

export const relaxHint = z.object({
  question: finderQuestion,
  /** The answer to give instead; null: leave the question unanswered. */
  value: z.string().nullable(),
  message: z.string(),
  count: z.number().int(),
});

export const finderAnswer = z.object({
  /** The best FINDER_RESULTS rackets that fit, best first. */
  rackets: z.array(finderResult),
  /** How many rackets fit in all. */
  total: z.number().int(),
  /** Only when none fits: the answers to relax, the one that brings most rackets first. */
  relax: z.array(relaxHint),
});
export type FinderAnswer = z.infer<typeof finderAnswer>;

const fitLevel = z.enum(Object.keys(FIT_LABELS) as [FitLevel, ...FitLevel[]]);

export const racketFitAnswer = z.object({
  fit: fitLevel,
  /** FIT_LABELS[fit]. */
  label: z.string(),
  /** What speaks for it, strongest first. */
  pros: z.array(z.string()),
  /** What speaks against it; the reasons it is ruled out first. */
  cons: z.array(z.string()),
});
export type RacketFitAnswer = z.infer<typeof racketFitAnswer>;

export const racketFinderEndpoints = {
  find: endpoint({ method: "GET", path: "/home/racket-finder", query: finderAnswersQuery, answer: finderAnswer }),
  fit: endpoint({
    method: "GET",
    path: "/home/racket-finder/:slug",
    params: productSlugParams,
    query: finderAnswersQuery,
    answer: racketFitAnswer,
  }),
};
