import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { WithdrawalSettings } from "../../config.js";
import { shopOrders } from "../../db/schema.js";

/**
 * When a sale's money is available to its seller: the one definition the balances, the wallet, the
 * withdrawals, the books, the seller's ledger, the order screens and the admin's cancellation read
 * (README "Money rules", docs/decisions/0035).
 */

/** The columns of a `shop_orders` row the rule reads, as the statement names them. */
export interface SaleMoments {
  receivedAt: SQLWrapper;
  shippedAt: SQLWrapper;
}

/** `so`: the alias the ledger's statements give `shop_orders`. */
const SO: SaleMoments = { receivedAt: sql.raw("so.received_at"), shippedAt: sql.raw("so.shipped_at") };

/**
 * The moment a part's sale becomes available: SALE_AVAILABLE_AFTER_DAYS after the customer confirmed
 * receipt or SALE_AVAILABLE_AFTER_SHIPMENT_DAYS after it was shipped, whichever comes first (a late
 * confirmation never takes back money already available); null while it is not shipped.
 */
export function saleAvailableAt(settings: WithdrawalSettings, part: SaleMoments = SO): SQL {
  // least() skips nulls: a part shipped but not confirmed waits for the shipment's date alone. Days of
  // 24 hours, real time whatever the session's time zone (docs/api/money.md, "Days and time zones").
  const afterReceipt = 24 * settings.saleAvailableAfterDays;
  const afterShipment = 24 * settings.saleAvailableAfterShipmentDays;
  return sql`least(${part.receivedAt} + make_interval(hours => ${afterReceipt}), ${part.shippedAt} + make_interval(hours => ${afterShipment}))`;
}

/**
 * Whether a part's sale is available now (never null). The statement's own time, not the
 * transaction's: a check made after waiting for a lock judges the moment it reads, so a
 * confirmation committed while it waited counts.
 */
export function saleAvailable(settings: WithdrawalSettings, part: SaleMoments = SO): SQL {
  return sql`coalesce(${saleAvailableAt(settings, part)} <= statement_timestamp(), false)`;
}

/**
 * A query's columns for a `shop_orders` row's money (its screens): when it is available, null for a
 * part not paid (a cancelled paid part is refunded), and whether that moment has come.
 */
export function saleMoneyColumns(settings: WithdrawalSettings) {
  return {
    moneyAvailableAt: sql<
      string | Date | null
    >`case when ${shopOrders.paymentStatus} = 'pagado' then ${saleAvailableAt(settings, shopOrders)} end`,
    moneyAvailable: sql<boolean>`${shopOrders.paymentStatus} = 'pagado' and ${saleAvailable(settings, shopOrders)}`,
  };
}

/** A timestamp a raw column answered (a Date, or text from some drivers), as ISO 8601. */
export const isoOf = (value: string | Date | null): string | null =>
  value === null ? null : new Date(value).toISOString();
