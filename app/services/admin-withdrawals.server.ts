import { queryPage } from "#contract/fields";
import { dateTime } from "./times.server";
import { withdrawalEndpoints } from "#contract/withdrawals";
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from "#contract/withdrawal-labels";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { withdrawalIntents } from "~/routes/dashboard/admin/withdrawals.forms";
import { confirmFormSchema, rejectFormSchema, WITHDRAWAL_FORMS } from "~/routes/dashboard/admin/withdrawals.schema";
import { pageErrorOf } from "./admin.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import { redirectWithFlash } from "./session.server";

/** The sellers' withdrawal requests as an admin pays or rejects them (issue 12). */

/** The list's status in the address (`?status=`), pending when absent or unknown. */
export function withdrawalStatusOf(value: string | null): WithdrawalStatus {
  return (WITHDRAWAL_STATUSES as readonly string[]).includes(value ?? "") ? (value as WithdrawalStatus) : "pendiente";
}

/** /dashboard/admin/withdrawals?status=&pageNumber=: `GET /admin/withdrawals`, pending ones first by default (oldest first). */
export async function loadAdminWithdrawals(account: AccountClient, url: URL) {
  const status = withdrawalStatusOf(url.searchParams.get("status"));
  const pageNumber = queryPage().safeParse(url.searchParams.get("pageNumber") ?? undefined);
  const answer = await account
    .call(withdrawalEndpoints.adminList, { query: { status, page: pageNumber.success ? pageNumber.data : 1 } })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return {
    status,
    withdrawals: answer.withdrawals.map((withdrawal) => ({
      ...withdrawal,
      requestedOn: dateTime(withdrawal.createdAt),
      decidedOn: withdrawal.decidedAt ? dateTime(withdrawal.decidedAt) : null,
    })),
    totalWithdrawal: answer.totalWithdrawal,
    page: answer.page,
    totalPages: Math.max(1, Math.ceil(answer.totalWithdrawal / answer.parPage)),
    // Once for all the rows: every request's form of a kind asks the same of its fields.
    constraints: formConstraints({ confirm: confirmFormSchema, reject: rejectFormSchema }),
  };
}

/** Each request's forms are told apart by the request. */
function requestOf(formData: FormData): string {
  return String(formData.get("paymentId") ?? "");
}

/** Confirm (with the transfer's reference) or reject (with a reason) one request, then back to the same list. */
export async function adminWithdrawalsAction(args: RequestArgs, account: AccountClient) {
  const url = new URL(args.request.url);
  const back = `${url.pathname}${url.search}`;
  const form = await parseIntentForm(args.request, WITHDRAWAL_FORMS, { target: requestOf });
  if (!form.ok) return form.answer;
  try {
    switch (form.intent) {
      case withdrawalIntents.confirm: {
        const { message } = await account.call(withdrawalEndpoints.confirm, { body: form.value });
        return redirectWithFlash(args.context, back, { kind: "success", message });
      }
      case withdrawalIntents.reject: {
        const { message } = await account.call(withdrawalEndpoints.reject, { body: form.value });
        return redirectWithFlash(args.context, back, { kind: "success", message });
      }
    }
  } catch (error) {
    // A refused role (a stale token) is the 403 page, a request no longer there the 404 page.
    return answerRefused(error, form, {
      fields: form.intent === withdrawalIntents.confirm ? ["reference"] : ["reason"],
      target: form.value.paymentId,
      pageErrors: [401, 403, 404],
    });
  }
}
