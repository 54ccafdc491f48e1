import type { FormAnswer } from "~/forms/form-answer";

/** The shop profile page's forms (issue 34) as the page names them, without zod: intents and schema loaders. */

export const profileIntents = {
  save: "guardar-perfil",
  vacationOn: "activar-vacaciones",
  vacationOff: "desactivar-vacaciones",
  /** The shop's name or tax id: asked of an admin (decision 0055), withdrawn while it waits. */
  identityChange: "pedir-cambio-identidad",
  identityWithdraw: "retirar-cambio-identidad",
} as const;

/** Each form's schema (the contract's), loaded when the form is first used (useSchemaForm). */
export const profileSchemas = {
  save: () => import("./profile.schema").then((module) => module.shopProfileForm),
  vacationOn: () => import("./profile.schema").then((module) => module.vacationForm),
  identityChange: () => import("./profile.schema").then((module) => module.identityChangeForm),
};

/**
 * A refused profile form. `attempt` is new when the post carried an image: no browser sends chosen
 * files back, so the file inputs start empty again and the page asks for the images again.
 */
export interface ProfileFormAnswer extends FormAnswer {
  attempt?: string;
}
