import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  backgroundCaller,
  backgroundJson,
  dismissFromBell,
  getUnreadNotifications,
  signedOutJson,
} from "~/services/notifications.server";

/** GET: the bell's unread notifications, loaded on every (re)connection so nothing missed is lost. */
export async function loader(args: LoaderFunctionArgs) {
  const caller = backgroundCaller(args);
  if (!caller) return signedOutJson();
  return backgroundJson(() => getUnreadNotifications(caller));
}

/** POST: a notification dismissed from the bell is marked read. */
export async function action(args: ActionFunctionArgs) {
  return dismissFromBell(args);
}
