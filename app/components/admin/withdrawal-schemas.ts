import { confirmWithdrawalBody, rejectWithdrawalBody } from "#contract/withdrawals";
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from "#contract/withdrawal-labels";

// The admin's withdrawal forms (issue 12), checked by the API's own bodies; each mutation's `intent` (withdrawal-intents.ts) names it.

/** Confirming: the transfer's reference (`paymentId` is the request, a hidden field). */
export const confirmFormSchema = confirmWithdrawalBody;

/** Rejecting: the reason the seller reads. */
export const rejectFormSchema = rejectWithdrawalBody;

/** The list's status in the address (`?status=`), pending when absent or unknown. */
export function withdrawalStatusOf(value: string | null): WithdrawalStatus {
  return (WITHDRAWAL_STATUSES as readonly string[]).includes(value ?? "") ? (value as WithdrawalStatus) : "pendiente";
}
