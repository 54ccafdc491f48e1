import { z } from "zod";
import { notificationId } from "#contract/notifications";
import { notificationIntents } from "./notification-intents";

/** One form per notification: which one, what to do, and the page to come back to. */
export const notificationActionSchema = z.object({
  intent: z.enum([notificationIntents.markRead, notificationIntents.remove], { message: "Acción no válida." }),
  notificationId,
  page: z.coerce.number().int().min(1).default(1),
});

/** What the bell posts when a notification is dismissed (marked read). */
export const dismissNotificationSchema = z.object({ notificationId });
