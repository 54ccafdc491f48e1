import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser, requireAccount } from "~/services/auth.server";
import { accountJson, getSocketToken, signedOutJson } from "~/services/notifications.server";

/**
 * POST only (a SameSite=Lax session cookie is not sent on another site's POST): the one-minute
 * token the bell opens its real-time connection with, fetched again on every reconnect.
 */
export async function action(args: ActionFunctionArgs) {
  if (!(await getUser(args))) return signedOutJson();
  const account = await requireAccount(args);
  return accountJson(account, { token: await getSocketToken(account) });
}
