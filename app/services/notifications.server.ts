import { NOTIFICATIONS_PER_PAGE } from "#contract/limits";
import {
  INVALID_NOTIFICATION,
  NOTIFICATION_DELETED,
  NOTIFICATION_MARKED_READ,
  notificationEndpoints,
  notificationId,
  type NotificationItem,
  type NotificationListAnswer,
  type NotificationsAnswer,
} from "#contract/notifications";
import { data } from "@remix-run/node";
import { z } from "zod";
import { NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { shortDateTime } from "./times.server";
import { formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { notificationIntents } from "~/routes/dashboard/system-notifications.forms";
import { NOTIFICATION_FORMS, notificationItemSchema } from "~/routes/dashboard/system-notifications.schema";
import { ApiError } from "./api.server";
import { readForm } from "./form.server";
import { redirectWithFlash } from "./session.server";
import { getUser, requireAccount, type AccountClient, type RequestArgs } from "./auth.server";

/** What the notification calls need: the user and a way to call the API as them. */
export type NotificationCaller = Pick<AccountClient, "user" | "call">;

/** The bell lists at most this many unread ones; its count is the full unread count. */
const BELL_LIMIT = 20;

export interface NotificationsPage {
  notifications: NotificationItem[];
  total: number;
  page: number;
  totalPages: number;
}

/** Asked with `page` or `parPage`, the list comes as a page with its counts, never as the spec's plain list. */
function asPage(answer: NotificationListAnswer): NotificationsAnswer {
  if (Array.isArray(answer)) throw new Error("La API respondió la lista de notificaciones sin paginar.");
  return answer;
}

/** One page of the signed-in user's notifications, newest first; a page past the end shows the last one. */
export async function getNotificationsPage(
  account: NotificationCaller,
  requestedPage: number,
): Promise<NotificationsPage> {
  const load = async (page: number) =>
    asPage(
      await account.call(notificationEndpoints.list, {
        params: { userId: account.user.id },
        query: { page, parPage: NOTIFICATIONS_PER_PAGE },
      }),
    );
  let answer = await load(requestedPage);
  const totalPages = Math.max(1, Math.ceil(answer.totalNotification / NOTIFICATIONS_PER_PAGE));
  if (requestedPage > totalPages) answer = await load(totalPages);
  return {
    notifications: answer.notifications,
    total: answer.totalNotification,
    page: Math.min(requestedPage, totalPages),
    totalPages,
  };
}

/** What the bell shows: the latest unread notifications and how many are unread in all. */
export async function getUnreadNotifications(
  account: NotificationCaller,
): Promise<{ notifications: NotificationItem[]; unreadCount: number }> {
  const answer = asPage(
    await account.call(notificationEndpoints.list, {
      params: { userId: account.user.id },
      query: { unread: "true", parPage: BELL_LIMIT },
    }),
  );
  return { notifications: answer.notifications, unreadCount: answer.unreadCount };
}

/** Answers the notification, now read. */
export function markNotificationRead(account: NotificationCaller, notificationId: string): Promise<NotificationItem> {
  return account.call(notificationEndpoints.markRead, { params: { notificationId } });
}

export async function deleteNotification(account: NotificationCaller, notificationId: string): Promise<void> {
  await account.call(notificationEndpoints.remove, { params: { notificationId } });
}

/** A one-minute token that opens the signed-in user's real-time connection. */
export async function getSocketToken(account: NotificationCaller): Promise<string> {
  const { token } = await account.call(notificationEndpoints.socketToken);
  return token;
}

/**
 * The API client of the bell's background calls (/socket-token, /live-notifications), which may
 * refresh the session like any page (a refresh racing a page load's is covered by the API's grace
 * period for a just-replaced refresh token). Null for a visitor.
 */
export function backgroundCaller(args: RequestArgs): AccountClient | null {
  if (!getUser(args)) return null;
  return requireAccount(args, { background: true });
}

/**
 * The bell's answer to a call made through backgroundCaller, or 401 when the session could not be
 * refreshed (requireAccount's redirect to /login?session=expired is for pages; the bell tries
 * again on the next page).
 */
export async function backgroundJson(load: () => Promise<unknown>): Promise<Response> {
  try {
    return bellJson(await load());
  } catch (error) {
    if (error instanceof Response) return signedOutJson();
    return refusalJson(error);
  }
}

/** A JSON answer of the bell's resource routes; never cached. */
export function bellJson(value: unknown, status = 200): Response {
  return Response.json(value, { status, headers: { "Cache-Control": "private, no-store" } });
}

/** What the bell's resource routes answer a visitor, or a user whose access token ran out. */
export function signedOutJson(): Response {
  return bellJson({ message: "Inicia sesión para ver tus notificaciones." }, 401);
}

/** The API's refusal as the bell's answer (an expired token included); anything else is thrown. */
export function refusalJson(error: unknown): Response {
  if (!(error instanceof ApiError)) throw error;
  return error.status === 401 ? signedOutJson() : bellJson({ message: error.message }, error.status);
}

// ---- The notifications screen and the bell's dismiss -------------------------------------------

const NOTIFICATIONS_PATH = "/dashboard/system-notifications";

function pageOf(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /dashboard/system-notifications?page=: a failed load shows 'Error: ' and the server's message, or the network's (SPEC.md section 8). */
export async function loadNotificationsScreen(args: RequestArgs) {
  const account = requireAccount(args);
  // One for the forms of every notification.
  const constraints = formConstraints({ item: notificationItemSchema });
  try {
    const page = await getNotificationsPage(account, pageOf(args.request));
    const notifications = page.notifications.map((item) => ({ ...item, date: shortDateTime(item.createdAt) }));
    return { ...page, notifications, error: null, constraints, role: account.user.role };
  } catch (error) {
    if (error instanceof Response) throw error;
    const answered = error instanceof ApiError;
    const message = answered ? error.message : NETWORK_OR_SERVER_ERROR;
    return data(
      { notifications: [], total: 0, page: 1, totalPages: 1, error: message, constraints, role: account.user.role },
      { status: answered && error.status < 500 ? error.status : 502 },
    );
  }
}

/** A notification's buttons: mark it read or delete it, then back to the page it was on. */
export async function notificationsScreenAction(args: RequestArgs) {
  const account = requireAccount(args);
  const form = await parseIntentForm(args.request, NOTIFICATION_FORMS);
  if (!form.ok) return form.answer;
  const { notificationId, page } = form.value;
  const back = page > 1 ? `${NOTIFICATIONS_PATH}?page=${page}` : NOTIFICATIONS_PATH;
  try {
    switch (form.intent) {
      case notificationIntents.markRead:
        await markNotificationRead(account, notificationId);
        return redirectWithFlash(args.context, back, { kind: "success", message: NOTIFICATION_MARKED_READ });
      case notificationIntents.remove:
        await deleteNotification(account, notificationId);
        return redirectWithFlash(args.context, back, { kind: "success", message: NOTIFICATION_DELETED });
    }
  } catch (error) {
    if (error instanceof Response || !(error instanceof ApiError)) throw error;
    return redirectWithFlash(args.context, back, { kind: "error", message: error.message });
  }
}

/** What the bell posts when a notification is dismissed (marked read). */
const dismissNotificationSchema = z.object({ notificationId });

/** The bell's dismiss: a click, so like any form it may refresh the session. */
export async function dismissFromBell(args: RequestArgs): Promise<Response> {
  if (!getUser(args)) return signedOutJson();
  const account = requireAccount(args);
  const parsed = dismissNotificationSchema.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) return bellJson({ message: INVALID_NOTIFICATION }, 400);
  try {
    await markNotificationRead(account, parsed.data.notificationId);
  } catch (error) {
    if (error instanceof Response || !(error instanceof ApiError)) throw error;
    return bellJson({ message: error.message }, error.status);
  }
  return bellJson({ message: NOTIFICATION_MARKED_READ });
}
