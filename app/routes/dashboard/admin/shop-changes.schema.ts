import { z } from "zod";
import { identityChangeParams, identityRejectBody } from "#contract/shop-identity";
import { shopChangeIntents } from "./shop-changes.forms";

/** Approving needs only the change (a hidden field): the form carries its intent and shows a refusal. */
export const approveChangeSchema = identityChangeParams;

/** Rejecting: the change and the reason the seller reads (required). */
export const rejectChangeSchema = z.intersection(identityChangeParams, identityRejectBody);

/** The page's forms by the intent their button sends (parseIntentForm); one of each per pending change. */
export const SHOP_CHANGE_FORMS = {
  [shopChangeIntents.approve]: approveChangeSchema,
  [shopChangeIntents.reject]: rejectChangeSchema,
};
