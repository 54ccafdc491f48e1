import { z } from "zod";
import { notificationId } from "#contract/notifications";
import { notificationIntents } from "./system-notifications.forms";

/** One form per notification: which one, and the page to come back to; its button says what to do. */
export const notificationItemSchema = z.object({
  notificationId,
  page: z.coerce.number().int().min(1).default(1),
});

export const NOTIFICATION_FORMS = {
  [notificationIntents.markRead]: notificationItemSchema,
  [notificationIntents.remove]: notificationItemSchema,
};
