import { mailEndpoints } from "#contract/mail";
import { dateTime } from "./times.server";
import { formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { stuckMailIntents } from "~/routes/dashboard/admin/stuck-mail.forms";
import { retryMailSchema, STUCK_MAIL_FORMS } from "~/routes/dashboard/admin/stuck-mail.schema";
import { ApiError } from "./api.server";
import { pageErrorOf, requireAdmin } from "./admin.server";
import type { RequestArgs } from "./auth.server";
import { redirectWithFlash } from "./session.server";

/** /dashboard/admin/stuck-mail: the mails the worker could not send, with their last error. */
export async function loadStuckMail(args: RequestArgs) {
  const account = requireAdmin(args);
  const answer = await account.call(mailEndpoints.stuck).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    stuckAfterAttempts: answer.stuckAfterAttempts,
    mails: answer.mails.map((mail) => ({
      ...mail,
      nextAttemptOn: dateTime(mail.nextAttemptAt),
      createdOn: dateTime(mail.createdAt),
    })),
    constraints: formConstraints({ retry: retryMailSchema }),
  };
}

/** «Reintentar ahora»: the mail is due at once; back to the list with a flash. */
export async function stuckMailAction(args: RequestArgs) {
  const account = requireAdmin(args);
  const form = await parseIntentForm(args.request, STUCK_MAIL_FORMS);
  if (!form.ok) return form.answer;
  switch (form.intent) {
    case stuckMailIntents.retry:
      try {
        const { message } = await account.call(mailEndpoints.retry, { params: { mailId: form.value.mailId } });
        return redirectWithFlash(args.context, adminPaths.stuckMail, { kind: "success", message });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 401 || error.status === 403) throw pageErrorOf(error);
        return redirectWithFlash(args.context, adminPaths.stuckMail, { kind: "error", message: error.message });
      }
  }
}
