import { shopIdentityEndpoints, type ShopIdentityChange } from "#contract/shop-identity";
import { SHOP_IDENTITY_CHANGE_STATUS_LABELS } from "#contract/shop-identity-labels";
import { TAX_ID_LABELS } from "#contract/shop-labels";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { shopChangeIntents } from "~/routes/dashboard/admin/shop-changes.forms";
import {
  approveChangeSchema,
  rejectChangeSchema,
  SHOP_CHANGE_FORMS,
} from "~/routes/dashboard/admin/shop-changes.schema";
import { pageErrorOf } from "./admin.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import { redirectWithFlash } from "./session.server";
import { dateTime } from "./times.server";

/**
 * A shop's changes of name or tax id (issue 34, decision 0055): as the seller's profile and the
 * admin's pages write them, the admins' queue with its decisions, and one shop's history.
 */

/** A change as the pages write it: its dates in the reader's region, its status and tax id named. */
export function presentIdentityChange(change: ShopIdentityChange) {
  return {
    ...change,
    statusLabel: SHOP_IDENTITY_CHANGE_STATUS_LABELS[change.status],
    taxIdLabel: TAX_ID_LABELS[change.country],
    askedAt: dateTime(change.createdAt),
    decidedAtText: change.decidedAt ? dateTime(change.decidedAt) : null,
  };
}

/** /dashboard/admin/shop-changes: `GET /admin/shop-changes`, the longest waiting first, and the forms' constraints. */
export async function loadShopChanges(account: AccountClient) {
  const answer = await account.call(shopIdentityEndpoints.pending).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    changes: answer.changes.map((change) => ({
      ...presentIdentityChange(change),
      // An admin never decides on their own shop (the API refuses it too): another admin does.
      own: change.ownerId === account.user.id,
    })),
    totalPending: answer.totalPending,
    constraints: formConstraints({ approve: approveChangeSchema, reject: rejectChangeSchema }),
  };
}

/** One shop's changes, newest first: its request page's history. */
export async function loadShopIdentityHistory(account: AccountClient, shopId: string) {
  const answer = await account.call(shopIdentityEndpoints.history, { params: { shopId } }).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return answer.changes.map(presentIdentityChange);
}

/** Each change's forms are told apart by the change. */
function changeOf(formData: FormData): string {
  return String(formData.get("changeId") ?? "");
}

/** Approve, or reject with a reason, one change; then back to the queue with a flash, a 409 said on its card. */
export async function shopChangesAction(args: RequestArgs, account: AccountClient) {
  const form = await parseIntentForm(args.request, SHOP_CHANGE_FORMS, { target: changeOf });
  if (!form.ok) return form.answer;
  const params = { changeId: form.value.changeId };
  const back = (message: string) =>
    redirectWithFlash(args.context, adminPaths.shopChanges, { kind: "success", message });
  try {
    switch (form.intent) {
      case shopChangeIntents.approve:
        return back((await account.call(shopIdentityEndpoints.approve, { params })).message);
      case shopChangeIntents.reject: {
        const body = { reason: form.value.reason };
        return back((await account.call(shopIdentityEndpoints.reject, { params, body })).message);
      }
    }
  } catch (error) {
    // A refused role (a stale token) is the 403 page, a change no longer there the 404 page.
    return answerRefused(error, form, {
      fields: form.intent === shopChangeIntents.reject ? ["reason"] : [],
      target: form.value.changeId,
      pageErrors: [401, 404],
    });
  }
}
