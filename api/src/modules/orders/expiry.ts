import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orders } from "../../db/schema.js";

/**
 * Cancels unpaid orders past their expiry and gives their stock and coupon use back: the
 * expire_unpaid_orders() function of migration 0008, safe to call from any instance at any time.
 */
export async function expireUnpaidOrders(db: Pick<Db, "execute">): Promise<number> {
  const result = await db.execute<{ expired: number }>(sql`select expire_unpaid_orders() as expired`);
  return result.rows[0]!.expired;
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
