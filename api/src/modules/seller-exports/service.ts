import { and, asc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { ExportedOrder, ExportedProduct, OrdersExportQuery } from "#contract/seller-exports";
import type { Db } from "../../db/client.js";
import { categories, orderItems, orders, products, shopOrders, shops, users } from "../../db/schema.js";
import { productSizesList } from "../catalog/service.js";
import type { MailContext } from "../mail/render.js";
import { expireUnpaidOrders } from "../orders/expiry.js";
import { summaryColumns, summaryOf } from "../seller-orders/service.js";
// The store day's bounds in Madrid (contract/store-time.ts), as the shop coupons' dates use them.
import { startOf, startOfDayAfter } from "../promotions/service.js";

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
      ...summaryColumns,
      lines: sql<
        ExportedOrder["lines"]
      >`coalesce((select json_agg(json_build_object('name', ${orderItems.name}, 'size', nullif(${orderItems.size}, ''), 'quantity', ${orderItems.quantity}) order by ${orderItems.name}, ${orderItems.size}) from ${orderItems} where ${orderItems.shopOrderId} = ${shopOrders.id}), '[]'::json)`,
    })
    .from(shopOrders)
    .innerJoin(orders, eq(orders.id, shopOrders.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(shopOrders.shopId, ownShop(sellerId)),
        gte(shopOrders.createdAt, startOf(range.from)),
        lt(shopOrders.createdAt, startOfDayAfter(range.to)),
      ),
    )
    .orderBy(asc(shopOrders.createdAt), asc(shopOrders.id));
  return rows.map((row) => ({ ...summaryOf(row), lines: row.lines }));
}
