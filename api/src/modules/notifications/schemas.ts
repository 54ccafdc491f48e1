import { z } from "zod";
import type { NotificationType } from "./service.js";

/** One notification as the API answers it (SPEC.md section 3). Dates are ISO 8601 strings. */
export interface NotificationItem {
  _id: string;
  message: string;
  orderId: string | null;
  type: NotificationType;
  read: boolean;
  createdAt: string;
}

/** GET /user/notifications/{userId} with `page` or `parPage`: one page of the user's notifications, newest first. */
export interface NotificationsAnswer {
  notifications: NotificationItem[];
  totalNotification: number;
  unreadCount: number;
  page: number;
  parPage: number;
}

export interface UnreadCountAnswer {
  unreadCount: number;
}

export interface SocketTokenAnswer {
  token: string;
  /** Seconds the token may be used to open a connection. */
  expiresIn: number;
}

/** Most notifications one page answers: the screen shows 5 a page, the bell its latest few. */
export const MAX_PAR_PAGE = 50;
/** Most notifications the unpaged list answers (SPEC.md: "a list of notifications"), newest first. */
export const FULL_LIST_LIMIT = 500;
/** Far beyond any real list, low enough that the offset stays an exact integer. */
const MAX_PAGE = 100_000;

const uuid = (invalid: string) => z.string({ required_error: invalid, invalid_type_error: invalid }).uuid(invalid);

export const userParams = z.object({ userId: uuid("El usuario no es válido.") });

export const notificationParams = z.object({ notificationId: uuid("La notificación no es válida.") });

export const notificationsQuery = z.object({
  page: z.coerce
    .number({ invalid_type_error: "La página no es válida." })
    .int("La página no es válida.")
    .min(1, "La página no es válida.")
    .max(MAX_PAGE, "La página no es válida.")
    .optional(),
  parPage: z.coerce
    .number({ invalid_type_error: "El tamaño de página no es válido." })
    .int("El tamaño de página no es válido.")
    .min(1, "El tamaño de página no es válido.")
    .max(MAX_PAR_PAGE, `Se muestran como mucho ${MAX_PAR_PAGE} notificaciones por página.`)
    .optional(),
  /** Only those not read yet (what the bell reloads after a reconnect). */
  unread: z.enum(["true", "false"], { message: "El filtro de no leídas no es válido." }).optional(),
});
