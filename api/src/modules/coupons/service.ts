import { and, eq, sql } from "drizzle-orm";
import { COUPON_NOT_FOUND, type Coupon, type CouponAnswer } from "#contract/coupons";
import type { Db } from "../../db/client.js";
import { cartCoupons, cartItems, couponRedemptions, coupons } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { ownedBy, ownerValues, type Shopper } from "../cart/shopper.js";
import { availableCartLines, subtotalOf } from "../orders/cart-lines.js";

export const COUPON_NOT_VALID_NOW = "Este cupón no está vigente.";
export const COUPON_EXHAUSTED = "Este cupón se ha agotado.";
export const COUPON_ALREADY_USED = "Ya usaste este cupón.";
export const COUPON_ALREADY_ON_CART = "Ya tienes un cupón en tu carrito. Quítalo para usar otro.";

const couponColumns = { code: coupons.code, kind: coupons.kind, value: coupons.value };

/** The coupon's discount on a subtotal: never more than the subtotal, so a total is never negative. */
export function couponDiscount(coupon: Coupon, subtotal: number): number {
  const discount = coupon.kind === "porcentaje" ? Math.round((subtotal * coupon.value) / 100) : coupon.value;
  return Math.min(discount, subtotal);
}

/**
 * Puts a coupon on the shopper's cart after checking it exists, is valid now, has uses left and,
 * for a user, was not used by them (a visitor's is checked again when it joins the user's cart and
 * when the order is placed). A cart holds one coupon, so coupons never stack; applying the one
 * already there changes nothing.
 */
export async function applyCoupon(db: Db, shopper: Shopper, code: string): Promise<Coupon> {
  const [coupon] = await db
    .select({
      ...couponColumns,
      validNow: sql<boolean>`now() >= ${coupons.validFrom} and now() < ${coupons.validUntil}`,
      exhausted: sql<boolean>`${coupons.usedCount} >= ${coupons.maxUses}`,
      usedByUser:
        shopper.kind === "user"
          ? sql<boolean>`exists (select 1 from ${couponRedemptions} where ${couponRedemptions.couponCode} = ${coupons.code} and ${couponRedemptions.userId} = ${shopper.id})`
          : sql<boolean>`false`,
    })
    .from(coupons)
    .where(eq(coupons.code, code));
  if (!coupon) throw new HttpError(404, COUPON_NOT_FOUND);
  if (!coupon.validNow) throw new HttpError(400, COUPON_NOT_VALID_NOW);
  if (coupon.usedByUser) throw new HttpError(409, COUPON_ALREADY_USED);
  if (coupon.exhausted) throw new HttpError(409, COUPON_EXHAUSTED);

  await db
    .insert(cartCoupons)
    .values({ ...ownerValues(shopper), couponCode: coupon.code })
    .onConflictDoNothing();
  const [onCart] = await db
    .select({ code: cartCoupons.couponCode })
    .from(cartCoupons)
    .where(ownedBy(cartCoupons, shopper));
  if (onCart?.code !== coupon.code) throw new HttpError(409, COUPON_ALREADY_ON_CART);
  return { code: coupon.code, kind: coupon.kind, value: coupon.value };
}

export async function removeCoupon(db: Db, shopper: Shopper): Promise<void> {
  await db.delete(cartCoupons).where(ownedBy(cartCoupons, shopper));
}

/**
 * The coupon on the shopper's cart and what it takes off the cart's available products now
 * (placing the order computes it again).
 */
export async function cartCouponPreview(db: Db, shopper: Shopper): Promise<CouponAnswer> {
  const coupon = await cartCoupon(db, shopper);
  if (!coupon) return { coupon: null, discount: 0 };
  return {
    coupon,
    discount: couponDiscount(coupon, subtotalOf(await availableCartLines(db, ownedBy(cartItems, shopper)))),
  };
}

export async function cartCoupon(db: Pick<Db, "select">, shopper: Shopper): Promise<Coupon | null> {
  const [coupon] = await db
    .select(couponColumns)
    .from(cartCoupons)
    .innerJoin(coupons, eq(coupons.code, cartCoupons.couponCode))
    .where(ownedBy(cartCoupons, shopper));
  return coupon ?? null;
}

/**
 * What an order's coupon takes off when its subtotal changes (an accepted offer, a cancelled
 * sub-order): the coupon keeps its promise on the new subtotal, so a percentage shrinks with it.
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

/**
 * Records one use of the coupon by the user for an order, inside the order's transaction: the
 * (coupon, user) key refuses a second use by the same user, and the guarded increment refuses a
 * use beyond max_uses or outside the valid window, even under concurrent orders.
 */
export async function redeemCoupon(
  tx: Pick<Db, "insert" | "update">,
  code: string,
  userId: string,
  orderId: string,
): Promise<void> {
  const redeemed = await tx
    .insert(couponRedemptions)
    .values({ couponCode: code, userId, orderId })
    .onConflictDoNothing()
    .returning({ code: couponRedemptions.couponCode });
  if (redeemed.length === 0)
    throw new HttpError(409, `${COUPON_ALREADY_USED} Quita el cupón ${code} del carrito para continuar.`);
  const counted = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.code, code),
        sql`${coupons.usedCount} < ${coupons.maxUses}`,
        sql`now() >= ${coupons.validFrom} and now() < ${coupons.validUntil}`,
      ),
    )
    .returning({ code: coupons.code });
  if (counted.length === 0)
    throw new HttpError(409, `El cupón ${code} ya no está disponible. Quítalo del carrito para continuar.`);
}
