import { createCookie } from "@remix-run/node";
import { finderAnswersQuery, racketFinderEndpoints, type FinderAnswer } from "#contract/racket-finder";
import { finderSearch, FINDER_QUESTION_ORDER, type FinderAnswers, type FitLevel } from "#contract/racket-finder-fields";
import { ApiError, type ApiClient } from "./api.server";
import { toSummary, type ProductSummary } from "./catalog.server";

/**
 * The racket finder's page and the racket page's «¿Es esta tu pala?» (issue 36). The answers live
 * in the page's address (a GET form, so a result can be shared) and the last valid ones in a cookie,
 * which the racket pages read (docs/decisions/0058-racket-finder.md).
 */

/** The last answers: a preference, not a secret, so unsigned; anything not the finder's reads as none. */
const answersCookie = createCookie("__mp_buscador", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 180 * 24 * 60 * 60,
});

export interface FinderForm {
  /** What each question carries in the address, as typed: the form shows it back. */
  values: Partial<Record<string, string>>;
  /** A wrong answer's message, by question. */
  errors: Partial<Record<string, string>>;
  /** The answers when all are right (empty when none given), else null. */
  answers: FinderAnswers | null;
}

/** The address's answers, each checked by the API's own schema; a repeated question keeps its last value. */
export function readFinderForm(searchParams: URLSearchParams): FinderForm {
  const values = Object.fromEntries(
    FINDER_QUESTION_ORDER.flatMap((question) => {
      const value = searchParams.getAll(question).at(-1);
      return value === undefined ? [] : [[question, value]];
    }),
  );
  const parsed = finderAnswersQuery.safeParse(values);
  if (parsed.success) return { values, errors: {}, answers: parsed.data };
  const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  return { values, errors, answers: null };
}

export function answered(answers: FinderAnswers): boolean {
  return Object.values(answers).some((value) => value !== undefined);
}

export interface FinderResults extends Omit<FinderAnswer, "rackets"> {
  rackets: (ProductSummary & Pick<FinderAnswer["rackets"][number], "sizes" | "reasons">)[];
}

export async function findRackets(api: ApiClient, answers: FinderAnswers): Promise<FinderResults> {
  const { rackets, total, relax } = await api.call(racketFinderEndpoints.find, { query: finderQuery(answers) });
  return {
    rackets: rackets.map(({ sizes, reasons, points: _points, ...card }) => ({ ...toSummary(card), sizes, reasons })),
    total,
    relax,
  };
}

/** The answers as the typed client sends them: the address's own spelling. */
function finderQuery(answers: FinderAnswers): Record<string, string> {
  return Object.fromEntries(finderSearch(answers));
}

/** The Set-Cookie header that keeps these answers for the racket pages. */
export function keepAnswers(answers: FinderAnswers): Promise<string> {
  return answersCookie.serialize(finderSearch(answers).toString());
}

/** The answers kept by the last visit to the finder, or null (none, or not the finder's any more). */
export async function keptAnswers(request: Request): Promise<FinderAnswers | null> {
  const kept: unknown = await answersCookie.parse(request.headers.get("Cookie"));
  if (typeof kept !== "string") return null;
  const { answers } = readFinderForm(new URLSearchParams(kept));
  return answers && answered(answers) ? answers : null;
}

export interface RacketFit {
  fit: FitLevel;
  label: string;
  pros: string[];
  cons: string[];
  /** The finder with the kept answers, to change them. */
  finderHref: string;
}

/** «¿Es esta tu pala?»: how the racket fits the kept answers; null without answers or for a racket the finder cannot judge. */
export async function racketFit(api: ApiClient, request: Request, slug: string): Promise<RacketFit | null> {
  const answers = await keptAnswers(request);
  if (!answers) return null;
  try {
    const fit = await api.call(racketFinderEndpoints.fit, { params: { slug }, query: finderQuery(answers) });
    return { ...fit, finderHref: finderHref(answers) };
  } catch (error) {
    // Not a racket with its sheet, or no longer in the store: the page shows the finder's link alone.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

function finderHrefOf(search: URLSearchParams): string {
  return search.size > 0 ? `/racket-finder?${search}` : "/racket-finder";
}

export function finderHref(answers: FinderAnswers): string {
  return finderHrefOf(finderSearch(answers));
}

/** Each answer to relax as a link: the same answers with that one changed, or left out. */
export function relaxLinks(answers: FinderAnswers, relax: FinderAnswer["relax"]): { message: string; href: string }[] {
  return relax.map(({ question, value, message }) => {
    const search = finderSearch(answers);
    if (value === null) search.delete(question);
    else search.set(question, value);
    return { message, href: finderHrefOf(search) };
  });
}
