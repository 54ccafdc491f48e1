import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import {
  PRODUCT_ALREADY_HIDDEN_BY_ADMIN,
  PRODUCT_HIDDEN_BY_ADMIN,
  PRODUCT_KEPT_HIDDEN,
  PRODUCT_NOT_HIDDEN_BY_ADMIN,
  PRODUCT_REVIEW_ALREADY_REQUESTED,
  PRODUCT_REVIEW_REQUESTED,
  PRODUCT_SHOWN_BY_ADMIN,
  productHiddenNotice,
  productShownNotice,
  reviewRequestedNotice,
} from "#contract/product-moderation";
import { SELLER_PRODUCT_NOT_FOUND } from "#contract/seller-products";
import type { Db, Transaction } from "../../db/client.js";
import { products, shops, users } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { recordAudit } from "../audit/service.js";
import { announceCatalogueChange, catalogueChangedHere } from "../catalog/changes.js";
import { notify } from "../notifications/service.js";
import { lockSellerShop } from "../shops/seller-writes.js";

/**
 * Products an admin hides (issue 35, decision 0053). Each write is one transaction: the product's
 * row locked FOR NO KEY UPDATE (the lock the seller's own publish and hide take, which an order's
 * key-share locks do not wait for), the change, its audit entry, the notice to the other side and the
 * catalogue's change notice, all committed together. An order racing a hide either committed before
 * it (the sale stands) or reads the product as not published and is refused.
 */

type LockedProduct = {
  id: string;
  name: string;
  state: "borrador" | "publicado" | "oculto";
  adminHiddenAt: Date | null;
  adminHiddenReason: string | null;
  reviewRequestedAt: Date | null;
  ownerId: string;
  shopName: string;
};

async function lockLiveProduct(tx: Transaction, productId: string, shopId?: string): Promise<LockedProduct> {
  const [product] = await tx
    .select({
      id: products.id,
      name: products.name,
      state: products.state,
      adminHiddenAt: products.adminHiddenAt,
      adminHiddenReason: products.adminHiddenReason,
      reviewRequestedAt: products.reviewRequestedAt,
      ownerId: shops.ownerId,
      shopName: shops.name,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(
      and(eq(products.id, productId), isNull(products.archivedAt), shopId ? eq(products.shopId, shopId) : undefined),
    )
    .for("no key update", { of: products });
  if (!product) throw new HttpError(404, SELLER_PRODUCT_NOT_FOUND);
  return product;
}

const moderationOf = (product: Pick<LockedProduct, "state" | "adminHiddenAt" | "reviewRequestedAt">) => ({
  state: product.state,
  hidden: product.adminHiddenAt !== null,
  reviewRequested: product.reviewRequestedAt !== null,
});

/**
 * An admin's decision on a locked product: hidden (since `hiddenSince`, with the reason) or published
 * again; any review request is answered by it. The audit entry, the seller's notice and the
 * catalogue's change notice go with it.
 */
async function decide(
  tx: Transaction,
  actor: AuthUser,
  product: LockedProduct,
  decision: {
    action: "producto.ocultar_admin" | "producto.mostrar_admin";
    hiddenSince: Date | SQL | null;
    reason: string | null;
    notice: string;
  },
): Promise<void> {
  const state = decision.hiddenSince === null ? "publicado" : "oculto";
  await tx
    .update(products)
    .set({
      state,
      adminHiddenAt: decision.hiddenSince,
      adminHiddenReason: decision.reason,
      reviewRequestedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, product.id));
  await recordAudit(tx, {
    actorId: actor.id,
    action: decision.action,
    entity: "producto",
    entityId: product.id,
    before: { ...moderationOf(product), reason: product.adminHiddenReason },
    after: { state, hidden: decision.hiddenSince !== null, reviewRequested: false, reason: decision.reason },
    reason: decision.reason,
  });
  await notify(tx, [{ userId: product.ownerId, type: "sistema", productId: product.id, message: decision.notice }]);
  await announceCatalogueChange(tx);
}

/**
 * POST /admin/products/:id/hide: out of the store with a reason its seller is told. A product already
 * hidden by an admin is refused, unless its seller asked for a review since: then it stays hidden with
 * the new reason (the review's answer).
 */
export async function hideProduct(db: Db, actor: AuthUser, productId: string, reason: string): Promise<string> {
  const message = await db.transaction(async (tx) => {
    const product = await lockLiveProduct(tx, productId);
    if (product.adminHiddenAt && !product.reviewRequestedAt) throw new HttpError(409, PRODUCT_ALREADY_HIDDEN_BY_ADMIN);
    const keptHidden = product.adminHiddenAt !== null;
    await decide(tx, actor, product, {
      action: "producto.ocultar_admin",
      hiddenSince: product.adminHiddenAt ?? sql`now()`,
      reason,
      notice: productHiddenNotice(product.name, reason),
    });
    return keptHidden ? PRODUCT_KEPT_HIDDEN : PRODUCT_HIDDEN_BY_ADMIN;
  });
  catalogueChangedHere();
  return message;
}

/** POST /admin/products/:id/show: a product an admin hid is published again, and its seller told. */
export async function showProduct(db: Db, actor: AuthUser, productId: string): Promise<string> {
  await db.transaction(async (tx) => {
    const product = await lockLiveProduct(tx, productId);
    if (!product.adminHiddenAt) throw new HttpError(409, PRODUCT_NOT_HIDDEN_BY_ADMIN);
    await decide(tx, actor, product, {
      action: "producto.mostrar_admin",
      hiddenSince: null,
      reason: null,
      notice: productShownNotice(product.name),
    });
  });
  catalogueChangedHere();
  return PRODUCT_SHOWN_BY_ADMIN;
}

/**
 * POST /seller/products/:id/request-review: the seller of a product an admin hid says it is fixed.
 * Once per hiding (an admin's answer clears it); every admin is told.
 */
export async function requestReview(db: Db, seller: AuthUser, productId: string): Promise<string> {
  await db.transaction(async (tx) => {
    const shop = await lockSellerShop(tx, seller.id);
    if (!shop) throw new HttpError(404, SELLER_PRODUCT_NOT_FOUND);
    const product = await lockLiveProduct(tx, productId, shop.id);
    if (!product.adminHiddenAt) throw new HttpError(409, PRODUCT_NOT_HIDDEN_BY_ADMIN);
    if (product.reviewRequestedAt) throw new HttpError(409, PRODUCT_REVIEW_ALREADY_REQUESTED);
    await tx
      .update(products)
      .set({ reviewRequestedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(products.id, product.id));
    await recordAudit(tx, {
      actorId: seller.id,
      action: "producto.pedir_revision",
      entity: "producto",
      entityId: product.id,
      before: moderationOf(product),
      after: { ...moderationOf(product), reviewRequested: true },
    });
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    await notify(
      tx,
      admins.map((admin) => ({
        userId: admin.id,
        type: "sistema" as const,
        productId: product.id,
        message: reviewRequestedNotice(product.name, product.shopName),
      })),
    );
  });
  return PRODUCT_REVIEW_REQUESTED;
}
