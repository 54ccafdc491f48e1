import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type {
  CustomerDashboardAnswer,
  CustomerOrderDetail,
  CustomerOrdersAnswer,
  CustomerOrderSummary,
} from "#contract/customer";
import type { Offer } from "#contract/offers";
import type { CustomerOrderFilter } from "#contract/order-labels";
import { orderNumber } from "#contract/order-labels";
import type { Db } from "../../db/client.js";
import { orders, shopOrders } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { offersOf } from "../offers/service.js";
import { expireUnpaidOrders, orderPayBy, payableOrder } from "../orders/expiry.js";
import { ORDER_NOT_FOUND, orderDetail } from "../orders/service.js";
import type { MailContext } from "../mail/render.js";

/** How many orders the dashboard's "recent orders" shows. */
const RECENT_ORDERS = 5;

function filterCondition(filter: CustomerOrderFilter): SQL | undefined {
  if (filter === "all") return undefined;
  if (filter === "sin_pagar") return payableOrder;
  return eq(orders.deliveryStatus, filter);
}

/** The customer's orders matching `condition`, newest first, as the lists show them. */
async function orderSummaries(
  db: Db,
  customerId: string,
  condition: SQL | undefined,
  limit: number,
  offset: number,
): Promise<CustomerOrderSummary[]> {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      expiresAt: orderPayBy,
      expiredAt: orders.expiredAt,
      total: orders.total,
      deliveryStatus: orders.deliveryStatus,
      paymentStatus: orders.paymentStatus,
      payable: payableOrder,
      // Spelt out with aliases: Drizzle leaves columns of a one-table select unqualified.
      shopCount: sql<number>`(select count(*)::integer from shop_orders so where so.order_id = orders.id)`,
      itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::integer from order_items oi join shop_orders so on so.id = oi.shop_order_id where so.order_id = orders.id)`,
    })
    .from(orders)
    .where(and(eq(orders.userId, customerId), condition))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    _id: row.id,
    number: orderNumber(row.id),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiredAt !== null,
    price: row.total,
    delivery_status: row.deliveryStatus,
    payment_status: row.paymentStatus,
    payable: row.payable,
    shopCount: row.shopCount,
    itemCount: row.itemCount,
  }));
}

/** GET /home/customer/get-dashboard-data/{userId}: the customer's order totals and newest orders. */
export async function customerDashboard(
  db: Db,
  customerId: string,
  mail: MailContext,
): Promise<CustomerDashboardAnswer> {
  await expireUnpaidOrders(db, mail);
  const [[totals], recentOrders] = await Promise.all([
    db
      .select({
        totalOrder: count(),
        pendingOrder: sql<number>`(count(*) filter (where ${orders.deliveryStatus} = 'pendiente'))::integer`,
        cancelledOrder: sql<number>`(count(*) filter (where ${orders.deliveryStatus} = 'cancelado'))::integer`,
      })
      .from(orders)
      .where(eq(orders.userId, customerId)),
    orderSummaries(db, customerId, undefined, RECENT_ORDERS, 0),
  ]);
  return {
    totalOrder: totals!.totalOrder,
    pendingOrder: totals!.pendingOrder,
    cancelledOrder: totals!.cancelledOrder,
    recentOrders,
  };
}

/** GET /home/customer/get-orders/{customerId}/{status}: one page of the customer's orders, newest first. */
export async function customerOrders(
  db: Db,
  customerId: string,
  filter: CustomerOrderFilter,
  page: number,
  parPage: number,
  mail: MailContext,
): Promise<CustomerOrdersAnswer> {
  await expireUnpaidOrders(db, mail);
  const condition = filterCondition(filter);
  const [[total], list] = await Promise.all([
    db
      .select({ count: count() })
      .from(orders)
      .where(and(eq(orders.userId, customerId), condition)),
    orderSummaries(db, customerId, condition, parPage, (page - 1) * parPage),
  ]);
  return { orders: list, totalOrder: total!.count, page, parPage };
}

/**
 * GET /home/customer/get-offers/{orderId}: every offer on the order's shop orders, newest first, for
 * its customer or an admin; anyone else is told the order does not exist.
 */
export async function customerOrderOffers(db: Db, orderId: string, viewer: AuthUser): Promise<Offer[]> {
  const shopOrderIds = await db
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .innerJoin(orders, eq(orders.id, shopOrders.orderId))
    .where(and(eq(shopOrders.orderId, orderId), viewer.role === "admin" ? undefined : eq(orders.userId, viewer.id)));
  if (shopOrderIds.length === 0) throw new HttpError(404, ORDER_NOT_FOUND);
  return offersOf(
    db,
    shopOrderIds.map((row) => row.id),
  );
}

/**
 * GET /home/customer/get-order/{orderId}: the order (its customer's or, for an admin, anyone's;
 * anyone else is told it does not exist) with each shop order's offers and whether one may be made.
 */
export async function customerOrderDetail(
  db: Db,
  orderId: string,
  viewer: AuthUser,
  mail: MailContext,
): Promise<CustomerOrderDetail> {
  const order = await orderDetail(db, orderId, viewer, mail);
  const orderOffers = await offersOf(
    db,
    order.suborders.map((suborder) => suborder._id),
  );
  const payable =
    order.payment_status === "sin_pagar" &&
    !order.expired &&
    order.delivery_status !== "cancelado" &&
    Date.parse(order.expiresAt) > Date.now();
  return {
    ...order,
    payable,
    suborders: order.suborders.map((suborder) => {
      const own = orderOffers.filter((offer) => offer.shopOrderId === suborder._id);
      return {
        ...suborder,
        offers: own,
        // The lowest offer is 1 cent, so a subtotal of 1 leaves nothing lower to propose.
        canOffer:
          payable &&
          suborder.delivery_status !== "cancelado" &&
          suborder.subtotal > 1 &&
          !own.some((offer) => offer.status === "pendiente"),
        // As confirmReceipt (order-status/service.ts) accepts it.
        canConfirmReceipt:
          suborder.receivedAt === null &&
          (suborder.delivery_status === "enviado" || suborder.delivery_status === "entregado"),
      };
    }),
  };
}
