import { inArray, sql, type SQL } from "drizzle-orm";
import type { Db, Transaction } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { queueEventMail } from "../mail/event-mail.js";
import { mailRecipient } from "../mail/recipients.js";
import type { MailContext } from "../mail/render.js";
import { orderExpiredMail } from "../mail/templates/order-expired.js";

/**
 * Cancels unpaid orders past their expiry and gives their stock and coupon use back (the SQL function
 * expire_unpaid_orders(), api/src/db/functions/), and queues the customer's «Tu pedido #… caducó» for
 * each order it expired, in the same transaction: the mail exists exactly when the expiry does. Safe
 * to call from any instance at any time: the function skips the orders another sweep holds, so no
 * order is expired, or mailed, twice. Answers how many orders it expired.
 */
export async function expireUnpaidOrders(db: Db | Transaction, mail: MailContext): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx.execute<{ expired_order: string; customer_told: boolean }>(
      sql`select expired_order, customer_told from expire_unpaid_orders()`,
    );
    // An order a seller had cancelled whole was told so then: the function tells only the others.
    const told = expired.rows.filter((row) => row.customer_told).map((row) => row.expired_order);
    if (told.length > 0) {
      const rows = await tx
        .select({ id: orders.id, userId: orders.userId, total: orders.total })
        .from(orders)
        .where(inArray(orders.id, told));
      for (const order of rows)
        await queueEventMail(
          tx,
          mail,
          orderExpiredMail(order, await mailRecipient(tx, order.userId), mail.publicWebUrl),
        );
    }
    return expired.rows.length;
  });
}

/**
 * When the order must be paid by: the end of its payment window or, while an offer on it waits for its
 * seller, that offer's deadline if later: a waiting offer keeps the order (and the customer may still
 * pay its current total) until it is answered or lapses (decision 0038). `orders` is spelt out because
 * Drizzle leaves the columns of a one-table select unqualified, and the subquery has ids of its own.
 */
export const orderPayBy: SQL<Date> = sql<Date>`greatest(${orders.expiresAt}, (
  select max(o.expires_at) from offers o join shop_orders so on so.id = o.shop_order_id
  where so.order_id = orders.id and o.status = 'pendiente'))`.mapWith(orders.expiresAt);

/** An order still inside its time: not expired by the sweep, and its pay-by moment not passed. */
export const orderInTime: SQL<boolean> = sql<boolean>`(${orders.expiredAt} is null and ${orderPayBy} > now())`;

/** An order that can still be paid: unpaid, not cancelled and not past its time. */
export const payableOrder: SQL<boolean> = sql<boolean>`(${orders.paymentStatus} = 'sin_pagar' and ${orders.deliveryStatus} <> 'cancelado' and ${orderInTime})`;
