import { and, eq, ne } from "drizzle-orm";
import type { Transaction } from "../../db/client.js";
import { shopIdentityChanges, shops } from "../../db/schema.js";

/**
 * Whether a shop other than `shopId` (any shop, for a new one), or another shop's pending identity
 * change (shop-identity), has this tax id: the applications and the changes answer alike.
 */
export async function rifTaken(tx: Transaction, rif: string, shopId: string | null): Promise<boolean> {
  const [shop] = await tx
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.rif, rif), shopId === null ? undefined : ne(shops.id, shopId)));
  if (shop) return true;
  const [change] = await tx
    .select({ id: shopIdentityChanges.id })
    .from(shopIdentityChanges)
    .where(
      and(
        eq(shopIdentityChanges.rif, rif),
        eq(shopIdentityChanges.status, "pendiente"),
        shopId === null ? undefined : ne(shopIdentityChanges.shopId, shopId),
      ),
    );
  return change !== undefined;
}
