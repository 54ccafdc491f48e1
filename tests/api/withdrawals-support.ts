import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { WithdrawalBalances } from "#contract/withdrawals";
import type { App } from "../../api/src/app";
import type { Db } from "../../api/src/db/client";
import { shopOrders } from "../../api/src/db/schema";
import { customerWithOrder, payFromWallet, subOrderIds } from "./notifications-support";
import type { Customer } from "./orders-support";
import type { Catalogue } from "./support";

/** Helpers the withdrawal tests (PGlite and PostgreSQL) share. */

export const PAGO_MOVIL = { kind: "pago_movil", bank: "Banesco", phone: "0414 123 45 67", idDocument: "v12345678" };

export async function balancesOf(app: App, user: Customer, userId = user.id): Promise<WithdrawalBalances> {
  const response = await app.inject({ method: "GET", url: `/withdrawals-balance/${userId}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().withdrawalBalances;
}

export function savePayout(app: App, seller: Customer, body: Record<string, unknown> = PAGO_MOVIL) {
  return app.inject({ method: "PUT", url: "/seller/payout-method", headers: seller.headers, payload: body });
}

export function withdraw(app: App, seller: Customer, amount: number) {
  return app.inject({ method: "POST", url: "/withdraw", headers: seller.headers, payload: { amount } });
}

export function confirm(app: App, admin: Customer, paymentId: string, reference = "REF-0001") {
  return app.inject({
    method: "POST",
    url: "/payment/request-confirm",
    headers: admin.headers,
    payload: { paymentId, reference },
  });
}

export function reject(app: App, admin: Customer, paymentId: string, reason = "Los datos de la cuenta no coinciden.") {
  return app.inject({
    method: "POST",
    url: "/payment/request-reject",
    headers: admin.headers,
    payload: { paymentId, reason },
  });
}

/** A new customer's paid order (a Vertex from Centro Pádel, balls from Tienda Smash): Centro's part id and what it credited. */
export async function paidSale(app: App, db: Db, catalogue: Catalogue) {
  const { customer, orderId } = await customerWithOrder(app, db, catalogue);
  await payFromWallet(app, db, customer, orderId);
  const centroPart = (await subOrderIds(app, customer, orderId))["Centro Pádel"]!;
  const [part] = await db
    .select({ total: shopOrders.total, commission: shopOrders.commission })
    .from(shopOrders)
    .where(eq(shopOrders.id, centroPart));
  return { customer, orderId, centroPart, net: part!.total - part!.commission };
}

/** Marks a part shipped the day before and received `daysAgo` days ago, as if its customer had confirmed it then. */
export async function receivedDaysAgo(db: Db, shopOrderId: string, daysAgo: number) {
  await db.execute(
    sql`update shop_orders set delivery_status = 'entregado', shipped_at = now() - make_interval(hours => ${24 * (daysAgo + 1)}), delivered_at = now() - make_interval(hours => ${24 * daysAgo}), received_at = now() - make_interval(hours => ${24 * daysAgo}) where id = ${shopOrderId}`,
  );
}

/** Marks a part shipped `daysAgo` days ago, as if its seller had sent it then, and not confirmed by its customer. */
export async function shippedDaysAgo(db: Db, shopOrderId: string, daysAgo: number) {
  await db.execute(
    sql`update shop_orders set delivery_status = 'enviado', tracking_number = 'ES-1234567', shipped_at = now() - make_interval(hours => ${24 * daysAgo}) where id = ${shopOrderId}`,
  );
}
