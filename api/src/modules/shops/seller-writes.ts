import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import type { ShopStatus } from "#contract/shop-labels";
import { SHOP_SUSPENDED_NO_WRITES, shopSuspendedNoWrites } from "#contract/shops";
import type { Db, Transaction } from "../../db/client.js";
import { shops } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { currentUser } from "../accounts/auth.js";
import { recordAudit, type AuditRecord } from "../audit/service.js";

/**
 * A suspended shop changes nothing (issue 31): the one check of every seller write, on the API.
 * Each write route declares itself with route()'s `sellerWrite` option, which refuses a suspended
 * seller before the body is read (`app.sellerWrite`); each write then takes its shop with
 * `lockSellerShop` first in its transaction, so a suspension committed while the write was on its
 * way is still honoured. Reads stay open: a suspended seller sees their area and why.
 */

/** The caller's own shop as a write sees it. */
export interface SellerShop {
  id: string;
  name: string;
  status: ShopStatus;
  /** Why an admin suspended it (null while it sells). */
  statusReason: string | null;
}

function ownShop(db: Db | Transaction, ownerId: string) {
  return db
    .select({ id: shops.id, name: shops.name, status: shops.status, statusReason: shops.statusReason })
    .from(shops)
    .where(eq(shops.ownerId, ownerId));
}

/** The refusal every seller write gives a suspended shop, with the admin's reason. */
function refuseSuspended(shop: SellerShop | undefined): void {
  if (shop?.status === "suspendida") throw new HttpError(403, shopSuspendedNoWrites(shop.statusReason));
}

/**
 * In a write's transaction, before anything else it reads or locks: the shop `ownerId` owns (one
 * per user), held FOR SHARE until the write commits, so an admin's suspension (which takes the row
 * FOR UPDATE) either waits for the write or is seen by it; a suspended shop is refused (403
 * shopSuspendedNoWrites, with the reason). Answers the shop, or undefined for a user without one (each write
 * answers that with its own refusal, as it does a shop that is not approved yet).
 */
export async function lockSellerShop(tx: Transaction, ownerId: string): Promise<SellerShop | undefined> {
  const [shop] = await ownShop(tx, ownerId).for("share");
  refuseSuspended(shop);
  return shop;
}

/** The same check without a lock, before an upload is read or any work done. */
export async function checkSellerShop(db: Db, ownerId: string): Promise<SellerShop | undefined> {
  const [shop] = await ownShop(db, ownerId);
  refuseSuspended(shop);
  return shop;
}

/** What the API reference adds to every seller write's description (route.ts). */
export const SELLER_WRITE_WORDS =
  "**Suspended shop.** A seller write: while the caller's shop is `suspendida` it answers 403 " +
  `\`${SHOP_SUSPENDED_NO_WRITES} Motivo: …\` (the admin's reason), before the body is read and ` +
  "again under the shop's row lock (`FOR SHARE`) taken first in the write's transaction, so a " +
  "suspension committed meanwhile is honoured (`api/src/modules/shops/seller-writes.ts`). Reads " +
  "still answer.";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The onRequest hook route()'s `sellerWrite` option adds after the route's own (authentication
     * and role): 403 shopSuspendedNoWrites when the caller's shop is suspended. Admins pass: they
     * act on any shop's orders as admins, and suspend and reactivate shops.
     */
    sellerWrite: onRequestHookHandler;
  }
}

/** Decorates the root instance with `app.sellerWrite`. */
export function registerSellerWrites(app: FastifyInstance, opts: { db: Db }): void {
  app.decorate("sellerWrite", async function sellerWrite(request: FastifyRequest) {
    const user = currentUser(request);
    if (user.role === "admin") return;
    await checkSellerShop(opts.db, user.id);
  });
}

/**
 * A seller's change to their own shop's row (shipping, profile, vacation), under the lock the caller
 * took: the columns with `updated_at`, and its audit entry with the fields before and after.
 */
export async function changeOwnShop(
  tx: Transaction,
  change: {
    sellerId: string;
    shopId: string;
    action: AuditRecord["action"];
    columns: Partial<typeof shops.$inferInsert>;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  },
): Promise<void> {
  await tx
    .update(shops)
    .set({ ...change.columns, updatedAt: sql`now()` })
    .where(eq(shops.id, change.shopId));
  await recordAudit(tx, {
    actorId: change.sellerId,
    action: change.action,
    entity: "tienda",
    entityId: change.shopId,
    before: change.before,
    after: change.after,
  });
}
