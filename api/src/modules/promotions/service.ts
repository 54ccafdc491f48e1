import { createHash } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { COUPON_NOT_FOUND } from "#contract/coupons";
import {
  maxUsesBelowUses,
  type AdminCoupon,
  type AdminVoucher,
  type CouponUpdateBody,
  type PromotionsAnswer,
  type PublicVoucher,
  type VoucherUpdateBody,
} from "#contract/promotions";
import { STORE_TIME_ZONE } from "#contract/store-time";
import { VOUCHER_NOT_FOUND } from "#contract/wallet";
import type { Db } from "../../db/client.js";
import { coupons, vouchers, walletEntries } from "../../db/schema.js";
import { FieldsError, HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { recordAudit } from "../audit/service.js";

/**
 * The /gift page's coupons and vouchers as an admin keeps them (issue 12). The tables store
 * instants; admins read and write calendar days of the store's time zone, converted here by
 * PostgreSQL: a coupon is valid from the start of its first day (`valid_from`) to the end of its last
 * (`valid_until` is the next day's start, exclusive), a voucher until the end of its last day
 * (`expires_at`, exclusive). A change locks the row (`for update`), so it waits for an order using
 * the coupon and sees the uses that order made, and it is refused when the row no longer holds the
 * values the form was read at (its `version`): two admins at once never overwrite each other unseen.
 */

/** The store's day of an instant, and of the last moment before an exclusive end. */
const dayOf = (instant: unknown) => sql<string>`to_char(${instant} at time zone ${STORE_TIME_ZONE}, 'YYYY-MM-DD')`;
const lastDayBefore = (end: unknown) =>
  sql<string>`to_char((${end} - interval '1 microsecond') at time zone ${STORE_TIME_ZONE}, 'YYYY-MM-DD')`;
/** The start of a store day, and of the day after it (an exclusive end). */
const startOf = (day: string) => sql`(${day}::date)::timestamp at time zone ${STORE_TIME_ZONE}`;
const startOfDayAfter = (day: string) => sql`(${day}::date + 1)::timestamp at time zone ${STORE_TIME_ZONE}`;

const couponSelection = {
  code: coupons.code,
  kind: coupons.kind,
  value: coupons.value,
  maxUses: coupons.maxUses,
  usedCount: coupons.usedCount,
  validFromAt: coupons.validFrom,
  validUntilAt: coupons.validUntil,
  validFrom: dayOf(coupons.validFrom),
  validUntil: lastDayBefore(coupons.validUntil),
  validNow: sql<boolean>`now() >= ${coupons.validFrom} and now() < ${coupons.validUntil}`,
};

const voucherSelection = {
  code: vouchers.code,
  amount: vouchers.amount,
  expiresAt: vouchers.expiresAt,
  expiresOn: lastDayBefore(vouchers.expiresAt),
  expired: sql<boolean>`${vouchers.expiresAt} <= now()`,
};

/** Users who redeemed the voucher: its ledger entries' references are `voucher:<code>:<user>` (wallet/service.ts). */
const redemptionsOf = (code: unknown) =>
  sql<number>`(select count(*)::integer from ${walletEntries} where starts_with(${walletEntries.reference}, 'voucher:' || ${code} || ':'))`;

interface CouponRow
  extends Pick<
    AdminCoupon,
    "code" | "kind" | "value" | "maxUses" | "usedCount" | "validFrom" | "validUntil" | "validNow"
  > {
  validFromAt: Date;
  validUntilAt: Date;
}

interface VoucherRow extends Pick<AdminVoucher, "code" | "amount" | "expiresOn" | "expired" | "redemptions"> {
  expiresAt: Date;
}

/**
 * The audit log names records by UUID; a coupon's or voucher's key is its code, so its entries use a
 * UUID made from the code (SHA-1 name-based, the shape of a version 5 UUID): always the same one.
 */
export function promotionAuditId(entity: "cupon" | "voucher", code: string): string {
  const bytes = createHash("sha1").update(`mercado-padel:${entity}:${code}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function toAdminCoupon(row: CouponRow): AdminCoupon {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    maxUses: row.maxUses,
    usedCount: row.usedCount,
    validNow: row.validNow,
    // What an admin may change, as stored: any change by anyone else makes a form read before it stale.
    version: `${row.validFromAt.toISOString()}|${row.validUntilAt.toISOString()}|${row.maxUses}`,
    auditId: promotionAuditId("cupon", row.code),
  };
}

function toAdminVoucher(row: VoucherRow): AdminVoucher {
  return {
    code: row.code,
    amount: row.amount,
    expiresOn: row.expiresOn,
    expired: row.expired,
    redemptions: row.redemptions,
    version: row.expiresAt.toISOString(),
    auditId: promotionAuditId("voucher", row.code),
  };
}

export async function listPromotions(db: Db): Promise<PromotionsAnswer> {
  const [couponRows, voucherRows] = await Promise.all([
    // The store's coupons; a shop's own are its seller's (issue 34).
    db.select(couponSelection).from(coupons).where(isNull(coupons.shopId)).orderBy(asc(coupons.code)),
    db
      .select({ ...voucherSelection, redemptions: redemptionsOf(vouchers.code) })
      .from(vouchers)
      .orderBy(asc(vouchers.amount), asc(vouchers.code)),
  ]);
  return { coupons: couponRows.map(toAdminCoupon), vouchers: voucherRows.map(toAdminVoucher) };
}

/** The /gift page's vouchers: amount, last day and whether it has passed, by amount. */
export async function publicVouchers(db: Db): Promise<PublicVoucher[]> {
  const rows = await db.select(voucherSelection).from(vouchers).orderBy(asc(vouchers.amount), asc(vouchers.code));
  return rows.map((row) => ({ code: row.code, amount: row.amount, expiresOn: row.expiresOn, expired: row.expired }));
}

export type PromotionWrite<T> = { kind: "saved"; value: T } | { kind: "stale"; current: T };

/**
 * Sets a coupon's first and last day and its limit of uses. Values already stored are no change
 * (and no audit entry), even from a form read before another admin made the same change; a form
 * read at another version is stale; a limit below the uses made is refused beside the field.
 */
export async function updateCoupon(
  db: Db,
  actor: AuthUser,
  code: string,
  body: CouponUpdateBody,
): Promise<PromotionWrite<AdminCoupon>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(couponSelection)
      .from(coupons)
      .where(and(eq(coupons.code, code), isNull(coupons.shopId)))
      .for("update");
    if (!row) throw new HttpError(404, COUPON_NOT_FOUND);
    const current = toAdminCoupon(row);
    const audited = (coupon: Pick<AdminCoupon, "validFrom" | "validUntil" | "maxUses">) => ({
      name: `Cupón ${code}`,
      validFrom: coupon.validFrom,
      validUntil: coupon.validUntil,
      maxUses: coupon.maxUses,
    });
    if (JSON.stringify(audited(current)) === JSON.stringify(audited(body))) return { kind: "saved", value: current };
    if (body.version !== current.version) return { kind: "stale", current };
    if (body.maxUses < row.usedCount)
      throw new FieldsError(400, [{ field: "maxUses", message: maxUsesBelowUses(row.usedCount) }]);

    const [updated] = await tx
      .update(coupons)
      .set({ validFrom: startOf(body.validFrom), validUntil: startOfDayAfter(body.validUntil), maxUses: body.maxUses })
      .where(eq(coupons.code, code))
      .returning(couponSelection);
    const saved = toAdminCoupon(updated!);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "cupon.editar",
      entity: "cupon",
      entityId: saved.auditId,
      before: audited(current),
      after: audited(saved),
    });
    return { kind: "saved", value: saved };
  });
}

/** Sets a voucher's last day, with the same rules of versions and audit as a coupon. */
export async function updateVoucher(
  db: Db,
  actor: AuthUser,
  code: string,
  body: VoucherUpdateBody,
): Promise<PromotionWrite<AdminVoucher>> {
  return db.transaction(async (tx) => {
    const selection = { ...voucherSelection, redemptions: redemptionsOf(vouchers.code) };
    const [row] = await tx.select(selection).from(vouchers).where(eq(vouchers.code, code)).for("update");
    if (!row) throw new HttpError(404, VOUCHER_NOT_FOUND);
    const current = toAdminVoucher(row);
    const audited = (voucher: Pick<AdminVoucher, "expiresOn">) => ({
      name: `Voucher ${code}`,
      expiresOn: voucher.expiresOn,
    });
    if (current.expiresOn === body.expiresOn) return { kind: "saved", value: current };
    if (body.version !== current.version) return { kind: "stale", current };

    const [updated] = await tx
      .update(vouchers)
      .set({ expiresAt: startOfDayAfter(body.expiresOn) })
      .where(eq(vouchers.code, code))
      .returning(selection);
    const saved = toAdminVoucher(updated!);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "voucher.editar",
      entity: "voucher",
      entityId: saved.auditId,
      before: audited(current),
      after: audited(saved),
    });
    return { kind: "saved", value: saved };
  });
}
