import { confirmWithdrawalForm, rejectWithdrawalBody } from "#contract/withdrawals";
import { withdrawalIntents } from "./withdrawals.forms";

/** Confirming a request: the transfer's reference, required here (`paymentId` is the request, a hidden field). */
export const confirmFormSchema = confirmWithdrawalForm;

/** Rejecting a request: the reason the seller reads. */
export const rejectFormSchema = rejectWithdrawalBody;

/** The page's forms by the intent their button sends (parseIntentForm); one of each per pending request. */
export const WITHDRAWAL_FORMS = {
  [withdrawalIntents.confirm]: confirmFormSchema,
  [withdrawalIntents.reject]: rejectFormSchema,
};
