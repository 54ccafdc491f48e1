import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.js";

/**
 * Locks products and their sizes for the rest of the transaction, in the one order every writer of
 * them uses (the SQL function lock_products, which give_back_stock calls too): the rows in id order,
 * then the sizes. `key` when the write may change the product's unique slug or delete it (FOR
 * UPDATE: it also waits for other transactions' key-share locks, such as a cart line being added);
 * `stock` for the rest (FOR NO KEY UPDATE). With `shopId`, only that shop's products are locked.
 */
export async function lockProducts(
  tx: Transaction,
  ids: readonly string[],
  strength: "key" | "stock",
  shopId: string | null = null,
) {
  if (ids.length === 0) return;
  await tx.execute(
    sql`select lock_products(${`{${[...new Set(ids)].join(",")}}`}::uuid[], ${shopId}::uuid, ${strength === "key"})`,
  );
}
