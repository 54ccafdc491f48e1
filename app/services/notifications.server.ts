import type { NotificationItem, NotificationsAnswer, SocketTokenAnswer } from "../../api/src/modules/notifications/schemas";
import { ApiError } from "./api.server";
import { getUser, requireAccount, type AccountClient, type RequestArgs } from "./auth.server";

/** What the notification calls need: the user and a way to call the API as them. */
export type NotificationCaller = Pick<AccountClient, "user" | "call">;

/** SPEC.md section 9: the notifications screen shows 5 a page. */
export const NOTIFICATIONS_PER_PAGE = 5;
/** The bell lists at most this many unread ones; its count is the full unread count. */
const BELL_LIMIT = 20;

export interface NotificationsPage {
  notifications: NotificationItem[];
  total: number;
  page: number;
  totalPages: number;
}

/** One page of the signed-in user's notifications, newest first; a page past the end shows the last one. */
export async function getNotificationsPage(account: AccountClient, requestedPage: number): Promise<NotificationsPage> {
  const path = `/user/notifications/${encodeURIComponent(account.user.id)}`;
  const load = (page: number) => account.call<NotificationsAnswer>(path, { query: { page, parPage: NOTIFICATIONS_PER_PAGE } });
  let answer = await load(requestedPage);
  const totalPages = Math.max(1, Math.ceil(answer.totalNotification / NOTIFICATIONS_PER_PAGE));
  if (requestedPage > totalPages) answer = await load(totalPages);
  return { notifications: answer.notifications, total: answer.totalNotification, page: Math.min(requestedPage, totalPages), totalPages };
}

/** What the bell shows: the latest unread notifications and how many are unread in all. */
export async function getUnreadNotifications(account: NotificationCaller): Promise<{ notifications: NotificationItem[]; unreadCount: number }> {
  const answer = await account.call<NotificationsAnswer>(`/user/notifications/${encodeURIComponent(account.user.id)}`, {
    query: { unread: "true", parPage: BELL_LIMIT },
  });
  return { notifications: answer.notifications, unreadCount: answer.unreadCount };
}

export function markNotificationRead(account: NotificationCaller, notificationId: string): Promise<unknown> {
  return account.call(`/user/notifiactions-read/${encodeURIComponent(notificationId)}`, { method: "PATCH" });
}

export function deleteNotification(account: AccountClient, notificationId: string): Promise<unknown> {
  return account.call(`/user/delete-notifications/${encodeURIComponent(notificationId)}`, { method: "DELETE" });
}

/** A one-minute token that opens the signed-in user's real-time connection. */
export async function getSocketToken(account: NotificationCaller): Promise<string> {
  const { token } = await account.call<SocketTokenAnswer>("/user/socket-token", { method: "POST" });
  return token;
}

/**
 * The API client of the bell's background calls (/socket-token, /live-notifications), which may
 * refresh the session like any page (a refresh racing a page load's is covered by the API's grace
 * period for a just-replaced refresh token). Null for a visitor.
 */
export async function backgroundCaller(args: RequestArgs): Promise<AccountClient | null> {
  if (!(await getUser(args))) return null;
  return requireAccount(args);
}

/**
 * The bell's answer to a call made through backgroundCaller: the JSON with the refreshed session
 * cookie, or 401 when the session could not be refreshed (requireAccount's redirect to
 * /login?session=expired is for pages; the bell tries again on the next page).
 */
export async function backgroundJson(account: AccountClient, load: () => Promise<unknown>): Promise<Response> {
  try {
    return await accountJson(account, await load());
  } catch (error) {
    if (error instanceof Response) return signedOutJson();
    return refusalJson(error);
  }
}

/**
 * The JSON answer of a call made through requireAccount, carrying the session cookie when the
 * tokens were refreshed; never cached.
 */
export async function accountJson(account: AccountClient, value: unknown, status = 200): Promise<Response> {
  const { init } = await account.data(value, status);
  const headers = new Headers(init?.headers);
  headers.set("Cache-Control", "private, no-store");
  return Response.json(value, { status, headers });
}

/** A JSON answer of the bell's resource routes; never cached. */
function bellJson(value: unknown, status = 200): Response {
  return Response.json(value, { status, headers: { "Cache-Control": "private, no-store" } });
}

/** What the bell's resource routes answer a visitor, or a user whose access token ran out. */
export function signedOutJson(): Response {
  return bellJson({ message: "Inicie sesión para ver sus notificaciones." }, 401);
}

/** The API's refusal as the bell's answer (an expired token included); anything else is thrown. */
export function refusalJson(error: unknown): Response {
  if (!(error instanceof ApiError)) throw error;
  return error.status === 401 ? signedOutJson() : bellJson({ message: error.message }, error.status);
}
