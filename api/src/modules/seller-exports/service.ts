import { and, asc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { STORE_TIME_ZONE } from "#contract/store-time";
import { orderNumber } from "#contract/order-labels";
import type { ExportedOrder, ExportedProduct, OrdersExportQuery } from "#contract/seller-exports";
import type { Db } from "../../db/client.js";
import { categories, orderItems, orders, products, shopOrders, shops, users } from "../../db/schema.js";
import { productSizesList } from "../catalog/service.js";
import type { MailContext } from "../mail/render.js";
import { expireUnpaidOrders } from "../orders/expiry.js";

/**
 * A seller's CSV downloads (issue 34): reads only, always of the caller's own shop (the shop is
 * found from the caller, never from the request), so another shop's rows cannot be asked for.
 */

const ownShop = (sellerId: string) => sql`(select ${shops.id} from ${shops} where ${shops.ownerId} = ${sellerId})`;

/** Every product of the seller's shop that is not archived, whatever its state, oldest first (a stable file). */
export async function exportProducts(db: Db, sellerId: string): Promise<ExportedProduct[]> {
  const rows = await db
    .select({
      _id: products.id,
      name: products.name,
      categorySlug: categories.slug,
      brand: products.brand,
      price: products.price,
      discount: products.discount,
      color: products.color,
      tag: products.tag,
      description: products.description,
      state: products.state,
      lowStockThreshold: products.lowStockThreshold,
      stock: products.stock,
      sizes: productSizesList,
      specs: products.specs,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.shopId, ownShop(sellerId)), isNull(products.archivedAt)))
    .orderBy(asc(products.createdAt), asc(products.id));
  return rows.map((row) => ({ ...row, specs: row.specs ?? {} }));
}

/** The instant a store day starts in Madrid (the store's calendar, contract/store-time.ts). */
const startOfDay = (day: string) => sql`(${day}::date)::timestamp at time zone ${STORE_TIME_ZONE}`;
const startOfDayAfter = (day: string) => sql`(${day}::date + 1)::timestamp at time zone ${STORE_TIME_ZONE}`;

/** The shop's order parts placed from the first day's start to the last day's end (store time), oldest first. */
export async function exportOrders(
  db: Db,
  sellerId: string,
  range: OrdersExportQuery,
  mail: MailContext,
): Promise<ExportedOrder[]> {
  // As the orders list: an unpaid order past its deadline is expired first, so the file says so.
  await expireUnpaidOrders(db, mail);
  const rows = await db
    .select({
      orderId: shopOrders.orderId,
      createdAt: shopOrders.createdAt,
      customerName: users.name,
      lines: sql<
        ExportedOrder["lines"]
      >`coalesce((select json_agg(json_build_object('name', ${orderItems.name}, 'size', nullif(${orderItems.size}, ''), 'quantity', ${orderItems.quantity}) order by ${orderItems.name}, ${orderItems.size}) from ${orderItems} where ${orderItems.shopOrderId} = ${shopOrders.id}), '[]'::json)`,
      subtotal: shopOrders.subtotal,
      couponCode: shopOrders.couponCode,
      discount: shopOrders.discount,
      shippingFee: shopOrders.shippingFee,
      total: shopOrders.total,
      commission: shopOrders.commission,
      paymentStatus: shopOrders.paymentStatus,
      deliveryStatus: shopOrders.deliveryStatus,
    })
    .from(shopOrders)
    .innerJoin(orders, eq(orders.id, shopOrders.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(shopOrders.shopId, ownShop(sellerId)),
        gte(shopOrders.createdAt, startOfDay(range.from)),
        lt(shopOrders.createdAt, startOfDayAfter(range.to)),
      ),
    )
    .orderBy(asc(shopOrders.createdAt), asc(shopOrders.id));
  return rows.map(({ orderId, createdAt, ...row }) => ({
    ...row,
    number: orderNumber(orderId),
    createdAt: createdAt.toISOString(),
    sellerNet: row.total - row.commission,
  }));
}
