import type { AppLoadContext } from "@remix-run/node";
import { cartEndpoints, LISTS_MERGED } from "#contract/cart";
import { callApi } from "./api.server";
import { logError } from "./log.server";

/**
 * Right after a sign-in: the visitor's cart, favourites and compare list join the user's, and the
 * guest id is forgotten. A failure only costs the visitor's lists, never the sign-in. Answers what
 * the user must hear of it (lines of their own shop left out of the cart), or null.
 */
export async function mergeGuestLists(context: AppLoadContext, accessToken: string): Promise<string | null> {
  const guestId = context.session.get("guestId");
  if (!guestId) return null;
  const merged = await callApi(context.api.caller, cartEndpoints.mergeGuestLists, {
    body: { guestId },
    headers: { authorization: `Bearer ${accessToken}` },
  }).catch((error: unknown) => {
    logError("No se pudieron unir las listas del visitante", error);
    return null;
  });
  context.session.unset("guestId");
  return merged && merged.message !== LISTS_MERGED ? merged.message : null;
}
