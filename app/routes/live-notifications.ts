import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { dismissNotificationSchema } from "~/components/notifications/notification-schemas";
import { ApiError } from "~/services/api.server";
import { getUser, requireAccount } from "~/services/auth.server";
import {
  accountJson,
  backgroundCaller,
  backgroundJson,
  getUnreadNotifications,
  markNotificationRead,
  signedOutJson,
} from "~/services/notifications.server";

/** GET: the bell's unread notifications, loaded on every (re)connection so nothing missed is lost. */
export async function loader(args: LoaderFunctionArgs) {
  const caller = await backgroundCaller(args);
  if (!caller) return signedOutJson();
  return backgroundJson(caller, () => getUnreadNotifications(caller));
}

/** POST: a notification dismissed from the bell is marked read; a click, so like any form it may refresh the session. */
export async function action(args: ActionFunctionArgs) {
  if (!(await getUser(args))) return signedOutJson();
  const account = await requireAccount(args);
  const submission = parseWithZod(await args.request.formData(), { schema: dismissNotificationSchema });
  if (submission.status !== "success") return accountJson(account, { message: "La notificación no es válida." }, 400);
  try {
    await markNotificationRead(account, submission.value.notificationId);
  } catch (error) {
    if (error instanceof Response || !(error instanceof ApiError)) throw error;
    return accountJson(account, { message: error.message }, error.status);
  }
  return accountJson(account, { message: "Notificación marcada como leída." });
}
