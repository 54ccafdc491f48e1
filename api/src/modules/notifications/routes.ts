import type { FastifyInstance } from "fastify";
import { NOTIFICATION_DELETED, notificationEndpoints as endpoints } from "#contract/notifications";
import { FULL_NOTIFICATION_LIST, MAX_NOTIFICATIONS_PER_PAGE } from "#contract/limits";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser, requireSelfOrAdmin } from "../accounts/auth.js";
import {
  countUnread,
  deleteNotification,
  latestNotifications,
  listNotifications,
  markNotificationRead,
} from "./service.js";
import { signSocketToken, SOCKET_TOKEN_TTL_SECONDS } from "./socket.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "notifications",
  description:
    'A user\'s notifications (SPEC.md section 7 "Notifications") and the token of the live connection. ' +
    "Shapes (inputs, answers, types and socket event names): `contract/notifications.ts`. Every call " +
    "needs `Authorization: Bearer <access token>`.\n\n" +
    "A notification is `{_id, message, orderId, type, read, createdAt}`; types `pedido`, `pago`, " +
    "`oferta`, `tienda`, `retiro`, `resena`, `stock` (with `product`: section *stock*), `sistema`. " +
    "Modules write them with `notify(dbOrTx, [{userId, type, message, orderId}])` inside the transaction " +
    "of the event, so a rolled-back event tells no one. A notice about an order to one of its sellers " +
    "(not its customer) also carries `sellerOrderId`, that seller's sub-order, so it opens their own " +
    "order page; a review notice (`resena`) carries its `product`. Each one is pushed live once " +
    "committed: docs/api/real-time.md.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  list: {
    summary: "A user's notifications",
    description:
      "The user themself or an admin (403); `?unread=true` for unread only; `?page`, `?parPage` (1-50) to " +
      "page. Without `page` or `parPage`, the spec's list: the newest notifications (at most 500), newest " +
      "first; with either, `{notifications, totalNotification, unreadCount, page, parPage}` (page defaults " +
      "to 1, parPage to 50).",
  },
  unreadCount: {
    summary: "How many notifications are unread",
    description: "The user themself or an admin: `{unreadCount}`.",
  },
  markRead: {
    summary: "Mark a notification read",
    description: "Its owner only: the updated notification; 404 `Notificación no encontrada.` for anyone else's.",
  },
  remove: {
    summary: "Delete a notification",
    description: "Its owner only: `{message: 'Notificación eliminada.'}`; 404 for anyone else's.",
  },
  socketToken: {
    summary: "A token that opens one live connection",
    description:
      "`{token, expiresIn: 60}`: a JWT (HS256, subject the user, audience `mercado-padel-socket`, 60 s) " +
      "that opens one real-time connection; it is no access token, and an access token (or a bare user id) " +
      "opens no connection. The web's bell asks for one on every (re)connection: docs/api/real-time.md.",
  },
} satisfies Record<string, RouteWords>;

export interface NotificationRoutesOptions {
  db: Db;
  jwtSecret: string;
}

/** A user's notifications (SPEC.md section 7 "Notifications") and the token of the real-time connection. */
export async function notificationRoutes(app: FastifyInstance, opts: NotificationRoutesOptions) {
  documentModule(app, section);
  const { db } = opts;

  // As the spec has it, a list; asking for a page (as the web does) answers it with its counts.
  route(app, endpoints.list, { ...words.list, onRequest: app.authenticate }, async (request) => {
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

  route(app, endpoints.unreadCount, { ...words.unreadCount, onRequest: app.authenticate }, async (request) => {
    requireSelfOrAdmin(request, request.params.userId);
    return { unreadCount: await countUnread(db, request.params.userId) };
  });

  route(app, endpoints.markRead, { ...words.markRead, onRequest: app.authenticate }, (request) =>
    markNotificationRead(db, request.params.notificationId, currentUser(request).id),
  );

  route(app, endpoints.remove, { ...words.remove, onRequest: app.authenticate }, async (request) => {
    await deleteNotification(db, request.params.notificationId, currentUser(request).id);
    return { message: NOTIFICATION_DELETED };
  });

  route(app, endpoints.socketToken, { ...words.socketToken, onRequest: app.authenticate }, async (request) => ({
    token: await signSocketToken(currentUser(request).id, opts.jwtSecret),
    expiresIn: SOCKET_TOKEN_TTL_SECONDS,
  }));
}
