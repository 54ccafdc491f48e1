import { and, count, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { NotificationType } from "#contract/notification-events";
import { NOTIFICATION_NOT_FOUND, type NotificationItem, type NotificationsAnswer } from "#contract/notifications";
import type { Db, Transaction } from "../../db/client.js";
import { notifications, notificationType, orders, products, shopOrders, shops } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";

// The database's enum holds exactly the contract's types: adding one on either side alone fails to compile.
type StoredType = (typeof notificationType.enumValues)[number];
const sameTypes: [StoredType, NotificationType] extends [NotificationType, StoredType] ? true : never = true;
void sameTypes;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  message: string;
  orderId?: string | null;
  /** The product a 'stock' or 'resena' notice is about. */
  productId?: string | null;
}

/**
 * Stores notifications in the caller's transaction, beside the event they report. Delivery needs
 * nothing more: the trigger of migration 0010 announces each row once the transaction commits.
 */
export async function notify(db: Db | Transaction, notices: NewNotification[]): Promise<void> {
  if (notices.length === 0) return;
  await db.insert(notifications).values(notices);
}

type NotificationRow = typeof notifications.$inferSelect & {
  productSlug: string | null;
  productOwned: boolean | null;
  sellerOrderId: string | null;
};

/**
 * The part of a notice's order that the notice's user sells, when they are one of its sellers and
 * not its customer: a seller's notice opens their own order page, never the customer's.
 */
const sellerOrderOfNotice = sql<string | null>`(
  select ${shopOrders.id} from ${shopOrders}
  join ${shops} on ${shops.id} = ${shopOrders.shopId}
  join ${orders} on ${orders.id} = ${shopOrders.orderId}
  where ${shopOrders.orderId} = ${notifications.orderId} and ${shops.ownerId} = ${notifications.userId} and ${orders.userId} <> ${notifications.userId}
  limit 1)`;

/**
 * Notifications with what their links need: the product of a 'stock' or 'resena' notice (its slug,
 * and whether the notice's user sells it: a seller's low-stock notice opens the control page, a
 * shopper's back-in-stock notice the product's page), and a seller's part of the notice's order.
 */
function selectNotifications(db: Db) {
  return db
    .select({
      ...getTableColumns(notifications),
      productSlug: products.slug,
      productOwned: sql<boolean | null>`(${shops.ownerId} = ${notifications.userId})`,
      sellerOrderId: sellerOrderOfNotice,
    })
    .from(notifications)
    .leftJoin(products, eq(products.id, notifications.productId))
    .leftJoin(shops, eq(shops.id, products.shopId));
}

export function toNotificationItem(row: NotificationRow): NotificationItem {
  return {
    _id: row.id,
    message: row.message,
    orderId: row.orderId,
    // Only on the notices about a product ('stock'): the others keep the spec's shape.
    ...(row.productId && row.productSlug
      ? { product: { _id: row.productId, slug: row.productSlug, own: row.productOwned === true } }
      : {}),
    ...(row.sellerOrderId ? { sellerOrderId: row.sellerOrderId } : {}),
    type: row.type,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of a user's notifications, newest first, with their total and unread counts. */
const shownTo = (userId: string, unreadOnly: boolean) =>
  and(eq(notifications.userId, userId), unreadOnly ? eq(notifications.read, false) : undefined);

async function newestFirst(db: Db, shown: SQL | undefined, limit: number, offset = 0): Promise<NotificationItem[]> {
  const rows = await selectNotifications(db)
    .where(shown)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toNotificationItem);
}

/** The user's newest notifications, at most `limit`, as a plain list. */
export function latestNotifications(
  db: Db,
  userId: string,
  { limit, unreadOnly }: { limit: number; unreadOnly: boolean },
): Promise<NotificationItem[]> {
  return newestFirst(db, shownTo(userId, unreadOnly), limit);
}

export async function listNotifications(
  db: Db,
  userId: string,
  { page, parPage, unreadOnly }: { page: number; parPage: number; unreadOnly: boolean },
): Promise<NotificationsAnswer> {
  const shown = shownTo(userId, unreadOnly);
  const [items, [totals], unreadCount] = await Promise.all([
    newestFirst(db, shown, parPage, (page - 1) * parPage),
    db.select({ total: count() }).from(notifications).where(shown),
    countUnread(db, userId),
  ]);
  return { notifications: items, totalNotification: totals!.total, unreadCount, page, parPage };
}

/** The user's unread notifications, as a subquery other queries can take in (the header's counts). */
export function unreadCountOf(userId: string): SQL<number> {
  return sql<number>`(select count(*)::integer from ${notifications} where ${notifications.userId} = ${userId} and not ${notifications.read})`;
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const result = await db.execute<{ unread: number }>(sql`select ${unreadCountOf(userId)} as unread`);
  return result.rows[0]!.unread;
}

/** Marks the user's own notification read; anyone else's is "not found". */
export async function markNotificationRead(db: Db, notificationId: string, userId: string): Promise<NotificationItem> {
  const marked = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (marked.length === 0) throw new HttpError(404, NOTIFICATION_NOT_FOUND);
  const [row] = await selectNotifications(db).where(eq(notifications.id, notificationId));
  if (!row) throw new HttpError(404, NOTIFICATION_NOT_FOUND);
  return toNotificationItem(row);
}

/** Deletes the user's own notification; anyone else's is "not found". */
export async function deleteNotification(db: Db, notificationId: string, userId: string): Promise<void> {
  const deleted = await db
    .delete(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw new HttpError(404, NOTIFICATION_NOT_FOUND);
}

/** A stored notification and its owner, for delivery; null once it was deleted. */
export async function notificationForDelivery(
  db: Db,
  notificationId: string,
): Promise<{ userId: string; item: NotificationItem } | null> {
  const [row] = await selectNotifications(db).where(eq(notifications.id, notificationId));
  return row ? { userId: row.userId, item: toNotificationItem(row) } : null;
}
