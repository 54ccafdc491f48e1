import { confirmWithdrawalBody, rejectWithdrawalBody } from "#contract/withdrawals";
import { withdrawalIntents } from "./withdrawals.forms";

/** Confirming a request: the transfer's reference (`paymentId` is the request, a hidden field). The API's own body. */
export const confirmFormSchema = confirmWithdrawalBody;

/** Rejecting a request: the reason the seller reads. */
export const rejectFormSchema = rejectWithdrawalBody;

/** The page's forms by the intent their button sends (parseIntentForm); one of each per pending request. */
export const WITHDRAWAL_FORMS = {
  [withdrawalIntents.confirm]: confirmFormSchema,
  [withdrawalIntents.reject]: rejectFormSchema,
};
