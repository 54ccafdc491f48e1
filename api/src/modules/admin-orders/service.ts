import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import {
  ADMIN_ORDERS_CSV_MAX,
  ADMIN_ORDERS_CSV_TOO_MANY,
  UNSENT_DELIVERY_STATUSES,
} from "#contract/admin-order-labels";
import {
  type AdminOrderDetail,
  type AdminOrderRow,
  type AdminOrdersAnswer,
  type AdminOrdersFilters,
  type adminOrdersQuery,
} from "#contract/admin-orders";
import { orderNumber } from "#contract/order-labels";
import type { WithdrawalSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { orders, shopOrders, shops, users } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { expireUnpaidOrders } from "../orders/expiry.js";
import { ORDER_NOT_FOUND, orderDetail } from "../orders/service.js";
import { nextStatuses } from "../order-status/service.js";
import { startOf, startOfDayAfter } from "../promotions/service.js";
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

/**
 * The filters, all together: a search matches the order's number (its id's start) or the customer's
 * name or e-mail; the delivery filter reads the order's own status («sin enviar»: pending or being
 * prepared); a shop matches the orders with a part of it; the days are the store's, whole.
 */
function filterConditions(filters: AdminOrdersFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.searchValue) {
    const search = filters.searchValue.replace(/^#/, "");
    const pattern = likePattern(search);
    const byCustomer = or(ilike(users.name, pattern), ilike(users.email, pattern));
    const byNumber = /^[0-9a-f-]+$/i.test(search)
      ? sql`${orders.id}::text ilike ${`${search.toLowerCase()}%`}`
      : undefined;
    conditions.push(byNumber ? or(byNumber, byCustomer)! : byCustomer!);
  }
  if (filters.paymentStatus) conditions.push(eq(orders.paymentStatus, filters.paymentStatus));
  if (filters.deliveryStatus)
    conditions.push(
      filters.deliveryStatus === "sin_enviar"
        ? inArray(orders.deliveryStatus, [...UNSENT_DELIVERY_STATUSES])
        : eq(orders.deliveryStatus, filters.deliveryStatus),
    );
  if (filters.shopId)
    conditions.push(
      sql`exists (select 1 from ${shopOrders} where ${shopOrders.orderId} = ${orders.id} and ${shopOrders.shopId} = ${filters.shopId})`,
    );
  if (filters.from) conditions.push(gte(orders.createdAt, startOf(filters.from) as unknown as Date));
  if (filters.to) conditions.push(lt(orders.createdAt, startOfDayAfter(filters.to) as unknown as Date));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The matching orders, newest first, `limit` of them from `offset`, as the list and the CSV write them. */
async function orderRows(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<AdminOrderRow[]> {
  const rows = await db
    .select({
      ...orderSummaryColumns,
      customerId: users.id,
      customerName: users.name,
      customerEmail: users.email,
      shopCount: sql<number>`(select count(*)::integer from ${shopOrders} where ${shopOrders.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    ...orderSummary(row),
    customer: { _id: row.customerId, name: row.customerName, email: row.customerEmail },
    shopCount: row.shopCount,
  }));
}

async function countOrders(db: Db, where: SQL | undefined): Promise<number> {
  const [total] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  return total!.total;
}

/** Every order the filters match, newest first, a page of them, and every shop for the shop filter. */
export async function listAdminOrders(db: Db, query: AdminOrdersQuery, mail: MailContext): Promise<AdminOrdersAnswer> {
  await expireUnpaidOrders(db, mail);
  const where = filterConditions(query);
  const [rows, total, shopList] = await Promise.all([
    orderRows(db, where, query.parPage, (query.page - 1) * query.parPage),
    countOrders(db, where),
    db.select({ _id: shops.id, name: shops.name }).from(shops).orderBy(asc(shops.name), asc(shops.id)),
  ]);
  return { orders: rows, totalOrder: total, page: query.page, parPage: query.parPage, shops: shopList };
}

/** Every order the filters match, newest first, for a CSV; more than ADMIN_ORDERS_CSV_MAX is refused (400). */
export async function exportAdminOrders(db: Db, filters: AdminOrdersFilters, mail: MailContext) {
  await expireUnpaidOrders(db, mail);
  const where = filterConditions(filters);
  // One more than the cap tells "too many" without counting them all.
  const rows = await orderRows(db, where, ADMIN_ORDERS_CSV_MAX + 1, 0);
  if (rows.length > ADMIN_ORDERS_CSV_MAX) throw new HttpError(400, ADMIN_ORDERS_CSV_TOO_MANY);
  return { orders: rows };
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
