import { MAIL_PREFERENCES_SAVED, mailEndpoints } from "#contract/mail";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { mailPreferenceIntents } from "~/routes/dashboard/mail-preferences.forms";
import { MAIL_PREFERENCE_FORMS, mailPreferencesFormSchema } from "~/routes/dashboard/mail-preferences.schema";
import { requireAccount, type RequestArgs } from "./auth.server";
import { redirectWithFlash } from "./session.server";

export const MAIL_PREFERENCES_PATH = "/dashboard/mail-preferences";

/** «Notificaciones por correo»: the kinds the user's role receives, each on or off. */
export async function loadMailPreferences(args: RequestArgs) {
  const account = requireAccount(args);
  const { kinds } = await account.call(mailEndpoints.preferences);
  return { kinds, constraints: formConstraints({ save: mailPreferencesFormSchema }) };
}

/** Saves the ticked kinds; back to the page with a flash. */
export async function mailPreferencesAction(args: RequestArgs) {
  const account = requireAccount(args);
  const form = await parseIntentForm(args.request, MAIL_PREFERENCE_FORMS);
  if (!form.ok) return form.answer;
  switch (form.intent) {
    case mailPreferenceIntents.save:
      try {
        await account.call(mailEndpoints.savePreferences, { body: { enabled: form.value.enabled } });
      } catch (error) {
        return answerRefused(error, form, { fields: ["enabled"] });
      }
      return redirectWithFlash(args.context, MAIL_PREFERENCES_PATH, {
        kind: "success",
        message: MAIL_PREFERENCES_SAVED,
      });
  }
}
