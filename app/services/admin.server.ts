import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { ApiError } from "./api.server";
import { requireAccount, type AccountClient, type RequestArgs } from "./auth.server";
import { refusalOf } from "./account.server";

/** The root error boundary's 'Sin permiso' page. */
export function forbidden(): Response {
  return new Response(null, { status: 403, statusText: "Sin permiso" });
}

export function notFound(): Response {
  return new Response(null, { status: 404, statusText: "No encontrado" });
}

/**
 * The signed-in admin's API client. A visitor is sent to sign in (and brought back); any other
 * signed-in user gets the 403 page. The role is the access token's, which a role change makes
 * stale at once (docs/decisions/0009); the API checks it again on every call.
 */
export function requireAdmin(args: RequestArgs): AccountClient {
  const account = requireAccount(args);
  if (account.user.role !== "admin") throw forbidden();
  return account;
}

/**
 * A loader's API failure as the page to show: a refused role is the 403 page, a record that is
 * not there (or a malformed id) the 404 page; anything else goes on to the error boundary.
 */
export function pageErrorOf(error: unknown): unknown {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return forbidden();
    if (error.status === 404 || error.status === 400) return notFound();
  }
  return error;
}

/** What an admin action answers when the API refuses: the form's errors, or the page's message (a 409: someone decided first). */
export interface AdminActionRefusal {
  /** The form the answer belongs to. */
  intent: string;
  /** Which record's form (a shop in a list), when the page has several. */
  target?: string;
  result: SubmissionResult<string[]> | null;
  /** A refusal about the record, not the form (already decided): shown at the top of the page. */
  notice: string | null;
}

/**
 * An API refusal of an admin action, answered to the page: field messages on the form, and a
 * conflict (409, someone else acted first) as the page's notice, since the form may be gone once the
 * page shows the record's new state. A refused role or a missing record are the error pages.
 */
export function refusedAction(
  error: unknown,
  options: {
    intent: string;
    target?: string;
    fields: readonly string[];
    /** The API's field names that a form calls otherwise (`reason` is the form's `otherReason`). */
    fieldNames?: Record<string, string>;
    reply: (errors: { formErrors: string[]; fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]>;
  },
) {
  if (error instanceof Response) throw error;
  if (error instanceof ApiError && (error.status === 403 || error.status === 401)) throw forbidden();
  if (error instanceof ApiError && error.status === 404) throw notFound();
  const { status, formErrors, fieldErrors } = refusalOf(error, options.fields, options.fieldNames);
  const answer: AdminActionRefusal =
    status === 409
      ? { intent: options.intent, target: options.target, result: null, notice: formErrors.join(" ") }
      : {
          intent: options.intent,
          target: options.target,
          result: options.reply({ formErrors, fieldErrors }),
          notice: null,
        };
  return data(answer, { status });
}

/** A form that did not pass its schema: its errors, to be shown next to the fields. */
export function invalidForm(intent: string, result: SubmissionResult<string[]>, target?: string) {
  const answer: AdminActionRefusal = { intent, target, result, notice: null };
  return data(answer, { status: 400 });
}
