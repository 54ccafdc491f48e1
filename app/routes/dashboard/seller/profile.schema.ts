import { z } from "zod";
import { shopProfileForm, vacationForm } from "#contract/shop-profile";
import { profileIntents } from "./profile.forms";

/** The contract's forms, which the API checks again: the browser and the action parse with the same. */
export { shopProfileForm, vacationForm };

/** Turning the vacation off sends nothing but its button. */
export const vacationOffForm = z.object({});

/** The page's forms by the intent their button sends (parseIntentForm). */
export const PROFILE_FORMS = {
  [profileIntents.save]: shopProfileForm,
  [profileIntents.vacationOn]: vacationForm,
  [profileIntents.vacationOff]: vacationOffForm,
};
