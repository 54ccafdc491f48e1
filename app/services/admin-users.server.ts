import { ADMIN_USER_SEARCH_MAX } from "#contract/limits";
import { ADMIN_USERS_PER_PAGE, adminUserEndpoints, adminUsersQuery, ROLE_LABELS } from "#contract/admin-users";
import { role as roleSchema } from "#contract/accounts";
import { formatUsd } from "#contract/money-format";
import { walletEndpoints } from "#contract/wallet";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { adminUserIntents } from "~/routes/dashboard/admin/user.forms";
import { ADMIN_USER_FORMS, blockUserSchema } from "~/routes/dashboard/admin/user.schema";
import { pageErrorOf } from "./admin.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import { redirectWithFlash } from "./session.server";
import { dateTime } from "./times.server";

/** How many wallet movements the user's page shows, newest first. */
const RECENT_MOVEMENTS = 10;

const FILTER_FIELDS = ["searchValue", "role", "signedUpFrom", "signedUpTo"] as const;
type FilterField = (typeof FILTER_FIELDS)[number];

/**
 * /dashboard/admin/users?searchValue=&role=&signedUpFrom=&signedUpTo=&pageNumber=: `GET /admin/users`.
 * A filter the contract refuses is shown with its message beside its field and left out of the
 * search, so the page still lists what the valid filters find.
 */
export async function adminUsersPage(account: AccountClient, searchParams: URLSearchParams) {
  const typed = Object.fromEntries(
    FILTER_FIELDS.map((field) => [field, (searchParams.get(field) ?? "").trim().slice(0, ADMIN_USER_SEARCH_MAX)]),
  ) as Record<FilterField, string>;
  const pageNumber = Number.parseInt(searchParams.get("pageNumber") ?? "1", 10);
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  const checked = adminUsersQuery.safeParse(typed);
  const errors: Partial<Record<FilterField, string>> = {};
  if (!checked.success)
    for (const issue of checked.error.issues) errors[issue.path[0] as FilterField] ??= issue.message;
  const query = Object.fromEntries(
    FILTER_FIELDS.filter((field) => !errors[field]).map((field) => [field, typed[field]]),
  );
  const answer = await account
    .call(adminUserEndpoints.list, { query: { ...query, page: String(page), parPage: String(ADMIN_USERS_PER_PAGE) } })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return {
    filter: typed,
    errors,
    filtered: FILTER_FIELDS.some((field) => typed[field] !== ""),
    roles: roleSchema.options.map((value) => ({ value, label: ROLE_LABELS[value] })),
    users: answer.users.map((user) => ({
      ...user,
      roleLabel: ROLE_LABELS[user.role],
      since: dateTime(user.createdAt),
    })),
    totalUser: answer.totalUser,
    page: answer.page,
    totalPages: Math.max(1, Math.ceil(answer.totalUser / answer.parPage)),
  };
}

/** /dashboard/admin/users/{userId}: `GET /admin/users/{userId}` and the user's wallet (`GET /wallet/{id}`). */
export async function adminUserPage(account: AccountClient, userId: string) {
  const [{ user }, wallet] = await Promise.all([
    account.call(adminUserEndpoints.user, { params: { userId } }),
    account.call(walletEndpoints.wallet, { params: { id: userId } }),
  ]).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    user: {
      ...user,
      roleLabel: ROLE_LABELS[user.role],
      since: dateTime(user.createdAt),
      blockedOn: user.blocked ? dateTime(user.blocked.blockedAt) : null,
      orders: user.orders.map((order) => ({
        ...order,
        date: dateTime(order.createdAt),
        total: formatUsd(order.price),
      })),
    },
    wallet: {
      balance: formatUsd(wallet.balance),
      pendingSales: formatUsd(wallet.pendingSales),
      hasPendingSales: wallet.pendingSales > 0,
      movements: wallet.entries.slice(0, RECENT_MOVEMENTS).map((entry) => ({
        ...entry,
        date: dateTime(entry.createdAt),
        amountText: `${entry.amount > 0 ? "+" : "−"}${formatUsd(Math.abs(entry.amount))}`,
      })),
      totalMovements: wallet.entries.length,
    },
    constraint: formConstraints({ block: blockUserSchema }).block,
  };
}

/** Block (with its reason) or unblock, then back to the user's page with the API's message. */
export async function adminUserAction(args: RequestArgs, account: AccountClient, userId: string) {
  const form = await parseIntentForm(args.request, ADMIN_USER_FORMS);
  if (!form.ok) return form.answer;
  try {
    let message: string;
    switch (form.intent) {
      case adminUserIntents.block:
        ({ message } = await account.call(adminUserEndpoints.block, { params: { userId }, body: form.value }));
        break;
      case adminUserIntents.unblock:
        ({ message } = await account.call(adminUserEndpoints.unblock, { params: { userId }, body: {} }));
        break;
    }
    return redirectWithFlash(args.context, adminPaths.user(userId), { kind: "success", message });
  } catch (error) {
    // 403 (self, another admin) is the form's refusal to show beside it, not the page's.
    return answerRefused(error, form, { fields: ["reason"], pageErrors: [401, 404] });
  }
}
