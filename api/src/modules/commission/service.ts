import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { CATEGORY_NOT_FOUND } from "#contract/categories";
import {
  categoryCommissionSaved,
  COMMISSION_OVERRIDE_NOT_FOUND,
  commissionOverrideRemoved,
  shopCommissionSaved,
  storeCommissionSaved,
  type CommissionOverview,
} from "#contract/commission";
import { SHOP_NOT_FOUND } from "#contract/shops";
import type { Db, Transaction } from "../../db/client.js";
import { categories, commissionRates, orderItems, products, shops, users } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { recordAudit } from "../audit/service.js";
import { partCommission } from "../orders/pricing.js";

/**
 * The store's commission rates (issue 35; decision 0059). Writes take one advisory lock, so two
 * admins changing rates at once are applied one after the other and each audit entry's `before` is
 * what the other left; an order reads every line's rate in one statement, so all its lines see the
 * rates of one moment: before a change commits or after it.
 */

const shopRates = alias(commissionRates, "shop_rates");
const categoryRates = alias(commissionRates, "category_rates");
const storeRates = alias(commissionRates, "store_rates");

const storeRow = and(isNull(commissionRates.shopId), isNull(commissionRates.categoryId))!;

/**
 * Each product's rate now, in basis points: its shop's, else its category's, else the store's, else
 * the setting (`fallbackBp`).
 */
export async function commissionRatesOf(
  tx: Transaction,
  productIds: readonly string[],
  fallbackBp: number,
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await tx
    .select({
      productId: products.id,
      rateBp: sql<number>`coalesce(${shopRates.rateBp}, ${categoryRates.rateBp}, ${storeRates.rateBp}, ${fallbackBp}::integer)`,
    })
    .from(products)
    .leftJoin(shopRates, eq(shopRates.shopId, products.shopId))
    .leftJoin(categoryRates, eq(categoryRates.categoryId, products.categoryId))
    .leftJoin(storeRates, and(isNull(storeRates.shopId), isNull(storeRates.categoryId)))
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map((row) => [row.productId, Number(row.rateBp)]));
}

/**
 * A placed part's commission when it sells for `saleAmount` (an accepted offer): its lines at the
 * rates they were placed with, never today's.
 */
export async function partCommissionAt(tx: Transaction, shopOrderId: string, saleAmount: number): Promise<number> {
  const lines = await tx
    .select({
      lineTotal: sql<number>`${orderItems.unitPrice} * ${orderItems.quantity}`.mapWith(Number),
      commissionBp: orderItems.commissionBp,
    })
    .from(orderItems)
    .where(eq(orderItems.shopOrderId, shopOrderId))
    .orderBy(asc(orderItems.id));
  return partCommission(lines, saleAmount);
}

/** GET /admin/commission: the store's rate, the overrides by name, and what an override can be for. */
export async function commissionOverview(db: Db, fallbackBp: number): Promise<CommissionOverview> {
  const byWhom = { rateBp: commissionRates.rateBp, updatedAt: commissionRates.updatedAt, updatedBy: users.name };
  const [store, shopRows, categoryRows, shopChoices, categoryChoices] = await Promise.all([
    db.select(byWhom).from(commissionRates).innerJoin(users, eq(users.id, commissionRates.updatedBy)).where(storeRow),
    db
      .select({ ...byWhom, shopId: shops.id, shopName: shops.name })
      .from(commissionRates)
      .innerJoin(users, eq(users.id, commissionRates.updatedBy))
      .innerJoin(shops, eq(shops.id, commissionRates.shopId))
      .orderBy(asc(shops.name)),
    db
      .select({ ...byWhom, categoryId: categories.id, categoryName: categories.name })
      .from(commissionRates)
      .innerJoin(users, eq(users.id, commissionRates.updatedBy))
      .innerJoin(categories, eq(categories.id, commissionRates.categoryId))
      .orderBy(asc(categories.name)),
    db.select({ id: shops.id, name: shops.name }).from(shops).orderBy(asc(shops.name)),
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name)),
  ]);
  const stamped = <Row extends { updatedAt: Date }>(row: Row) => ({ ...row, updatedAt: row.updatedAt.toISOString() });
  return {
    store: store[0] ? stamped(store[0]) : { rateBp: fallbackBp, updatedAt: null, updatedBy: null },
    shops: shopRows.map(stamped),
    categories: categoryRows.map(stamped),
    choices: { shops: shopChoices, categories: categoryChoices },
  };
}

/** What a rate is for: the whole store, one shop or one category. */
export type CommissionScope =
  | { kind: "tienda"; shopId: string }
  | { kind: "categoria"; categoryId: string }
  | { kind: "general" };

interface ScopeTarget {
  /** The shop's or category's name, for the answer. */
  name: string;
  /** The row of commission_rates it reads. */
  where: SQL;
  /** Where the audit entry points: the shop, the category, or the store's row of rates. */
  audit: { entity: "tienda" | "categoria" | "comision"; entityId: string | null };
  values: { shopId: string | null; categoryId: string | null };
}

/** The scope's shop or category, locked `for share` (a category deleted meanwhile waits, or is gone: 404). */
async function lockScope(tx: Transaction, scope: CommissionScope): Promise<ScopeTarget> {
  switch (scope.kind) {
    case "general":
      return {
        name: "",
        where: storeRow,
        audit: { entity: "comision", entityId: null },
        values: { shopId: null, categoryId: null },
      };
    case "tienda": {
      const [shop] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, scope.shopId)).for("share");
      if (!shop) throw new HttpError(404, SHOP_NOT_FOUND);
      return {
        name: shop.name,
        where: eq(commissionRates.shopId, scope.shopId),
        audit: { entity: "tienda", entityId: scope.shopId },
        values: { shopId: scope.shopId, categoryId: null },
      };
    }
    case "categoria": {
      const [category] = await tx
        .select({ name: categories.name })
        .from(categories)
        .where(eq(categories.id, scope.categoryId))
        .for("share");
      if (!category) throw new HttpError(404, CATEGORY_NOT_FOUND);
      return {
        name: category.name,
        where: eq(commissionRates.categoryId, scope.categoryId),
        audit: { entity: "categoria", entityId: scope.categoryId },
        values: { shopId: null, categoryId: scope.categoryId },
      };
    }
  }
}

/** One writer of rates at a time (see the module's comment). */
async function lockRates(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('comisiones'::text, 0))`);
}

function savedMessage(scope: CommissionScope, name: string, rateBp: number): string {
  switch (scope.kind) {
    case "general":
      return storeCommissionSaved(rateBp);
    case "tienda":
      return shopCommissionSaved(name, rateBp);
    case "categoria":
      return categoryCommissionSaved(name, rateBp);
  }
}

/**
 * PUT /admin/commission/store, …/shops/:shopId, …/categories/:categoryId: sets the scope's rate for
 * orders placed from its commit on. The same rate again writes nothing. Audited
 * (`comision.cambiar`, `{rateBp}` before and after; before null for a new override).
 */
export async function setCommissionRate(
  db: Db,
  actor: AuthUser,
  scope: CommissionScope,
  rateBp: number,
  fallbackBp: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockRates(tx);
    const target = await lockScope(tx, scope);
    const [current] = await tx.select().from(commissionRates).where(target.where);
    if (current?.rateBp === rateBp) return savedMessage(scope, target.name, rateBp);
    const written = { rateBp, updatedBy: actor.id, updatedAt: sql`clock_timestamp()` };
    const [row] = current
      ? await tx.update(commissionRates).set(written).where(eq(commissionRates.id, current.id)).returning()
      : await tx
          .insert(commissionRates)
          .values({ ...target.values, ...written })
          .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: "comision.cambiar",
      entity: target.audit.entity,
      entityId: target.audit.entityId ?? row!.id,
      // The store's rate before an admin first set it was the setting's.
      before: current ? { rateBp: current.rateBp } : scope.kind === "general" ? { rateBp: fallbackBp } : null,
      after: { rateBp },
    });
    return savedMessage(scope, target.name, rateBp);
  });
}

/**
 * DELETE /admin/commission/shops/:shopId, …/categories/:categoryId: the shop or category goes back to
 * the next rate in line (the category's or the store's). Audited (`comision.quitar`). 404 when it
 * had no override.
 */
export async function removeCommissionOverride(
  db: Db,
  actor: AuthUser,
  scope: Exclude<CommissionScope, { kind: "general" }>,
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockRates(tx);
    const target = await lockScope(tx, scope);
    const [removed] = await tx.delete(commissionRates).where(target.where).returning();
    if (!removed) throw new HttpError(404, COMMISSION_OVERRIDE_NOT_FOUND);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "comision.quitar",
      entity: target.audit.entity,
      entityId: target.audit.entityId!,
      before: { rateBp: removed.rateBp },
      after: null,
    });
    return commissionOverrideRemoved(target.name);
  });
}
