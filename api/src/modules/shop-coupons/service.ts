import { and, asc, eq, sql } from "drizzle-orm";
import { COUPON_NOT_FOUND } from "#contract/coupons";
import {
  SHOP_COUPON_ALREADY_ENDED,
  SHOP_COUPON_CODE_TAKEN,
  SHOP_COUPON_NO_SHOP,
  shopCouponUsesBelowUsed,
  type ShopCoupon,
  type ShopCouponCreateBody,
  type ShopCouponUpdateBody,
} from "#contract/shop-coupons";
import { STORE_TIME_ZONE } from "#contract/store-time";
import type { Db, Transaction } from "../../db/client.js";
import { coupons } from "../../db/schema.js";
import { FieldsError, HttpError } from "../../http-error.js";
import { recordAudit } from "../audit/service.js";
import { promotionAuditId } from "../promotions/service.js";
import { lockSellerShop } from "../shops/seller-writes.js";

/**
 * A shop's own coupons (issue 34). Days are the store's calendar days, as the admin's coupons: valid
 * from the start of the first to the end of the last. Every write takes the seller's shop first
 * (lockSellerShop: a suspended shop writes nothing), then locks the coupon's row, the row placeOrder
 * locks to use it: an edit or an ending waits for an order using the coupon, or the order for it.
 */

const dayOf = (instant: unknown) => sql<string>`to_char(${instant} at time zone ${STORE_TIME_ZONE}, 'YYYY-MM-DD')`;
const lastDayBefore = (end: unknown) =>
  sql<string>`to_char((${end} - interval '1 microsecond') at time zone ${STORE_TIME_ZONE}, 'YYYY-MM-DD')`;
export const startOf = (day: string) => sql`(${day}::date)::timestamp at time zone ${STORE_TIME_ZONE}`;
export const startOfDayAfter = (day: string) => sql`(${day}::date + 1)::timestamp at time zone ${STORE_TIME_ZONE}`;

const selection = {
  code: coupons.code,
  kind: coupons.kind,
  value: coupons.value,
  validFrom: dayOf(coupons.validFrom),
  validUntil: lastDayBefore(coupons.validUntil),
  maxUses: coupons.maxUses,
  maxUsesPerCustomer: coupons.maxUsesPerCustomer,
  usedCount: coupons.usedCount,
  minSubtotal: coupons.minSubtotal,
  endedAt: coupons.endedAt,
  state: sql<ShopCoupon["state"]>`case
    when ${coupons.endedAt} is not null then 'terminado'
    when now() >= ${coupons.validUntil} then 'caducado'
    when ${coupons.usedCount} >= ${coupons.maxUses} then 'agotado'
    when now() < ${coupons.validFrom} then 'programado'
    else 'activo' end`,
};

type Row = Omit<ShopCoupon, "endedAt"> & { endedAt: Date | null };
const toAnswer = (row: Row): ShopCoupon => ({ ...row, endedAt: row.endedAt?.toISOString() ?? null });

/** What the audit log keeps of a coupon. */
const audited = (coupon: ShopCoupon) => ({
  code: coupon.code,
  kind: coupon.kind,
  value: coupon.value,
  validFrom: coupon.validFrom,
  validUntil: coupon.validUntil,
  maxUses: coupon.maxUses,
  maxUsesPerCustomer: coupon.maxUsesPerCustomer,
  minSubtotal: coupon.minSubtotal,
  endedAt: coupon.endedAt,
});

/** The seller's shop, approved, taken (FOR SHARE) first in the write's transaction. */
async function sellingShop(tx: Transaction, sellerId: string) {
  const shop = await lockSellerShop(tx, sellerId);
  if (!shop || shop.status !== "aprobada") throw new HttpError(403, SHOP_COUPON_NO_SHOP);
  return shop;
}

/** The shop's coupon, locked; another shop's or the store's is not found. */
async function lockedCoupon(tx: Transaction, shopId: string, code: string): Promise<ShopCoupon> {
  const [row] = await tx
    .select(selection)
    .from(coupons)
    .where(and(eq(coupons.code, code), eq(coupons.shopId, shopId)))
    .for("update");
  if (!row) throw new HttpError(404, COUPON_NOT_FOUND);
  return toAnswer(row);
}

async function reread(tx: Transaction, code: string): Promise<ShopCoupon> {
  const [row] = await tx.select(selection).from(coupons).where(eq(coupons.code, code));
  return toAnswer(row!);
}

/** The seller's shop's coupons, newest first; none without a shop. */
export async function listShopCoupons(db: Db, sellerId: string): Promise<ShopCoupon[]> {
  const rows = await db
    .select(selection)
    .from(coupons)
    .where(sql`${coupons.shopId} = (select id from shops where owner_id = ${sellerId})`)
    .orderBy(sql`${coupons.createdAt} desc`, asc(coupons.code));
  return rows.map(toAnswer);
}

/** The terms a seller sets, as the row keeps them: the same on creation and on every change. */
function couponTerms(body: ShopCouponUpdateBody) {
  return {
    kind: body.kind,
    value: body.value,
    maxUses: body.maxUses,
    maxUsesPerCustomer: body.maxUsesPerCustomer,
    minSubtotal: body.minSubtotal,
    validFrom: startOf(body.validFrom) as unknown as Date,
    validUntil: startOfDayAfter(body.validUntil) as unknown as Date,
  };
}

/** Creates a coupon of the seller's shop; a code used anywhere in the store (400, beside the field) is refused. */
export async function createShopCoupon(db: Db, sellerId: string, body: ShopCouponCreateBody): Promise<ShopCoupon> {
  return db.transaction(async (tx) => {
    const shop = await sellingShop(tx, sellerId);
    // The code is the primary key: of two creations at once, the second finds it taken.
    const created = await tx
      .insert(coupons)
      .values({ code: body.code, ...couponTerms(body), shopId: shop.id })
      .onConflictDoNothing()
      .returning({ code: coupons.code });
    if (created.length === 0) throw new FieldsError(400, [{ field: "code", message: SHOP_COUPON_CODE_TAKEN }]);
    const coupon = await reread(tx, body.code);
    await recordAudit(tx, {
      actorId: sellerId,
      action: "cupon.crear",
      entity: "cupon",
      entityId: promotionAuditId("cupon", body.code),
      before: null,
      after: audited(coupon),
    });
    return coupon;
  });
}

/**
 * Changes a coupon's terms. Orders already placed keep what they took off; the limit in all cannot
 * fall below the uses made. An ended coupon stays ended.
 */
export async function updateShopCoupon(
  db: Db,
  sellerId: string,
  code: string,
  body: ShopCouponUpdateBody,
): Promise<ShopCoupon> {
  return db.transaction(async (tx) => {
    const shop = await sellingShop(tx, sellerId);
    const before = await lockedCoupon(tx, shop.id, code);
    if (before.endedAt !== null) throw new HttpError(409, SHOP_COUPON_ALREADY_ENDED);
    if (body.maxUses < before.usedCount)
      throw new FieldsError(400, [{ field: "maxUses", message: shopCouponUsesBelowUsed(before.usedCount) }]);
    await tx.update(coupons).set(couponTerms(body)).where(eq(coupons.code, code));
    const after = await reread(tx, code);
    await recordAudit(tx, {
      actorId: sellerId,
      action: "cupon.editar",
      entity: "cupon",
      entityId: promotionAuditId("cupon", code),
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

/** Ends a coupon: no order placed from now on uses it; those placed keep it (and an expired one gives its use back). */
export async function endShopCoupon(db: Db, sellerId: string, code: string): Promise<ShopCoupon> {
  return db.transaction(async (tx) => {
    const shop = await sellingShop(tx, sellerId);
    const before = await lockedCoupon(tx, shop.id, code);
    if (before.endedAt !== null) throw new HttpError(409, SHOP_COUPON_ALREADY_ENDED);
    await tx
      .update(coupons)
      .set({ endedAt: sql`now()` })
      .where(eq(coupons.code, code));
    const after = await reread(tx, code);
    await recordAudit(tx, {
      actorId: sellerId,
      action: "cupon.terminar",
      entity: "cupon",
      entityId: promotionAuditId("cupon", code),
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}
