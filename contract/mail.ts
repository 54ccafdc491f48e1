import { z } from "zod";
import { endpoint, messageAnswer, noBody, noInput } from "./http";
import { isoDateTime, uuid } from "./fields";
import { MAIL_KINDS, OPTIONAL_MAIL_KINDS, type MailKind } from "./mail-kinds";

/**
 * The reader's mail preferences (page «Notificaciones por correo»), the one-click unsubscribe of
 * every optional mail (RFC 8058) and the admin's list of mail that could not be sent (issue 33).
 */

// ---- Messages -----------------------------------------------------------------------------------

export const MAIL_PREFERENCES_SAVED = "Tus preferencias de correo se guardaron.";
export const INVALID_MAIL_KIND = "Ese tipo de correo no existe o no se puede desactivar.";
export const BAD_UNSUBSCRIBE_LINK = "El enlace para dejar de recibir correos no es válido.";
export const MAIL_NOT_FOUND = "Correo no encontrado.";
export const MAIL_ALREADY_SENT = "Ese correo ya se envió.";
export const MAIL_RETRY_SCHEDULED = "El correo se reintentará ahora.";

/** What the unsubscribe page and the one-click POST answer once the kind is off. */
export function unsubscribedMessage(kind: MailKind): string {
  return `Listo: ya no te enviaremos «${MAIL_KINDS[kind].label}».`;
}

// ---- Inputs -------------------------------------------------------------------------------------

const optionalKind = z.enum(OPTIONAL_MAIL_KINDS as [MailKind, ...MailKind[]], {
  errorMap: () => ({ message: INVALID_MAIL_KIND }),
});

/** PUT /user/mail-preferences: the optional kinds the reader still wants; the others of their role go off. */
export const mailPreferencesBody = z.object({
  enabled: z.array(optionalKind).max(OPTIONAL_MAIL_KINDS.length),
});
export type MailPreferencesBody = z.infer<typeof mailPreferencesBody>;

/** The signed token of an unsubscribe link: it names the user and the kind, and needs no session. */
export const unsubscribeQuery = z.object({
  token: z.string({ required_error: BAD_UNSUBSCRIBE_LINK }).min(1, BAD_UNSUBSCRIBE_LINK).max(500, BAD_UNSUBSCRIBE_LINK),
});

/**
 * The one-click POST's body (RFC 8058: `List-Unsubscribe=One-Click`, form-encoded) or the web's
 * confirmation (none); either turns the kind off.
 */
export const unsubscribeBody = z.object({ "List-Unsubscribe": z.string().max(50).optional() }).nullish();

export const stuckMailParams = z.object({ mailId: uuid(MAIL_NOT_FOUND) });

// ---- Answers ------------------------------------------------------------------------------------

/** One kind of mail as the preferences page lists it. */
export const mailPreference = z.object({
  kind: z.string(),
  label: z.string(),
  /** False: a receipt or security mail, always sent. */
  optional: z.boolean(),
  enabled: z.boolean(),
});
export type MailPreference = z.infer<typeof mailPreference>;

/** The kinds that reach the signed-in user's role, in MAIL_KINDS' order. */
export const mailPreferencesAnswer = z.object({ kinds: z.array(mailPreference) });
export type MailPreferencesAnswer = z.infer<typeof mailPreferencesAnswer>;

/** What an unsubscribe link will turn off, for the page that asks to confirm. */
export const unsubscribeAnswer = z.object({
  kind: z.string(),
  label: z.string(),
  email: z.string(),
  /** Already off (the link was used before). */
  alreadyOff: z.boolean(),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;

/** A mail that was not sent after MAIL_STUCK_AFTER_ATTEMPTS attempts. */
export const stuckMail = z.object({
  id: z.string(),
  to: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: isoDateTime,
  createdAt: isoDateTime,
});
export type StuckMail = z.infer<typeof stuckMail>;

export const stuckMailAnswer = z.object({ mails: z.array(stuckMail), stuckAfterAttempts: z.number().int() });
export type StuckMailAnswer = z.infer<typeof stuckMailAnswer>;

// ---- Calls --------------------------------------------------------------------------------------

export const mailEndpoints = {
  preferences: endpoint({
    method: "GET",
    path: "/user/mail-preferences",
    query: noInput,
    answer: mailPreferencesAnswer,
  }),
  savePreferences: endpoint({
    method: "PUT",
    path: "/user/mail-preferences",
    body: mailPreferencesBody,
    answer: mailPreferencesAnswer,
  }),
  /** No session: the token is the credential. */
  describeUnsubscribe: endpoint({
    method: "GET",
    path: "/mail/unsubscribe",
    query: unsubscribeQuery,
    answer: unsubscribeAnswer,
  }),
  unsubscribe: endpoint({
    method: "POST",
    path: "/mail/unsubscribe",
    query: unsubscribeQuery,
    body: unsubscribeBody,
    answer: messageAnswer,
  }),
  stuck: endpoint({ method: "GET", path: "/admin/mail/stuck", query: noInput, answer: stuckMailAnswer }),
  retry: endpoint({
    method: "POST",
    path: "/admin/mail/:mailId/retry",
    params: stuckMailParams,
    body: noBody,
    answer: messageAnswer,
  }),
};

/** The kinds a role receives: everyone buys; sellers also run a shop, admins also run the store. */
export function mailAudiencesOf(role: "customer" | "seller" | "admin"): ReadonlyArray<string> {
  if (role === "seller") return ["todos", "cliente", "vendedor"];
  if (role === "admin") return ["todos", "cliente", "admin"];
  return ["todos", "cliente"];
}
