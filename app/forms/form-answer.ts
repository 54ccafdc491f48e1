import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";

/**
 * What an action answers when it refuses a form, on every page alike: which form (its `intent`,
 * and on a list which record's: `target`), its errors for Conform (`result`), and a refusal about
 * the page rather than the form (`notice`: someone else acted first, a suspended shop). A success
 * redirects with a flash message instead (redirectWithFlash).
 */
export interface FormAnswer {
  intent: string;
  target?: string;
  result: SubmissionResult<string[]> | null;
  notice?: string | null;
}

function isFormAnswer(data: unknown): data is FormAnswer {
  return typeof data === "object" && data !== null && typeof (data as FormAnswer).intent === "string";
}

/** The answer that belongs to the form of `intent` (and `target`), out of an action's or a fetcher's data. */
export function answerFor(data: unknown, intent: string, target?: string): FormAnswer | undefined {
  return isFormAnswer(data) && data.intent === intent && data.target === target ? data : undefined;
}

/** The answer of this page's action for the form of `intent` (and `target`), if it was that form's. */
export function useFormAnswer(intent: string, target?: string): FormAnswer | undefined {
  return answerFor(useActionData(), intent, target);
}
