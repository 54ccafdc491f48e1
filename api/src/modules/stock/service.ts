import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { FORBIDDEN } from "#contract/messages";
import {
  STOCK_ALERT_IN_STOCK,
  STOCK_ALERT_NOT_FOUND,
  STOCK_ALERT_SIZE_REQUIRED,
  STOCK_ALERT_UNKNOWN_SIZE,
  STOCK_PRODUCT_NOT_FOUND,
  STOCK_SHOP_NOT_APPROVED,
  STOCK_SIZES_NOT_EXPECTED,
  STOCK_SIZES_REQUIRED,
  STOCK_TOTAL_REQUIRED,
  STOCK_UPDATED,
  stockAlertCancelled,
  stockAlertCreated,
  stockMissingSize,
  stockRepeatedSize,
  stockSumMismatch,
  stockUnknownSize,
  type productStockAnswer,
  type stockControlAnswer,
  type stockControlQuery,
  type StockFigures,
  type StockMovementKind,
  type StockProduct,
  type UpdateStockBody,
} from "#contract/stock";
import type { Db, Transaction } from "../../db/client.js";
import { productImages, products, productSizes, shops, stockAlerts, stockMovements, users } from "../../db/schema.js";
import { FieldsError, HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { recordAudit } from "../audit/service.js";
import { inStore } from "../catalog/service.js";
import { notify } from "../notifications/service.js";
import { queueEventMail } from "../mail/event-mail.js";
import { mailRecipient } from "../mail/recipients.js";
import type { MailContext } from "../mail/render.js";
import { backInStockMail } from "../mail/templates/back-in-stock.js";
import { lockSellerShop } from "../shops/seller-writes.js";
import { lockProducts } from "./locks.js";
import { backInStockNotice } from "#contract/notification-texts";

/**
 * Stock control (issue 11): the seller's stock form guarded by the product's stock version, the
 * movements ledger the triggers of migration 0014 write, low-stock marks, and the shoppers'
 * "Avísame cuando vuelva".
 */

/**
 * Names the kind and the actor of the stock changes the rest of the transaction makes: the
 * triggers of migration 0014 read them into every movement. Local to the transaction.
 * `withoutVersion`: a seller's save that sent no stock version (it applies to the stock as it is).
 */
export async function setStockContext(
  tx: Pick<Transaction, "execute">,
  kind: StockMovementKind,
  actorId: string | null,
  { withoutVersion = false }: { withoutVersion?: boolean } = {},
): Promise<void> {
  await tx.execute(
    sql`select set_config('mercado.stock_kind', ${kind}, true), set_config('mercado.stock_actor', ${actorId ?? ""}, true),
      set_config('mercado.stock_without_version', ${withoutVersion ? "on" : ""}, true)`,
  );
}

// ---- The seller's shop --------------------------------------------------------------------------

interface SellerShop {
  id: string;
  status: string;
}

/** The caller's shop; anyone who is not a seller with a shop gets 403. */
async function sellerShop(db: Db | Transaction, user: AuthUser): Promise<SellerShop> {
  if (user.role !== "seller") throw new HttpError(403, FORBIDDEN);
  const [shop] = await db.select({ id: shops.id, status: shops.status }).from(shops).where(eq(shops.ownerId, user.id));
  if (!shop) throw new HttpError(403, FORBIDDEN);
  return shop;
}

/**
 * The writer's shop, first in the write's transaction: held FOR SHARE against a suspension
 * (lockSellerShop refuses a suspended one), and only an approved one changes stock.
 */
async function sellingShop(tx: Transaction, user: AuthUser): Promise<SellerShop> {
  if (user.role !== "seller") throw new HttpError(403, FORBIDDEN);
  const shop = await lockSellerShop(tx, user.id);
  if (!shop) throw new HttpError(403, FORBIDDEN);
  if (shop.status !== "aprobada") throw new HttpError(403, STOCK_SHOP_NOT_APPROVED);
  return shop;
}

// ---- Reading figures ----------------------------------------------------------------------------

const isLow = (stock: number, threshold: number) => threshold > 0 && stock <= threshold;

/** The control's view of some products (in the order given): sizes, marks, demand, first image. */
async function stockProductsOf(db: Db | Transaction, productIds: string[]): Promise<StockProduct[]> {
  if (productIds.length === 0) return [];
  const [rows, sizes, waiting] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        hasSizes: products.hasSizes,
        stock: products.stock,
        stockVersion: products.stockVersion,
        lowStockThreshold: products.lowStockThreshold,
        image: sql<
          string | null
        >`(select ${productImages.imageId}::text from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
      })
      .from(products)
      .where(inArray(products.id, productIds)),
    db
      .select({ productId: productSizes.productId, size: productSizes.size, stock: productSizes.stock })
      .from(productSizes)
      .where(inArray(productSizes.productId, productIds))
      .orderBy(asc(productSizes.position), asc(productSizes.size)),
    db
      .select({ productId: stockAlerts.productId, size: stockAlerts.size, waiting: count() })
      .from(stockAlerts)
      .where(and(inArray(stockAlerts.productId, productIds), isNull(stockAlerts.notifiedAt)))
      .groupBy(stockAlerts.productId, stockAlerts.size),
  ]);
  const waitingFor = new Map(waiting.map((row) => [`${row.productId}\u0000${row.size}`, row.waiting]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return productIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const threshold = row.lowStockThreshold;
    const ownSizes = row.hasSizes
      ? sizes
          .filter((size) => size.productId === id)
          .map((size) => ({
            size: size.size,
            stock: size.stock,
            low: isLow(size.stock, threshold),
            waiting: waitingFor.get(`${id}\u0000${size.size}`) ?? 0,
          }))
      : [];
    const stockLow = !row.hasSizes && isLow(row.stock, threshold);
    return [
      {
        _id: row.id,
        name: row.name,
        slug: row.slug,
        image: row.image,
        hasSizes: row.hasSizes,
        stock: row.stock,
        stockVersion: row.stockVersion,
        lowStockThreshold: threshold,
        low: stockLow || ownSizes.some((size) => size.low),
        stockLow,
        waiting: row.hasSizes
          ? ownSizes.reduce((sum, size) => sum + size.waiting, 0)
          : (waitingFor.get(`${id}\u0000`) ?? 0),
        sizes: ownSizes,
      },
    ];
  });
}

/** Some size (or the single stock) of the product is at or below its threshold. */
export const lowProduct: SQL = sql`(${products.lowStockThreshold} > 0 and (
  (not ${products.hasSizes} and ${products.stock} <= ${products.lowStockThreshold})
  or exists (select 1 from ${productSizes} where ${productSizes.productId} = ${products.id} and ${productSizes.stock} <= ${products.lowStockThreshold})
))`;

type StockControlQuery = z.output<typeof stockControlQuery>;

/** The seller's products (not deleted) by name, with their stock, marks and demand. */
export async function stockControl(
  db: Db,
  user: AuthUser,
  query: StockControlQuery,
): Promise<z.input<typeof stockControlAnswer>> {
  const shop = await sellerShop(db, user);
  const ofShop = and(eq(products.shopId, shop.id), isNull(products.archivedAt))!;
  const search = query.searchValue
    ? ilike(products.name, `%${query.searchValue.replace(/[\\%_]/g, (character) => `\\${character}`)}%`)
    : undefined;
  const where = and(ofShop, search, query.lowOnly ? lowProduct : undefined);
  const [page, [total], [low]] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(query.parPage)
      .offset((query.page - 1) * query.parPage),
    db.select({ total: count() }).from(products).where(where),
    db.select({ total: count() }).from(products).where(and(ofShop, lowProduct)),
  ]);
  return {
    products: await stockProductsOf(
      db,
      page.map((row) => row.id),
    ),
    totalProduct: total!.total,
    totalLow: low!.total,
    page: query.page,
    parPage: query.parPage,
  };
}

/** One product of the seller's shop (another shop's is "not found") and a page of its movements, newest first. */
export async function productStock(
  db: Db,
  user: AuthUser,
  productId: string,
  paging: { page: number; parPage: number },
): Promise<z.input<typeof productStockAnswer>> {
  const shop = await sellerShop(db, user);
  const [owned] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.shopId, shop.id), isNull(products.archivedAt)));
  if (!owned) throw new HttpError(404, STOCK_PRODUCT_NOT_FOUND);
  const [[product], movements, [total]] = await Promise.all([
    stockProductsOf(db, [productId]),
    db
      .select({
        id: stockMovements.id,
        size: stockMovements.size,
        kind: stockMovements.kind,
        change: stockMovements.change,
        stockAfter: stockMovements.stockAfter,
        actorName: users.name,
        withoutVersion: stockMovements.withoutVersion,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .leftJoin(users, eq(users.id, stockMovements.actorId))
      .where(eq(stockMovements.productId, productId))
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(paging.parPage)
      .offset((paging.page - 1) * paging.parPage),
    db.select({ total: count() }).from(stockMovements).where(eq(stockMovements.productId, productId)),
  ]);
  return {
    product: product!,
    movements: movements.map((movement) => ({
      _id: movement.id,
      size: movement.size,
      kind: movement.kind,
      change: movement.change,
      stockAfter: movement.stockAfter,
      actorName: movement.actorName,
      withoutVersion: movement.withoutVersion,
      createdAt: movement.createdAt.toISOString(),
    })),
    totalMovement: total!.total,
    page: paging.page,
    parPage: paging.parPage,
  };
}

// ---- Updating -----------------------------------------------------------------------------------

export type StockUpdate =
  | { kind: "updated"; message: string; product: StockProduct }
  | { kind: "stale"; current: StockFigures };

/**
 * The one order in which a product's sizes are locked, by orders, stock updates and product edits
 * alike, so none of them can deadlock another: code-unit order, the order `collate "C"` gives in SQL
 * (a locale's order could differ between Node and the database).
 */
export const bySize = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * POST /update-stock: the seller owning the product's shop, while it is approved, sets the stock
 * read at `stockVersion`. One transaction: the product's sizes, then the product, are locked in the
 * order sales lock them; a version that moved on answers the current figures instead; the triggers
 * write the movements ('ajuste', the seller) and low-stock notices; every shopper waiting for a
 * size that goes from 0 to more is told once, by a notice and a mail queued in this transaction.
 */
export async function updateStock(
  db: Db,
  user: AuthUser,
  body: UpdateStockBody,
  mail: MailContext,
): Promise<StockUpdate> {
  if (body.sellerId !== user.id) throw new HttpError(403, FORBIDDEN);
  const result = await db.transaction(async (tx) => {
    const shop = await sellingShop(tx, user);
    // Locked before it is read: what it reads stays as it is until this commits.
    await lockProducts(tx, [body.productId], "stock", shop.id);
    const [owned] = await tx
      .select({ id: products.id, hasSizes: products.hasSizes })
      .from(products)
      .where(and(eq(products.id, body.productId), eq(products.shopId, shop.id), isNull(products.archivedAt)));
    if (!owned) throw new HttpError(404, STOCK_PRODUCT_NOT_FOUND);

    const lockedSizes = new Map(
      (
        await tx
          .select({ size: productSizes.size, stock: productSizes.stock })
          .from(productSizes)
          .where(eq(productSizes.productId, body.productId))
      ).map((row) => [row.size, row.stock]),
    );
    const [product] = await tx
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        hasSizes: products.hasSizes,
        stock: products.stock,
        stockVersion: products.stockVersion,
        lowStockThreshold: products.lowStockThreshold,
        sizeOrder: sql<
          string[]
        >`array(select size from product_sizes where product_sizes.product_id = products.id order by position, size)`,
      })
      .from(products)
      .where(eq(products.id, body.productId));
    const sizes = product!.sizeOrder.flatMap((size) =>
      lockedSizes.has(size) ? [{ size, stock: lockedSizes.get(size)! }] : [],
    );
    const current: StockFigures = {
      stock: product!.stock,
      stockVersion: product!.stockVersion,
      sizes,
      lowStockThreshold: product!.lowStockThreshold,
    };
    // Without a version (SPEC.md section 7 sends none) the figures apply to the stock as it is now.
    if (body.stockVersion !== undefined && product!.stockVersion !== body.stockVersion)
      return { kind: "stale" as const, current };

    const wanted = checkedFigures(body, product!.hasSizes, sizes, product!.stock);
    const threshold = body.lowStockThreshold ?? product!.lowStockThreshold;
    if (threshold !== product!.lowStockThreshold) {
      // Set first, so the triggers judge the new stock by it; rows above it are armed again.
      await tx
        .update(products)
        .set({
          lowStockThreshold: threshold,
          lowStockNotified: sql`${products.lowStockNotified} and ${products.stock} <= ${threshold}`,
        })
        .where(eq(products.id, product!.id));
      await tx
        .update(productSizes)
        .set({ lowStockNotified: sql`${productSizes.lowStockNotified} and ${productSizes.stock} <= ${threshold}` })
        .where(eq(productSizes.productId, product!.id));
    }

    await setStockContext(tx, "ajuste", user.id, { withoutVersion: body.stockVersion === undefined });
    const cameBack: string[] = [];
    if (product!.hasSizes) {
      for (const size of [...sizes].sort((a, b) => bySize(a.size, b.size))) {
        const stock = wanted.get(size.size)!;
        if (stock === size.stock) continue;
        await tx
          .update(productSizes)
          .set({ stock })
          .where(and(eq(productSizes.productId, product!.id), eq(productSizes.size, size.size)));
        if (size.stock === 0 && stock > 0) cameBack.push(size.size);
      }
    } else {
      const stock = wanted.get("")!;
      if (stock !== product!.stock) {
        await tx.update(products).set({ stock }).where(eq(products.id, product!.id));
        if (product!.stock === 0 && stock > 0) cameBack.push("");
      }
    }

    const stockChanged = product!.hasSizes
      ? sizes.some((size) => wanted.get(size.size) !== size.stock)
      : wanted.get("") !== product!.stock;
    if (stockChanged || threshold !== product!.lowStockThreshold) {
      const after = {
        stock: product!.hasSizes ? [...wanted.values()].reduce((sum, stock) => sum + stock, 0) : wanted.get("")!,
        sizes: sizes.map((size) => ({ size: size.size, stock: wanted.get(size.size)! })),
        lowStockThreshold: threshold,
        // Saved without the version it was read at: the audit says so, as the movements do.
        ...(body.stockVersion === undefined ? { withoutVersion: true } : {}),
      };
      await recordAudit(tx, {
        actorId: user.id,
        action: "stock.ajustar",
        entity: "producto",
        entityId: product!.id,
        before: { stock: current.stock, sizes: current.sizes, lowStockThreshold: current.lowStockThreshold },
        after,
      });
    }

    await tellWaitingShoppers(tx, { id: product!.id, name: product!.name, slug: product!.slug }, cameBack, mail);
    return { kind: "updated" as const };
  });
  if (result.kind === "stale") return result;
  // Read once committed, outside the locks: sales wait for as short a time as possible.
  const [updated] = await stockProductsOf(db, [body.productId]);
  return { kind: "updated", message: STOCK_UPDATED, product: updated! };
}

/** The stock each size (or '' alone) should have, checked against the product: SPEC.md section 5. */
function checkedFigures(
  body: UpdateStockBody,
  hasSizes: boolean,
  sizes: { size: string; stock: number }[],
  stock: number,
): Map<string, number> {
  // Only the threshold: the stock stays as it is.
  if (body.sizes === undefined && body.newStock === undefined && body.lowStockThreshold !== undefined) {
    return hasSizes ? new Map(sizes.map((size) => [size.size, size.stock])) : new Map([["", stock]]);
  }
  if (!hasSizes) {
    if (body.sizes && body.sizes.length > 0)
      throw new FieldsError(400, [{ field: "sizes", message: STOCK_SIZES_NOT_EXPECTED }]);
    if (body.newStock === undefined) throw new FieldsError(400, [{ field: "newStock", message: STOCK_TOTAL_REQUIRED }]);
    return new Map([["", body.newStock]]);
  }
  if (!body.sizes || body.sizes.length === 0)
    throw new FieldsError(400, [{ field: "sizes", message: STOCK_SIZES_REQUIRED }]);
  const known = new Set(sizes.map((size) => size.size));
  const wanted = new Map<string, number>();
  const errors: { field: string; message: string }[] = [];
  body.sizes.forEach((entry, index) => {
    if (!known.has(entry.size)) errors.push({ field: `sizes.${index}.size`, message: stockUnknownSize(entry.size) });
    else if (wanted.has(entry.size))
      errors.push({ field: `sizes.${index}.size`, message: stockRepeatedSize(entry.size) });
    else wanted.set(entry.size, entry.stock);
  });
  for (const size of sizes)
    if (!wanted.has(size.size) && errors.length === 0)
      errors.push({ field: "sizes", message: stockMissingSize(size.size) });
  if (errors.length > 0) throw new FieldsError(400, errors);
  const sum = [...wanted.values()].reduce((total, stock) => total + stock, 0);
  if (body.newStock !== undefined && body.newStock !== sum)
    throw new FieldsError(400, [{ field: "newStock", message: stockSumMismatch(sum) }]);
  return wanted;
}

/**
 * Every shopper waiting for a size that came back gets one notice (type 'stock', so the live bell
 * hears of it on commit) and one mail (unless they turned the kind off), both in this transaction:
 * a rolled-back change tells no one, a committed one cannot lose its mail. Their alert is closed.
 */
export async function tellWaitingShoppers(
  tx: Transaction,
  product: { id: string; name: string; slug: string },
  cameBack: string[],
  mail: MailContext,
): Promise<void> {
  if (cameBack.length === 0) return;
  const told = await tx
    .update(stockAlerts)
    .set({ notifiedAt: sql`now()` })
    .where(
      and(eq(stockAlerts.productId, product.id), inArray(stockAlerts.size, cameBack), isNull(stockAlerts.notifiedAt)),
    )
    .returning({ userId: stockAlerts.userId, size: stockAlerts.size });
  if (told.length === 0) return;
  await notify(
    tx,
    told.map((alert) => ({
      userId: alert.userId,
      type: "stock" as const,
      message: backInStockNotice(product.name, alert.size),
      productId: product.id,
    })),
  );
  for (const alert of told)
    await queueEventMail(
      tx,
      mail,
      backInStockMail(product, alert.size, await mailRecipient(tx, alert.userId), mail.publicWebUrl),
    );
}

// ---- The shoppers' alerts -----------------------------------------------------------------------

/** A product in the store (approved shop, not deleted) and its sizes, or 404. */
async function productForAlert(db: Db, productId: string) {
  const [product] = await db
    .select({ id: products.id, hasSizes: products.hasSizes, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, productId), inStore));
  if (!product) throw new HttpError(404, STOCK_PRODUCT_NOT_FOUND);
  return product;
}

/** The size the alert is for: one of the product's sizes, or '' for a product without sizes. */
async function alertSize(
  db: Db,
  product: { id: string; hasSizes: boolean; stock: number },
  size: string,
): Promise<{ size: string; stock: number }> {
  if (!product.hasSizes) return { size: "", stock: product.stock };
  if (size === "") throw new FieldsError(400, [{ field: "size", message: STOCK_ALERT_SIZE_REQUIRED }]);
  const [row] = await db
    .select({ size: productSizes.size, stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, product.id), eq(productSizes.size, size)));
  if (!row) throw new FieldsError(400, [{ field: "size", message: STOCK_ALERT_UNKNOWN_SIZE }]);
  return row;
}

/** 'Avísame cuando vuelva': only for a size sold out now; asking twice keeps one alert. */
export async function subscribe(
  db: Db,
  userId: string,
  productId: string,
  size: string,
): Promise<{ created: boolean; message: string; size: string }> {
  const product = await productForAlert(db, productId);
  const chosen = await alertSize(db, product, size);
  if (chosen.stock > 0) throw new HttpError(409, STOCK_ALERT_IN_STOCK);
  const inserted = await db.execute<{ id: string }>(sql`
    insert into ${stockAlerts} (product_id, size, user_id) values (${product.id}, ${chosen.size}, ${userId})
    on conflict (product_id, size, user_id) where notified_at is null do nothing
    returning id`);
  return { created: inserted.rows.length > 0, message: stockAlertCreated(chosen.size), size: chosen.size };
}

export async function cancelAlert(
  db: Db,
  userId: string,
  productId: string,
  size: string,
): Promise<{ message: string; size: string }> {
  const [product] = await db.select({ hasSizes: products.hasSizes }).from(products).where(eq(products.id, productId));
  const chosen = product && !product.hasSizes ? "" : size;
  const deleted = await db
    .delete(stockAlerts)
    .where(
      and(
        eq(stockAlerts.productId, productId),
        eq(stockAlerts.size, chosen),
        eq(stockAlerts.userId, userId),
        isNull(stockAlerts.notifiedAt),
      ),
    )
    .returning({ id: stockAlerts.id });
  if (deleted.length === 0) throw new HttpError(404, STOCK_ALERT_NOT_FOUND);
  return { message: stockAlertCancelled(chosen), size: chosen };
}

/** The sizes the user waits for on a product. */
export async function myAlerts(db: Db, userId: string, productId: string): Promise<string[]> {
  const rows = await db
    .select({ size: stockAlerts.size })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, productId), eq(stockAlerts.userId, userId), isNull(stockAlerts.notifiedAt)))
    .orderBy(asc(stockAlerts.size));
  return rows.map((row) => row.size);
}
