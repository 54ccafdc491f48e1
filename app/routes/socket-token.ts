import type { ActionFunctionArgs } from "@remix-run/node";
import { backgroundCaller, backgroundJson, getSocketToken, signedOutJson } from "~/services/notifications.server";

/**
 * POST only (a SameSite=Lax session cookie is not sent on another site's POST): the one-minute
 * token the bell opens its real-time connection with, fetched again on every reconnect.
 */
export async function action(args: ActionFunctionArgs) {
  const caller = backgroundCaller(args);
  if (!caller) return signedOutJson();
  return backgroundJson(async () => ({ token: await getSocketToken(caller) }));
}
