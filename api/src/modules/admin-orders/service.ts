import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AdminOrderDetail, AdminOrderRow, AdminOrdersAnswer, adminOrdersQuery } from "#contract/admin-orders";
import { orderNumber } from "#contract/order-labels";
import type { WithdrawalSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { orders, shopOrders, users } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { expireUnpaidOrders } from "../orders/expiry.js";
import { ORDER_NOT_FOUND, orderDetail } from "../orders/service.js";
import { nextStatuses } from "../order-status/service.js";
import { isoOf, saleMoneyColumns } from "../withdrawals/availability.js";
import type { MailContext } from "../mail/render.js";

type AdminOrdersQuery = z.output<typeof adminOrdersQuery>;

/** LIKE's own characters in a search are matched as themselves (the admin's user search too). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** What every admin list shows of an order (this list, a user's page), read by `orderSummary`. */
export const orderSummaryColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  total: orders.total,
  paymentStatus: orders.paymentStatus,
  deliveryStatus: orders.deliveryStatus,
};

export function orderSummary(row: {
  id: string;
  createdAt: Date;
  total: number;
  paymentStatus: AdminOrderRow["payment_status"];
  deliveryStatus: AdminOrderRow["delivery_status"];
}) {
  return {
    _id: row.id,
    number: orderNumber(row.id),
    createdAt: row.createdAt.toISOString(),
    price: row.total,
    payment_status: row.paymentStatus,
    delivery_status: row.deliveryStatus,
  };
}

/** Every order, newest first; a search matches the order's number (its id's start) or the customer's name or e-mail. */
export async function listAdminOrders(db: Db, query: AdminOrdersQuery, mail: MailContext): Promise<AdminOrdersAnswer> {
  await expireUnpaidOrders(db, mail);
  const conditions: SQL[] = [];
  if (query.searchValue) {
    const search = query.searchValue.replace(/^#/, "");
    const pattern = likePattern(search);
    const byCustomer = or(ilike(users.name, pattern), ilike(users.email, pattern));
    const byNumber = /^[0-9a-f-]+$/i.test(search)
      ? sql`${orders.id}::text ilike ${`${search.toLowerCase()}%`}`
      : undefined;
    conditions.push(byNumber ? or(byNumber, byCustomer)! : byCustomer!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...orderSummaryColumns,
        customerId: users.id,
        customerName: users.name,
        customerEmail: users.email,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.parPage)
      .offset((query.page - 1) * query.parPage),
    db.select({ total: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const shopCounts =
    ids.length === 0
      ? []
      : await db
          .select({ orderId: shopOrders.orderId, shops: count() })
          .from(shopOrders)
          .where(inArray(shopOrders.orderId, ids))
          .groupBy(shopOrders.orderId);
  return {
    orders: rows.map((row) => ({
      ...orderSummary(row),
      customer: { _id: row.customerId, name: row.customerName, email: row.customerEmail },
      shopCount: shopCounts.find((entry) => entry.orderId === row.id)?.shops ?? 0,
    })),
    totalOrder: total!.total,
    page: query.page,
    parPage: query.parPage,
  };
}

/**
 * One order for an admin: the customer's detail (orders/service.ts orderDetail, which admins may
 * read), the customer, and on each shop's part its commission, when its sale's money is available
 * to the seller, and the statuses it may move to next by the rules of order-status/service.ts.
 */
export async function adminOrderDetail(
  db: Db,
  orderId: string,
  admin: AuthUser,
  settings: WithdrawalSettings,
  mail: MailContext,
): Promise<AdminOrderDetail> {
  const order = await orderDetail(db, orderId, admin, mail);
  const [customer] = await db
    .select({ _id: users.id, name: users.name, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!customer) throw new HttpError(404, ORDER_NOT_FOUND);
  const money = await db
    .select({ id: shopOrders.id, commission: shopOrders.commission, ...saleMoneyColumns(settings) })
    .from(shopOrders)
    .where(eq(shopOrders.orderId, orderId));
  return {
    ...order,
    customer,
    suborders: order.suborders.map((part) => {
      const row = money.find((candidate) => candidate.id === part._id);
      const moneyAvailable = row?.moneyAvailable ?? false;
      return {
        ...part,
        commission: row?.commission ?? 0,
        moneyAvailableAt: isoOf(row?.moneyAvailableAt ?? null),
        moneyAvailable,
        nextStatuses: nextStatuses(
          { deliveryStatus: part.delivery_status, paymentStatus: part.payment_status, moneyAvailable },
          "admin",
        ),
      };
    }),
  };
}
