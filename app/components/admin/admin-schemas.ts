import { z } from "zod";
import { auditQuery } from "#contract/audit";
import {
  DECISION_REASON_MAX_LENGTH,
  DOCUMENT_NOTE_MAX_LENGTH,
  requestChangesBody,
  shopDecisionBody,
  shopsQuery,
  suspendBody,
  type RequestChangesBody,
} from "#contract/shops";
import { REJECTION_REASONS, SUSPENSION_REASONS, type ShopStatus } from "#contract/shop-labels";
import { OTHER_REASON } from "./admin-intents";

/**
 * The admin area's forms. Each is checked by the browser (Conform) and by its action with the same
 * schema, and each ends in the contract's own body, so a form accepts exactly what the API accepts.
 * Every mutation carries its `intent` (admin-intents.ts).
 */

/** Approving needs no field: the form exists to carry its intent and show a refusal. */
export const approveFormSchema = z.object({});

/**
 * A reason picked from `ready` or written after 'Otro motivo', then checked by the contract's
 * `body` (its missing and too-long messages), placed next to the control the admin used.
 */
function reasonForm<Body>(
  ready: readonly [string, ...string[]],
  pickMessage: string,
  toBody: (reason: string | undefined) => unknown,
  body: z.ZodType<Body>,
) {
  return z
    .object({
      reasonChoice: z.enum([...ready, OTHER_REASON], { errorMap: () => ({ message: pickMessage }) }),
      otherReason: z
        .string()
        .max(DECISION_REASON_MAX_LENGTH, `El motivo no puede superar los ${DECISION_REASON_MAX_LENGTH} caracteres.`)
        .optional(),
    })
    .transform((form, context) => {
      const other = form.reasonChoice === OTHER_REASON;
      const checked = body.safeParse(toBody(other ? form.otherReason : form.reasonChoice));
      if (checked.success) return checked.data;
      for (const issue of checked.error.issues)
        context.addIssue({ code: "custom", message: issue.message, path: [other ? "otherReason" : "reasonChoice"] });
      return z.NEVER;
    });
}

/** Rejecting a request: one of REJECTION_REASONS or another reason, as `{approved: false, reason}`. */
export const rejectFormSchema = reasonForm(
  REJECTION_REASONS,
  "Elige el motivo del rechazo.",
  (reason) => ({ approved: false, reason }),
  shopDecisionBody,
);

/** Suspending a shop: one of SUSPENSION_REASONS or another reason, as `{reason}`. */
export const suspendFormSchema = reasonForm(
  SUSPENSION_REASONS,
  "Elige el motivo de la suspensión.",
  (reason) => ({ reason }),
  suspendBody,
);

/** Which shop a shops-list form is about (suspend carries it beside its reason). */
export const shopIdField = z.object({
  shopId: z.string({ required_error: "Falta la tienda." }).uuid("La tienda no es válida."),
});

/**
 * Asking for changes: one row per document in force, a checkbox and a note each; the ticked ones
 * become the contract's `{documents: [{documentId, note}]}`, a missing note flagged on its row.
 */
export const requestChangesFormSchema = z
  .object({
    documents: z
      .array(
        z.object({
          documentId: z.string(),
          selected: z.boolean().optional(),
          note: z
            .string()
            .max(DOCUMENT_NOTE_MAX_LENGTH, `La nota no puede superar los ${DOCUMENT_NOTE_MAX_LENGTH} caracteres.`)
            .optional(),
        }),
      )
      .default([]),
  })
  .transform((form, context): RequestChangesBody => {
    const chosen = form.documents.flatMap((row, index) => (row.selected ? [{ index, row }] : []));
    const checked = requestChangesBody.safeParse({
      documents: chosen.map(({ row }) => ({ documentId: row.documentId, note: row.note ?? "" })),
    });
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      const [, position, field] = issue.path;
      const row = typeof position === "number" ? chosen[position] : undefined;
      // A note's message goes under that note; anything else (none ticked) above the list.
      context.addIssue({
        code: "custom",
        message: issue.message,
        path: row ? ["documents", row.index, field === "note" ? "note" : "selected"] : ["documents"],
      });
    }
    return z.NEVER;
  });

// ---- The lists' GET forms -----------------------------------------------------------------------

/** The shops list's address (`?status=&searchValue=&pageNumber=`) as the API's query; anything unreadable is left out. */
export function shopsListQuery(searchParams: URLSearchParams): {
  status?: ShopStatus;
  searchValue?: string;
  page: number;
} {
  const status = shopsQuery.shape.status.safeParse(searchParams.get("status") ?? undefined);
  const searchValue = shopsQuery.shape.searchValue.safeParse(searchParams.get("searchValue") ?? undefined);
  const page = shopsQuery.shape.page.safeParse(searchParams.get("pageNumber") ?? undefined);
  return {
    status: status.success ? status.data : undefined,
    searchValue: searchValue.success ? searchValue.data : undefined,
    page: page.success ? page.data : 1,
  };
}

export type AuditFilterErrors = Partial<Record<"action" | "entityId" | "actorId", string>>;

/** The audit log's address (`?action=&entityId=&actorId=&pageNumber=`) checked by the API's own query schema. */
export function auditListQuery(searchParams: URLSearchParams) {
  const raw = {
    action: searchParams.get("action") ?? undefined,
    entityId: searchParams.get("entityId")?.trim() ?? undefined,
    actorId: searchParams.get("actorId") ?? undefined,
    page: searchParams.get("pageNumber") ?? undefined,
  };
  const checked = auditQuery.safeParse(raw);
  const typed = { action: raw.action ?? "", entityId: raw.entityId ?? "", actorId: raw.actorId ?? "" };
  if (checked.success) return { query: checked.data, typed, errors: null };
  const errors: AuditFilterErrors = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if (field === "action" || field === "entityId" || field === "actorId") errors[field] ??= issue.message;
  }
  // An unreadable page number alone is no reason to refuse the filters: the first page.
  if (Object.keys(errors).length === 0)
    return { query: auditQuery.parse({ ...raw, page: undefined }), typed, errors: null };
  return { query: null, typed, errors };
}
