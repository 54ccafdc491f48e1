import { z } from "zod";
import { endpoint, messageAnswer, noBody, noInput } from "./http";
import { isoDateTime, queryChoice, queryInteger, uuid } from "./fields";
import { MAX_NOTIFICATIONS_PER_PAGE, MAX_PAGE } from "./limits";
import { INVALID_PAGE, INVALID_PAGE_SIZE } from "./messages";
import { NOTIFICATION_TYPES } from "./notification-events";

/**
 * A user's notifications (SPEC.md section 3 "Notification", section 7 "Notifications") and the
 * real-time connection that pushes them (SPEC.md section 4).
 */

/** The types, their labels and the real-time events are notification-events.ts's (no zod there, for the bell). */
export const notificationType = z.enum(NOTIFICATION_TYPES);

// ---- Messages -----------------------------------------------------------------------------------

export const INVALID_NOTIFICATION = "La notificación no es válida.";
export const NOTIFICATION_NOT_FOUND = "Notificación no encontrada.";
export const NOTIFICATION_DELETED = "Notificación eliminada.";
/** The web's notice once a notification is marked read (the API answers the notification itself). */
export const NOTIFICATION_MARKED_READ = "Notificación marcada como leída.";

// ---- Inputs -------------------------------------------------------------------------------------

/** A notification's id, as the API's paths and the web's forms carry it. */
export const notificationId = uuid(INVALID_NOTIFICATION);

export const notificationUserParams = z.object({ userId: uuid("El usuario no es válido.") });
export const notificationParams = z.object({ notificationId });

/**
 * GET /user/notifications/{userId}: without `page` and `parPage`, the spec's plain list; with
 * either, that page and its counts.
 */
export const notificationsQuery = z.object({
  page: queryInteger({ min: 1, max: MAX_PAGE, message: INVALID_PAGE }),
  // A whole number from 1, and past the largest page its own message.
  parPage: queryInteger({ min: 1, max: Number.MAX_SAFE_INTEGER, message: INVALID_PAGE_SIZE }).pipe(
    z
      .number()
      .max(
        MAX_NOTIFICATIONS_PER_PAGE,
        `Se muestran como mucho ${MAX_NOTIFICATIONS_PER_PAGE} notificaciones por página.`,
      )
      .optional(),
  ),
  /** Only those not read yet (what the bell reloads after a reconnect). */
  unread: queryChoice(["true", "false"], "El filtro de no leídas no es válido."),
});

// ---- Answers ------------------------------------------------------------------------------------

/** One notification as the API answers and pushes it (SPEC.md section 3). */
export const notificationItem = z.object({
  _id: z.string(),
  message: z.string(),
  orderId: z.string().nullable(),
  /**
   * The product a 'stock' or 'resena' notice is about, absent on the others: `own` when the
   * notice's user sells it (a low-stock notice opens the seller's control page, a review notice the
   * product's reviews), otherwise a shopper's back-in-stock notice (opening the product's page).
   */
  product: z.object({ _id: z.string(), slug: z.string(), own: z.boolean() }).optional(),
  /**
   * On a notice about an order to one of its sellers (a new order, its payment, an offer, a
   * cancellation): that seller's part of it, which their order page opens
   * (`/dashboard/seller/orders/details/{sellerOrderId}`); absent on the customer's notices.
   */
  sellerOrderId: z.string().optional(),
  type: notificationType,
  read: z.boolean(),
  createdAt: isoDateTime,
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** GET /user/notifications/{userId} with `page` or `parPage`: one page of the user's notifications, newest first. */
export const notificationsAnswer = z.object({
  notifications: z.array(notificationItem),
  totalNotification: z.number().int(),
  unreadCount: z.number().int(),
  page: z.number().int(),
  parPage: z.number().int(),
});
export type NotificationsAnswer = z.infer<typeof notificationsAnswer>;

/** GET /user/notifications/{userId}: the spec's plain list (newest first), or a page when one is asked for. */
export const notificationListAnswer = z.union([z.array(notificationItem), notificationsAnswer]);
export type NotificationListAnswer = z.infer<typeof notificationListAnswer>;

export const unreadCountAnswer = z.object({ unreadCount: z.number().int() });
export type UnreadCountAnswer = z.infer<typeof unreadCountAnswer>;

export const socketTokenAnswer = z.object({
  token: z.string(),
  /** Seconds the token may be used to open a connection. */
  expiresIn: z.number().int(),
});
export type SocketTokenAnswer = z.infer<typeof socketTokenAnswer>;

// ---- Calls --------------------------------------------------------------------------------------

/** Bearer calls, each on the caller's own notifications (the lists also to an admin). */
export const notificationEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/user/notifications/:userId",
    params: notificationUserParams,
    query: notificationsQuery,
    answer: notificationListAnswer,
  }),
  unreadCount: endpoint({
    method: "GET",
    path: "/user/notifications-unread/:userId",
    params: notificationUserParams,
    query: noInput,
    answer: unreadCountAnswer,
  }),
  /** Spelt so (SPEC.md section 7); answers the updated notification. */
  markRead: endpoint({
    method: "PATCH",
    path: "/user/notifiactions-read/:notificationId",
    params: notificationParams,
    body: noBody,
    answer: notificationItem,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/user/delete-notifications/:notificationId",
    params: notificationParams,
    query: noInput,
    answer: messageAnswer,
  }),
  /** A one-minute token that opens one real-time connection. */
  socketToken: endpoint({ method: "POST", path: "/user/socket-token", body: noBody, answer: socketTokenAnswer }),
};
