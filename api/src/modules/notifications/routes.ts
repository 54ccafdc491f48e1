import type { FastifyInstance } from "fastify";
import { NOTIFICATION_DELETED, notificationEndpoints as endpoints } from "#contract/notifications";
import { FULL_NOTIFICATION_LIST, MAX_NOTIFICATIONS_PER_PAGE } from "#contract/limits";
import type { Db } from "../../db/client.js";
import { route } from "../../route.js";
import { currentUser, requireSelfOrAdmin } from "../accounts/auth.js";
import {
  countUnread,
  deleteNotification,
  latestNotifications,
  listNotifications,
  markNotificationRead,
} from "./service.js";
import { signSocketToken, SOCKET_TOKEN_TTL_SECONDS } from "./socket.js";

export interface NotificationRoutesOptions {
  db: Db;
  jwtSecret: string;
}

/** A user's notifications (SPEC.md section 7 "Notifications") and the token of the real-time connection. */
export async function notificationRoutes(app: FastifyInstance, opts: NotificationRoutesOptions) {
  const { db } = opts;

  // As the spec has it, a list; asking for a page (as the web does) answers it with its counts.
  route(app, endpoints.list, { onRequest: app.authenticate }, async (request) => {
    const { userId } = request.params;
    requireSelfOrAdmin(request, userId);
    const { page, parPage, unread } = request.query;
    const unreadOnly = unread === "true";
    if (page === undefined && parPage === undefined)
      return latestNotifications(db, userId, { limit: FULL_NOTIFICATION_LIST, unreadOnly });
    return listNotifications(db, userId, {
      page: page ?? 1,
      parPage: parPage ?? MAX_NOTIFICATIONS_PER_PAGE,
      unreadOnly,
    });
  });

  route(app, endpoints.unreadCount, { onRequest: app.authenticate }, async (request) => {
    requireSelfOrAdmin(request, request.params.userId);
    return { unreadCount: await countUnread(db, request.params.userId) };
  });

  route(app, endpoints.markRead, { onRequest: app.authenticate }, (request) =>
    markNotificationRead(db, request.params.notificationId, currentUser(request).id),
  );

  route(app, endpoints.remove, { onRequest: app.authenticate }, async (request) => {
    await deleteNotification(db, request.params.notificationId, currentUser(request).id);
    return { message: NOTIFICATION_DELETED };
  });

  route(app, endpoints.socketToken, { onRequest: app.authenticate }, async (request) => ({
    token: await signSocketToken(currentUser(request).id, opts.jwtSecret),
    expiresIn: SOCKET_TOKEN_TTL_SECONDS,
  }));
}
