import { z } from "zod";
import {
  DECISION_REASON_MAX_LENGTH,
  DOCUMENT_NOTE_MAX_LENGTH,
  requestChangesBody,
  shopDecisionForm,
  suspendBody,
  type RequestChangesBody,
} from "#contract/shops";
import { REJECTION_REASONS, SUSPENSION_REASONS } from "#contract/shop-labels";
import { adminShopIntents, OTHER_REASON } from "./admin-shop.forms";

/**
 * The admin's shop forms. Each is checked by the browser (Conform) and by its action with the same
 * schema, and each ends in the contract's own body, so a form accepts exactly what the API accepts.
 * Every mutation carries its `intent` (admin-shop.forms.ts).
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
  shopDecisionForm,
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

const changeNote = z
  .string()
  .max(DOCUMENT_NOTE_MAX_LENGTH, `La nota no puede superar los ${DOCUMENT_NOTE_MAX_LENGTH} caracteres.`)
  .optional();

/** The rows of one list of «Pedir cambios» the admin ticked, with their place in the form. */
const ticked = <Row extends { selected?: boolean }>(rows: Row[]) =>
  rows.flatMap((row, index) => (row.selected ? [{ index, row }] : []));

/**
 * Asking for changes (issue 34): one row per datum of the application and one per document in
 * force, each a checkbox and a note; the ticked ones become the contract's `{fields: [{field,
 * note}], documents: [{documentId, note}]}`. A missing document note is flagged on its row, and
 * naming nothing above the form.
 */
export const requestChangesFormSchema = z
  .object({
    fields: z.array(z.object({ field: z.string(), selected: z.boolean().optional(), note: changeNote })).default([]),
    documents: z
      .array(z.object({ documentId: z.string(), selected: z.boolean().optional(), note: changeNote }))
      .default([]),
  })
  .transform((form, context): RequestChangesBody => {
    const chosen = { fields: ticked(form.fields), documents: ticked(form.documents) };
    const checked = requestChangesBody.safeParse({
      fields: chosen.fields.map(({ row }) => ({ field: row.field, note: row.note ?? null })),
      documents: chosen.documents.map(({ row }) => ({ documentId: row.documentId, note: row.note ?? "" })),
    });
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      const [list, position, field] = issue.path;
      const row =
        (list === "fields" || list === "documents") && typeof position === "number"
          ? chosen[list][position]
          : undefined;
      // A note's message goes under that note; naming nothing above the form.
      context.addIssue({
        code: "custom",
        message: issue.message,
        path: row ? [list as string, row.index, field === "note" ? "note" : "selected"] : [],
      });
    }
    return z.NEVER;
  });

/** A shops-list row's suspension: the shop and its reason, as `{shopId, reason}`. */
export const suspendShopSchema = z.intersection(shopIdField, suspendFormSchema);

/** The request page's forms by the intent their button sends (parseIntentForm). */
export const SHOP_REQUEST_FORMS = {
  [adminShopIntents.approve]: approveFormSchema,
  [adminShopIntents.reject]: rejectFormSchema,
  [adminShopIntents.requestChanges]: requestChangesFormSchema,
};

/** The shops list's forms, one of each kind per shop. */
export const SHOPS_FORMS = {
  [adminShopIntents.suspend]: suspendShopSchema,
  [adminShopIntents.reactivate]: shopIdField,
};
