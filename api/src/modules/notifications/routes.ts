import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { currentUser, requireSelfOrAdmin } from "../accounts/auth.js";
import type { MessageAnswer } from "../accounts/schemas.js";
import {
  FULL_LIST_LIMIT,
  MAX_PAR_PAGE,
  notificationParams,
  notificationsQuery,
  userParams,
  type NotificationItem,
  type NotificationsAnswer,
  type SocketTokenAnswer,
  type UnreadCountAnswer,
} from "./schemas.js";
import { countUnread, deleteNotification, latestNotifications, listNotifications, markNotificationRead, NOTIFICATION_DELETED } from "./service.js";
import { signSocketToken, SOCKET_TOKEN_TTL_SECONDS } from "./socket.js";

export interface NotificationRoutesOptions {
  db: Db;
  jwtSecret: string;
}

const noBody = z.object({}).nullish();

/** A user's notifications (SPEC.md section 7 "Notifications") and the token of the real-time connection. */
export async function notificationRoutes(app: FastifyInstance, opts: NotificationRoutesOptions) {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // As the spec has it, a list; asking for a page (as the web does) answers it with its counts.
  routes.get(
    "/user/notifications/:userId",
    { onRequest: app.authenticate, schema: { params: userParams, querystring: notificationsQuery } },
    async (request): Promise<NotificationsAnswer | NotificationItem[]> => {
      const { userId } = request.params;
      requireSelfOrAdmin(request, userId);
      const { page, parPage, unread } = request.query;
      const unreadOnly = unread === "true";
      if (page === undefined && parPage === undefined) return latestNotifications(db, userId, { limit: FULL_LIST_LIMIT, unreadOnly });
      return listNotifications(db, userId, { page: page ?? 1, parPage: parPage ?? MAX_PAR_PAGE, unreadOnly });
    },
  );

  routes.get(
    "/user/notifications-unread/:userId",
    { onRequest: app.authenticate, schema: { params: userParams } },
    async (request): Promise<UnreadCountAnswer> => {
      requireSelfOrAdmin(request, request.params.userId);
      return { unreadCount: await countUnread(db, request.params.userId) };
    },
  );

  routes.patch(
    "/user/notifiactions-read/:notificationId",
    { onRequest: app.authenticate, schema: { params: notificationParams, body: noBody } },
    (request): Promise<NotificationItem> => markNotificationRead(db, request.params.notificationId, currentUser(request).id),
  );

  routes.delete(
    "/user/delete-notifications/:notificationId",
    { onRequest: app.authenticate, schema: { params: notificationParams } },
    async (request): Promise<MessageAnswer> => {
      await deleteNotification(db, request.params.notificationId, currentUser(request).id);
      return { message: NOTIFICATION_DELETED };
    },
  );

  routes.post(
    "/user/socket-token",
    { onRequest: app.authenticate, schema: { body: noBody } },
    async (request): Promise<SocketTokenAnswer> => ({
      token: await signSocketToken(currentUser(request).id, opts.jwtSecret),
      expiresIn: SOCKET_TOKEN_TTL_SECONDS,
    }),
  );
}
