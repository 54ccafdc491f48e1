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

/** An order that can still be paid: unpaid, not cancelled and not past its time. */
export const payableOrder: SQL<boolean> = sql<boolean>`(${orders.paymentStatus} = 'sin_pagar' and ${orders.deliveryStatus} <> 'cancelado' and ${orders.expiredAt} is null and ${orders.expiresAt} > now())`;
