import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import {
  COUPON_NOT_FOUND,
  couponUsedUp,
  shopCouponAlreadyOnCart,
  shopCouponBelowMinimum,
  shopCouponWithoutLines,
  type Coupon,
  type CouponAnswer,
} from "#contract/coupons";
import { formatUsd } from "#contract/money-format";
import type { Db, Transaction } from "../../db/client.js";
import { cartCoupons, cartItems, couponRedemptions, coupons, shops } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { ownedBy, ownerValues, type Shopper } from "../cart/shopper.js";
import { availableCartLines, subtotalOf } from "../orders/cart-lines.js";
import { couponDiscount, orderDiscounts, type PricedShopCoupon } from "../orders/pricing.js";

export { couponDiscount };

export const COUPON_NOT_VALID_NOW = "Este cupón no está vigente.";
export const COUPON_EXHAUSTED = "Este cupón se ha agotado.";
export const COUPON_ALREADY_USED = "Ya usaste este cupón.";
export const COUPON_ALREADY_ON_CART = "Ya tienes un cupón en tu carrito. Quítalo para usar otro.";

const couponColumns = { code: coupons.code, kind: coupons.kind, value: coupons.value };

/** A coupon usable now: inside its window and not ended by its seller. */
export const couponValidNow = sql<boolean>`(now() >= ${coupons.validFrom} and now() < ${coupons.validUntil} and ${coupons.endedAt} is null)`;

/** The uses a user made of the coupon (its redemptions: one an order). */
const usesByUser = (userId: string) =>
  sql<number>`(select count(*)::integer from ${couponRedemptions} where ${couponRedemptions.couponCode} = ${coupons.code} and ${couponRedemptions.userId} = ${userId})`;

/** A shop's coupon on a cart, as pricing and the answers read it. */
export interface CartShopCoupon extends Coupon, PricedShopCoupon {
  shopId: string;
  shopName: string;
}

/**
 * Puts a coupon on the shopper's cart after checking it exists, is valid now, has uses left and,
 * for a user, was not used by them as often as it allows (a visitor's is checked again when it joins
 * the user's cart and when the order is placed). The server decides whose it is: the store's takes
 * the cart's one store place (store coupons never stack); a shop's (issue 34) takes that shop's
 * place, and only while the cart holds products of that shop adding up to its minimum. Applying the
 * one already there changes nothing.
 */
export async function applyCoupon(
  db: Db,
  shopper: Shopper,
  code: string,
): Promise<{ coupon: Coupon; shopName: string | null }> {
  const [coupon] = await db
    .select({
      ...couponColumns,
      shopId: coupons.shopId,
      shopName: shops.name,
      shopStatus: shops.status,
      minSubtotal: coupons.minSubtotal,
      maxUsesPerCustomer: coupons.maxUsesPerCustomer,
      validNow: couponValidNow,
      exhausted: sql<boolean>`${coupons.usedCount} >= ${coupons.maxUses}`,
      usedByUser: shopper.kind === "user" ? usesByUser(shopper.id) : sql<number>`0`,
    })
    .from(coupons)
    .leftJoin(shops, eq(shops.id, coupons.shopId))
    .where(eq(coupons.code, code));
  if (!coupon) throw new HttpError(404, COUPON_NOT_FOUND);
  if (!coupon.validNow || (coupon.shopId !== null && coupon.shopStatus !== "aprobada"))
    throw new HttpError(400, COUPON_NOT_VALID_NOW);
  if (coupon.usedByUser >= coupon.maxUsesPerCustomer) throw new HttpError(409, couponUsedUp(coupon.maxUsesPerCustomer));
  if (coupon.exhausted) throw new HttpError(409, COUPON_EXHAUSTED);
  const shopName = coupon.shopId === null ? null : coupon.shopName!;
  if (coupon.shopId !== null) {
    const lines = await availableCartLines(db, and(ownedBy(cartItems, shopper), eq(shops.id, coupon.shopId))!);
    if (lines.length === 0) throw new HttpError(409, shopCouponWithoutLines(shopName!));
    if (subtotalOf(lines) < coupon.minSubtotal)
      throw new HttpError(409, shopCouponBelowMinimum(shopName!, coupon.minSubtotal));
  }

  await db
    .insert(cartCoupons)
    .values({ ...ownerValues(shopper), couponCode: coupon.code, shopId: coupon.shopId })
    .onConflictDoNothing();
  const [onCart] = await db
    .select({ code: cartCoupons.couponCode })
    .from(cartCoupons)
    .where(
      and(
        ownedBy(cartCoupons, shopper),
        coupon.shopId === null ? isNull(cartCoupons.shopId) : eq(cartCoupons.shopId, coupon.shopId),
      ),
    );
  if (onCart?.code !== coupon.code)
    throw new HttpError(409, shopName === null ? COUPON_ALREADY_ON_CART : shopCouponAlreadyOnCart(shopName));
  return { coupon: { code: coupon.code, kind: coupon.kind, value: coupon.value }, shopName };
}

/** Removes the cart's store coupon, or with a code that coupon (the store's or a shop's). */
export async function removeCoupon(db: Db, shopper: Shopper, code?: string): Promise<void> {
  await db
    .delete(cartCoupons)
    .where(
      and(
        ownedBy(cartCoupons, shopper),
        code === undefined ? isNull(cartCoupons.shopId) : eq(cartCoupons.couponCode, code),
      ),
    );
}

/**
 * The coupons on the shopper's cart and what they take off the cart's available products now, with
 * the same function placing the order uses (orders/pricing.ts, orderDiscounts).
 */
export async function cartCouponPreview(db: Db, shopper: Shopper): Promise<CouponAnswer> {
  const [coupon, shopCoupons, lines] = await Promise.all([
    cartCoupon(db, shopper),
    cartShopCoupons(db, shopper),
    availableCartLines(db, ownedBy(cartItems, shopper)),
  ]);
  const parts = new Map<string, number>();
  for (const line of lines) parts.set(line.shopId, (parts.get(line.shopId) ?? 0) + line.unitPrice * line.quantity);
  const discounts = orderDiscounts(
    [...parts].map(([shopId, subtotal]) => ({ shopId, subtotal })),
    coupon,
    new Map(shopCoupons.map((shopCoupon) => [shopCoupon.shopId, shopCoupon])),
  );
  return {
    coupon,
    discount: discounts.discount,
    shopCoupons: shopCoupons.map((shopCoupon) => ({
      code: shopCoupon.code,
      kind: shopCoupon.kind,
      value: shopCoupon.value,
      shopId: shopCoupon.shopId,
      shopName: shopCoupon.shopName,
      minSubtotal: shopCoupon.minSubtotal,
      discount: discounts.byShop.get(shopCoupon.shopId) ?? 0,
    })),
    shopDiscount: discounts.shopDiscount,
  };
}

/** The store's coupon on the shopper's cart. */
export async function cartCoupon(db: Pick<Db, "select">, shopper: Shopper): Promise<Coupon | null> {
  const [coupon] = await db
    .select(couponColumns)
    .from(cartCoupons)
    .innerJoin(coupons, eq(coupons.code, cartCoupons.couponCode))
    .where(and(ownedBy(cartCoupons, shopper), isNull(cartCoupons.shopId)));
  return coupon ?? null;
}

/** The shops' coupons on the shopper's cart, by shop name. */
export async function cartShopCoupons(db: Pick<Db, "select">, shopper: Shopper): Promise<CartShopCoupon[]> {
  return db
    .select({
      ...couponColumns,
      minSubtotal: coupons.minSubtotal,
      shopId: sql<string>`${cartCoupons.shopId}`,
      shopName: shops.name,
    })
    .from(cartCoupons)
    .innerJoin(coupons, eq(coupons.code, cartCoupons.couponCode))
    .innerJoin(shops, eq(shops.id, cartCoupons.shopId))
    .where(and(ownedBy(cartCoupons, shopper), isNotNull(cartCoupons.shopId)))
    .orderBy(asc(shops.name), asc(shops.id));
}

/**
 * What an order's store coupon takes off when its subtotal changes (an accepted offer, a cancelled
 * sub-order): the coupon keeps its promise on the new subtotal (after the shops' coupons), so a
 * percentage shrinks with it.
 */
export async function orderCouponDiscount(
  tx: Pick<Db, "select">,
  couponCode: string | null,
  subtotal: number,
): Promise<number> {
  if (!couponCode) return 0;
  const [coupon] = await tx.select(couponColumns).from(coupons).where(eq(coupons.code, couponCode));
  return coupon ? couponDiscount(coupon, subtotal) : 0;
}

/** A shop part's coupon, for a part whose subtotal changes (an accepted offer). */
export async function shopCouponOf(tx: Pick<Db, "select">, couponCode: string | null) {
  if (!couponCode) return null;
  const [coupon] = await tx
    .select({ ...couponColumns, minSubtotal: coupons.minSubtotal })
    .from(coupons)
    .where(eq(coupons.code, couponCode));
  return coupon ?? null;
}

/**
 * Locks the coupons an order is about to use (SELECT … FOR UPDATE, by code so two orders never wait on
 * each other crosswise) and checks each under its lock: valid now and not ended, uses left in all and
 * for this customer, and for a shop's its minimum on the part. A seller ending it, or another order
 * taking its last use, waits for this order or is seen by it. Refusals name the coupon (409).
 */
export async function lockOrderCoupons(
  tx: Transaction,
  codes: { code: string; shopName: string | null; partSubtotal: number }[],
  userId: string,
): Promise<void> {
  if (codes.length === 0) return;
  const codeList = codes.map((entry) => entry.code);
  await tx
    .select({ code: coupons.code })
    .from(coupons)
    .where(inArray(coupons.code, codeList))
    .orderBy(asc(coupons.code))
    .for("update");
  // Read in a statement of its own, after the lock: its snapshot sees the uses of an order that held it.
  const rows = await tx
    .select({
      code: coupons.code,
      validNow: couponValidNow,
      usedCount: coupons.usedCount,
      maxUses: coupons.maxUses,
      maxUsesPerCustomer: coupons.maxUsesPerCustomer,
      minSubtotal: coupons.minSubtotal,
      usedByUser: usesByUser(userId),
    })
    .from(coupons)
    .where(inArray(coupons.code, codeList));
  for (const { code, shopName, partSubtotal } of codes) {
    const row = rows.find((candidate) => candidate.code === code);
    if (!row || !row.validNow || row.usedCount >= row.maxUses)
      throw new HttpError(409, `El cupón ${code} ya no está disponible. Quítalo del carrito para continuar.`);
    if (row.usedByUser >= row.maxUsesPerCustomer)
      throw new HttpError(
        409,
        `${couponUsedUp(row.maxUsesPerCustomer)} Quita el cupón ${code} del carrito para continuar.`,
      );
    if (shopName !== null && partSubtotal < row.minSubtotal)
      throw new HttpError(
        409,
        `El cupón ${code} es para compras desde ${formatUsd(row.minSubtotal)} en productos de «${shopName}». Añade productos o quita el cupón.`,
      );
  }
}

/**
 * Records one use of the coupon by the user for an order, inside the order's transaction and after
 * lockOrderCoupons checked it under its lock; the guarded increment still refuses a use beyond
 * max_uses or outside the valid window.
 */
export async function redeemCoupon(
  tx: Pick<Db, "insert" | "update">,
  code: string,
  userId: string,
  orderId: string,
): Promise<void> {
  await tx.insert(couponRedemptions).values({ couponCode: code, userId, orderId });
  const counted = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.code, code), sql`${coupons.usedCount} < ${coupons.maxUses}`, couponValidNow))
    .returning({ code: coupons.code });
  if (counted.length === 0)
    throw new HttpError(409, `El cupón ${code} ya no está disponible. Quítalo del carrito para continuar.`);
}

/** Gives back the uses an order made of these coupons (a part cancelled with its shop's coupon). */
export async function releaseCouponUses(tx: Pick<Db, "delete" | "update">, orderId: string, codes: string[]) {
  if (codes.length === 0) return;
  const released = await tx
    .delete(couponRedemptions)
    .where(and(eq(couponRedemptions.orderId, orderId), inArray(couponRedemptions.couponCode, codes)))
    .returning({ code: couponRedemptions.couponCode });
  for (const { code } of released)
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} - 1` })
      .where(eq(coupons.code, code));
}
