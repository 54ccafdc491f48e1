import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { INVALID_NOTIFICATION, NOTIFICATION_MARKED_READ } from "#contract/notifications";
import { dismissNotificationSchema } from "~/components/notifications/notification-schemas";
import { ApiError } from "~/services/api.server";
import { getUser, requireAccount } from "~/services/auth.server";
import {
  backgroundCaller,
  backgroundJson,
  bellJson,
  getUnreadNotifications,
  markNotificationRead,
  signedOutJson,
} from "~/services/notifications.server";
import { readForm } from "~/services/form.server";

/** GET: the bell's unread notifications, loaded on every (re)connection so nothing missed is lost. */
export async function loader(args: LoaderFunctionArgs) {
  const caller = backgroundCaller(args);
  if (!caller) return signedOutJson();
  return backgroundJson(() => getUnreadNotifications(caller));
}

/** POST: a notification dismissed from the bell is marked read; a click, so like any form it may refresh the session. */
export async function action(args: ActionFunctionArgs) {
  if (!getUser(args)) return signedOutJson();
  const account = requireAccount(args);
  const submission = parseWithZod(await readForm(args.request), { schema: dismissNotificationSchema });
  if (submission.status !== "success") return bellJson({ message: INVALID_NOTIFICATION }, 400);
  try {
    await markNotificationRead(account, submission.value.notificationId);
  } catch (error) {
    if (error instanceof Response || !(error instanceof ApiError)) throw error;
    return bellJson({ message: error.message }, error.status);
  }
  return bellJson({ message: NOTIFICATION_MARKED_READ });
}
