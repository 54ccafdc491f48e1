import { z } from "zod";
import { identityChangeForm } from "#contract/shop-identity";
import { shopProfileForm, vacationForm } from "#contract/shop-profile";
import { profileIntents } from "./profile.forms";

/** The contract's forms, which the API checks again: the browser and the action parse with the same. */
export { identityChangeForm, shopProfileForm, vacationForm };

/** Turning the vacation off, or withdrawing the pending change, sends nothing but its button. */
export const buttonOnlyForm = z.object({});

/** The page's forms by the intent their button sends (parseIntentForm). */
export const PROFILE_FORMS = {
  [profileIntents.save]: shopProfileForm,
  [profileIntents.vacationOn]: vacationForm,
  [profileIntents.vacationOff]: buttonOnlyForm,
  [profileIntents.identityChange]: identityChangeForm,
  [profileIntents.identityWithdraw]: buttonOnlyForm,
};
