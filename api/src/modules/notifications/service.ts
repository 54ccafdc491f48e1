import type { Db, Transaction } from "../../db/client.js";
import { notifications, notificationType } from "../../db/schema.js";

export type NotificationType = (typeof notificationType.enumValues)[number];

export interface NewNotification {
  userId: string;
  type: NotificationType;
  message: string;
  orderId?: string | null;
}

/**
 * Stores notifications in the caller's transaction, beside the event they report. Delivery needs
 * nothing more: the trigger of migration 0010 announces each row once the transaction commits.
 */
export async function notify(db: Db | Transaction, notices: NewNotification[]): Promise<void> {
  if (notices.length === 0) return;
  await db.insert(notifications).values(notices);
}
