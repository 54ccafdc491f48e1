import { and, asc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { cartItems, productSizes, products, shops } from "../../db/schema.js";
import { shopSelling } from "../catalog/service.js";

/** Units available now for a cart line: its size's stock, or the product's for a line without size. */
const cartLineStock: SQL<number> = sql<number>`case when ${cartItems.size} = '' then ${products.stock} else coalesce(${productSizes.stock}, 0) end`;

/**
 * The chosen cart lines that can be bought now (in stock, and their shop selling: shopSelling), with
 * their server price, by shop in display order.
 */
export function availableCartLines(db: Pick<Db, "select">, chosenLines: SQL) {
  return db
    .select({
      lineId: cartItems.id,
      productId: cartItems.productId,
      size: cartItems.size,
      quantity: cartItems.quantity,
      name: products.name,
      unitPrice: products.salePrice,
      shopId: shops.id,
      shopName: shops.name,
      ownerId: shops.ownerId,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(productSizes, and(eq(productSizes.productId, cartItems.productId), eq(productSizes.size, cartItems.size)))
    .where(and(chosenLines, gte(cartLineStock, 1), shopSelling))
    .orderBy(asc(shops.name), asc(shops.id), asc(cartItems.createdAt), asc(cartItems.id));
}

export const subtotalOf = (lines: { unitPrice: number; quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
