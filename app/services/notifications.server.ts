import type { NotificationItem, NotificationsAnswer, SocketTokenAnswer, UnreadCountAnswer } from "../../api/src/modules/notifications/schemas";
import type { AccountClient } from "./auth.server";
import type { Shopper } from "./shopper.server";

export type { NotificationItem };

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
export async function getUnreadNotifications(account: AccountClient): Promise<{ notifications: NotificationItem[]; unreadCount: number }> {
  const answer = await account.call<NotificationsAnswer>(`/user/notifications/${encodeURIComponent(account.user.id)}`, {
    query: { unread: "true", parPage: BELL_LIMIT },
  });
  return { notifications: answer.notifications, unreadCount: answer.unreadCount };
}

export function markNotificationRead(account: AccountClient, notificationId: string): Promise<unknown> {
  return account.call(`/user/notifiactions-read/${encodeURIComponent(notificationId)}`, { method: "PATCH" });
}

export function deleteNotification(account: AccountClient, notificationId: string): Promise<unknown> {
  return account.call(`/user/delete-notifications/${encodeURIComponent(notificationId)}`, { method: "DELETE" });
}

/** The header's bell count: none for a visitor, and no API call either. */
export async function getUnreadCount(shopper: Shopper): Promise<number> {
  if (!shopper.user) return 0;
  const answer = await shopper.read<UnreadCountAnswer>((id) => `/user/notifications-unread/${id}`, { unreadCount: 0 });
  return answer.unreadCount;
}

/** A one-minute token that opens the signed-in user's real-time connection. */
export async function getSocketToken(account: AccountClient): Promise<string> {
  const { token } = await account.call<SocketTokenAnswer>("/user/socket-token", { method: "POST" });
  return token;
}

/**
 * A JSON answer for the bell's resource routes, never cached, carrying the session cookie when
 * the account client refreshed the tokens.
 */
export async function accountJson(account: AccountClient, value: unknown, status = 200): Promise<Response> {
  const { init } = await account.data(value, status);
  const headers = new Headers(init?.headers);
  headers.set("Cache-Control", "private, no-store");
  return Response.json(value, { status, headers });
}

/** What the bell's resource routes answer a visitor (or a session that is gone). */
export function signedOutJson(): Response {
  return Response.json({ message: "Inicie sesión para ver sus notificaciones." }, { status: 401, headers: { "Cache-Control": "no-store" } });
}
