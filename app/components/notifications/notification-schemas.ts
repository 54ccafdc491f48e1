import { z } from "zod";
import { STORE_TIME_ZONE } from "~/services/store-time";

/** The buttons of each notification on the notifications screen. */
export const notificationIntents = { markRead: "marcar-leida", remove: "eliminar" } as const;

/** One form per notification: which one, what to do, and the page to come back to. */
export const notificationActionSchema = z.object({
  intent: z.enum([notificationIntents.markRead, notificationIntents.remove], { message: "Acción no válida." }),
  notificationId: z.string({ required_error: "La notificación no es válida." }).uuid("La notificación no es válida."),
  page: z.coerce.number().int().min(1).default(1),
});

/** What the bell posts when a notification is dismissed (marked read). */
export const dismissNotificationSchema = z.object({
  notificationId: z.string({ required_error: "La notificación no es válida." }).uuid("La notificación no es válida."),
});

/** What a notification's type is called on screen. */
export const NOTIFICATION_TYPE_LABELS: Record<string, string> = {
  pedido: "Pedido",
  pago: "Pago",
  oferta: "Oferta",
  tienda: "Tienda",
  retiro: "Retiro",
  resena: "Reseña",
  sistema: "Sistema",
};


/**
 * A notification's date and time, as "22/11/2026, 14:17". One fixed time zone (the store's), so
 * the server-rendered screen and the bell in the browser read the same.
 */
export const notificationDate = new Intl.DateTimeFormat("es-ES", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: STORE_TIME_ZONE,
});
