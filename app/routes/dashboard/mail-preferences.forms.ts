/** The form of «Notificaciones por correo», as the page names it without zod. */
export const mailPreferenceIntents = { save: "guardar-preferencias" } as const;

export const mailPreferenceSchemas = {
  save: () => import("./mail-preferences.schema").then((module) => module.mailPreferencesFormSchema),
};

/** The checkboxes' field: one value per optional kind left on. */
export const ENABLED_FIELD = "enabled";
