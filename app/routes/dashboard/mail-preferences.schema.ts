import { z } from "zod";
import { mailPreferencesBody } from "#contract/mail";
import { mailPreferenceIntents } from "./mail-preferences.forms";

/** The API's body; no box ticked sends no field at all, which means every optional kind off. */
export const mailPreferencesFormSchema = z.object({ enabled: mailPreferencesBody.shape.enabled.default([]) });

export const MAIL_PREFERENCE_FORMS = { [mailPreferenceIntents.save]: mailPreferencesFormSchema };
