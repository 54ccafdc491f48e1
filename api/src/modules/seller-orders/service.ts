import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { type DeliveryStatus, orderNumber } from "#contract/order-labels";
import {
  SELLER_ORDER_NOT_FOUND,
  type sellerOrderAnswer,
  type sellerOrdersAnswer,
  type SellerOrdersQuery,
} from "#contract/seller-orders";
import type { WithdrawalSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { orderItems, orders, shopOrders, shops, users } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { expireUnpaidOrders } from "../orders/expiry.js";
import { splitByWeight } from "../orders/pricing.js";
import { moverOf, nextStatuses } from "../order-status/service.js";
import { isoOf, saleMoneyColumns } from "../withdrawals/availability.js";
import type { MailContext } from "../mail/render.js";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A sub-order's summary columns (with `users` and `orders` joined): the list's and the CSV download's. */
export const summaryColumns = {
  id: shopOrders.id,
  orderId: shopOrders.orderId,
  customerName: users.name,
  createdAt: shopOrders.createdAt,
  itemsCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.shopOrderId} = ${shopOrders.id})`,
  subtotal: shopOrders.subtotal,
  couponCode: shopOrders.couponCode,
  discount: shopOrders.discount,
  shippingFee: shopOrders.shippingFee,
  total: shopOrders.total,
  commission: shopOrders.commission,
  paymentStatus: shopOrders.paymentStatus,
  deliveryStatus: shopOrders.deliveryStatus,
};

type SummaryRow = {
  id: string;
  orderId: string;
  customerName: string;
  createdAt: Date;
  itemsCount: number;
  subtotal: number;
  couponCode: string | null;
  discount: number;
  shippingFee: number;
  total: number;
  commission: number;
  paymentStatus: z.infer<typeof sellerOrdersAnswer>["orders"][number]["payment_status"];
  deliveryStatus: DeliveryStatus;
};

export function summaryOf(row: SummaryRow) {
  return {
    _id: row.id,
    orderId: row.orderId,
    number: orderNumber(row.orderId),
    customerName: row.customerName,
    createdAt: row.createdAt.toISOString(),
    itemsCount: Number(row.itemsCount),
    subtotal: row.subtotal,
    couponCode: row.couponCode,
    discount: row.discount,
    shipping_fee: row.shippingFee,
    total: row.total,
    commission: row.commission,
    sellerNet: row.total - row.commission,
    payment_status: row.paymentStatus,
    delivery_status: row.deliveryStatus,
  };
}

/**
 * GET /seller/orders/{sellerId}: the sub-orders of the seller's shop, newest first. Only the seller
 * themself (or an admin) reads them; a user without a shop has none.
 */
export async function sellerOrders(
  db: Db,
  sellerId: string,
  query: SellerOrdersQuery,
  mail: MailContext,
): Promise<z.input<typeof sellerOrdersAnswer>> {
  await expireUnpaidOrders(db, mail);
  const { page, parPage, searchValue, status } = query;
  const conditions: SQL[] = [eq(shops.ownerId, sellerId)];
  if (status) conditions.push(eq(shopOrders.deliveryStatus, status));
  if (searchValue) {
    const term = searchValue.replace(/^#/, "").trim();
    const pattern = `%${escapeLike(term)}%`;
    conditions.push(
      or(ilike(sql`${shopOrders.orderId}::text`, `${escapeLike(term.toLowerCase())}%`), ilike(users.name, pattern))!,
    );
  }
  const where = and(...conditions);
  const base = db
    .select(summaryColumns)
    .from(shopOrders)
    .innerJoin(shops, eq(shops.id, shopOrders.shopId))
    .innerJoin(orders, eq(orders.id, shopOrders.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(shopOrders.createdAt), desc(shopOrders.id))
    .limit(parPage)
    .offset((page - 1) * parPage);
  const [rows, [total]] = await Promise.all([
    base,
    db
      .select({ value: count() })
      .from(shopOrders)
      .innerJoin(shops, eq(shops.id, shopOrders.shopId))
      .innerJoin(orders, eq(orders.id, shopOrders.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where),
  ]);
  return { orders: rows.map(summaryOf), totalOrder: Number(total?.value ?? 0), page, parPage };
}

/** GET /seller/order/{id}: one sub-order of the caller's shop (an admin reads any); else 404. */
export async function sellerOrder(
  db: Db,
  user: AuthUser,
  subOrderId: string,
  settings: WithdrawalSettings,
  mail: MailContext,
): Promise<z.input<typeof sellerOrderAnswer>> {
  await expireUnpaidOrders(db, mail);
  const [row] = await db
    .select({
      ...summaryColumns,
      ownerId: shops.ownerId,
      shopName: shops.name,
      shippingInfo: orders.shippingInfo,
      trackingNumber: shopOrders.trackingNumber,
      shippedAt: shopOrders.shippedAt,
      deliveredAt: shopOrders.deliveredAt,
      receivedAt: shopOrders.receivedAt,
      ...saleMoneyColumns(settings),
    })
    .from(shopOrders)
    .innerJoin(shops, eq(shops.id, shopOrders.shopId))
    .innerJoin(orders, eq(orders.id, shopOrders.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(shopOrders.id, subOrderId));
  if (!row || (user.role !== "admin" && row.ownerId !== user.id)) throw new HttpError(404, SELLER_ORDER_NOT_FOUND);
  const lines = await db
    .select({
      productId: orderItems.productId,
      name: orderItems.name,
      size: orderItems.size,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      commissionBp: orderItems.commissionBp,
    })
    .from(orderItems)
    .where(eq(orderItems.shopOrderId, subOrderId))
    .orderBy(asc(orderItems.name), asc(orderItems.size), asc(orderItems.id));
  const lineTotals = lines.map((line) => line.quantity * line.unitPrice);
  // An accepted offer lowered the shop's subtotal below its lines, or the shop's coupon took some off:
  // each line takes its share of what the shop sold for.
  const saleTotals = splitByWeight(lineTotals, row.subtotal - row.discount);
  // Each line's share of the part's commission follows its sale and its own rate (decision 0059).
  const shares = splitByWeight(
    saleTotals.map((sale, index) => sale * lines[index]!.commissionBp),
    row.commission,
  );
  return {
    order: {
      ...summaryOf(row),
      shopName: row.shopName,
      shippingInfo: row.shippingInfo,
      products: lines.map((line, index) => ({
        productId: line.productId,
        name: line.name,
        size: line.size === "" ? null : line.size,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        lineTotal: lineTotals[index]!,
        saleTotal: saleTotals[index]!,
        commission: shares[index]!,
        commissionBp: line.commissionBp,
        sellerNet: saleTotals[index]! - shares[index]!,
      })),
      trackingNumber: row.trackingNumber,
      shippedAt: row.shippedAt?.toISOString() ?? null,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      receivedAt: row.receivedAt?.toISOString() ?? null,
      moneyAvailableAt: isoOf(row.moneyAvailableAt),
      moneyAvailable: row.moneyAvailable,
      // What the viewer may do: a seller, or an admin reading it (who may also cancel a sent part).
      nextStatuses: nextStatuses(
        { deliveryStatus: row.deliveryStatus, paymentStatus: row.paymentStatus, moneyAvailable: row.moneyAvailable },
        moverOf(user),
      ),
    },
  };
}
