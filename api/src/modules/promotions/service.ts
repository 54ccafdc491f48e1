import { createHash } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { COUPON_NOT_FOUND } from "#contract/coupons";
import {
  COUPON_ALREADY_ENDED,
  COUPON_CODE_TAKEN,
  VOUCHER_ALREADY_ENDED,
  VOUCHER_CODE_TAKEN,
  type StoreCouponCreateBody,
  type VoucherCreateBody,
} from "#contract/coupons-admin";
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
import type { Db, Transaction } from "../../db/client.js";
import { coupons, vouchers, walletEntries } from "../../db/schema.js";
import { FieldsError, HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { recordAudit } from "../audit/service.js";
import { couponValidNow } from "../coupons/service.js";
import { auditedCoupon, couponTerms } from "../shop-coupons/service.js";

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
export const startOf = (day: string) => sql`(${day}::date)::timestamp at time zone ${STORE_TIME_ZONE}`;
export const startOfDayAfter = (day: string) => sql`(${day}::date + 1)::timestamp at time zone ${STORE_TIME_ZONE}`;

const couponSelection = {
  code: coupons.code,
  kind: coupons.kind,
  value: coupons.value,
  maxUses: coupons.maxUses,
  maxUsesPerCustomer: coupons.maxUsesPerCustomer,
  usedCount: coupons.usedCount,
  endedAt: coupons.endedAt,
  validFromAt: coupons.validFrom,
  validUntilAt: coupons.validUntil,
  validFrom: dayOf(coupons.validFrom),
  validUntil: lastDayBefore(coupons.validUntil),
  validNow: couponValidNow,
};

const voucherSelection = {
  code: vouchers.code,
  amount: vouchers.amount,
  expiresAt: vouchers.expiresAt,
  expiresOn: lastDayBefore(vouchers.expiresAt),
  expired: sql<boolean>`${vouchers.expiresAt} <= clock_timestamp()`,
};

/** Users who redeemed the voucher: its ledger entries' references are `voucher:<code>:<user>` (wallet/service.ts). */
const redemptionsOf = (code: unknown) =>
  sql<number>`(select count(*)::integer from ${walletEntries} where starts_with(${walletEntries.reference}, 'voucher:' || ${code} || ':'))`;

/** A voucher as the admin's page shows it: its columns and how many users redeemed it. */
const voucherWithRedemptions = { ...voucherSelection, redemptions: redemptionsOf(vouchers.code) };

interface CouponRow
  extends Pick<
    AdminCoupon,
    "code" | "kind" | "value" | "maxUses" | "maxUsesPerCustomer" | "usedCount" | "validFrom" | "validUntil" | "validNow"
  > {
  validFromAt: Date;
  validUntilAt: Date;
  endedAt: Date | null;
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
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    usedCount: row.usedCount,
    endedAt: row.endedAt?.toISOString() ?? null,
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
    db.select(voucherWithRedemptions).from(vouchers).orderBy(asc(vouchers.amount), asc(vouchers.code)),
  ]);
  return { coupons: couponRows.map(toAdminCoupon), vouchers: voucherRows.map(toAdminVoucher) };
}

/** The /gift page's vouchers: amount, last day and whether it has passed, by amount. */
export async function publicVouchers(db: Db): Promise<PublicVoucher[]> {
  const rows = await db.select(voucherSelection).from(vouchers).orderBy(asc(vouchers.amount), asc(vouchers.code));
  return rows.map((row) => ({ code: row.code, amount: row.amount, expiresOn: row.expiresOn, expired: row.expired }));
}

/**
 * A store coupon's row, locked (FOR UPDATE) as an order using it locks it: a change waits for such an
 * order and sees its use, or the order waits for the change. A shop's is its seller's: not found.
 */
async function lockedStoreCoupon(tx: Transaction, code: string) {
  const [row] = await tx
    .select(couponSelection)
    .from(coupons)
    .where(and(eq(coupons.code, code), isNull(coupons.shopId)))
    .for("update");
  if (!row) throw new HttpError(404, COUPON_NOT_FOUND);
  return row;
}

export type PromotionWrite<T> = { kind: "saved"; value: T } | { kind: "stale" | "ended"; current: T };

/**
 * Sets a coupon's first and last day and its limit of uses; an ended coupon changes no more. Values already stored are no change
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
    const row = await lockedStoreCoupon(tx, code);
    const current = toAdminCoupon(row);
    // Ended is final (issue 35): answered as a stale form is, with what is stored.
    if (row.endedAt !== null) return { kind: "ended", current };
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

/** A voucher's row, locked for a change (a redemption waits for it), with its redemptions; 404 when none. */
async function lockedVoucher(tx: Transaction, code: string) {
  const [row] = await tx.select(voucherWithRedemptions).from(vouchers).where(eq(vouchers.code, code)).for("update");
  if (!row) throw new HttpError(404, VOUCHER_NOT_FOUND);
  return row;
}

/** Sets a voucher's last day, with the same rules of versions and audit as a coupon. */
export async function updateVoucher(
  db: Db,
  actor: AuthUser,
  code: string,
  body: VoucherUpdateBody,
): Promise<PromotionWrite<AdminVoucher>> {
  return db.transaction(async (tx) => {
    const current = toAdminVoucher(await lockedVoucher(tx, code));
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
      .returning(voucherWithRedemptions);
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

/** What the audit log keeps of a store coupon when it is created or ended: its name and its terms. */
const auditedStoreCoupon = (coupon: AdminCoupon) => ({ name: `Cupón ${coupon.code}`, ...auditedCoupon(coupon) });

/**
 * A new coupon's or voucher's code: refused beside its field when a row of `table` has it in any
 * case. `insert` writes the row unless the primary key is taken meanwhile (the second of two
 * creations at once), which is refused the same way.
 */
async function insertWithNewCode(
  tx: Transaction,
  table: typeof coupons | typeof vouchers,
  code: string,
  message: string,
  insert: () => Promise<unknown[]>,
): Promise<void> {
  const [taken] = await tx
    .select({ code: table.code })
    .from(table)
    .where(sql`upper(${table.code}) = ${code}`);
  const created = taken ? [] : await insert();
  if (created.length === 0) throw new FieldsError(400, [{ field: "code", message }]);
}

async function storeCoupon(tx: Pick<Db, "select">, code: string): Promise<AdminCoupon> {
  const [row] = await tx.select(couponSelection).from(coupons).where(eq(coupons.code, code));
  return toAdminCoupon(row!);
}

/**
 * Creates a store coupon. Its code is unique whatever its case, across the store's and the shops'
 * coupons: one written in another case is refused beside the code, and of two creations of one code
 * at once the second finds the primary key taken.
 */
export async function createStoreCoupon(db: Db, actor: AuthUser, body: StoreCouponCreateBody): Promise<AdminCoupon> {
  return db.transaction(async (tx) => {
    await insertWithNewCode(tx, coupons, body.code, COUPON_CODE_TAKEN, () =>
      tx
        .insert(coupons)
        .values({ code: body.code, ...couponTerms({ ...body, minSubtotal: 0 }), shopId: null })
        .onConflictDoNothing()
        .returning({ code: coupons.code }),
    );
    const coupon = await storeCoupon(tx, body.code);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "cupon.crear",
      entity: "cupon",
      entityId: coupon.auditId,
      before: null,
      after: auditedStoreCoupon(coupon),
    });
    return coupon;
  });
}

/**
 * Ends a store coupon now. It locks the coupon's row, the row an order using it locks
 * (coupons/service.ts, lockOrderCoupons): an order placed before the end commits keeps its discount,
 * and one that locks after it finds the coupon ended and is refused. Carts holding it are refused at
 * checkout the same way.
 */
export async function endStoreCoupon(db: Db, actor: AuthUser, code: string): Promise<AdminCoupon> {
  return db.transaction(async (tx) => {
    const row = await lockedStoreCoupon(tx, code);
    if (row.endedAt !== null) throw new HttpError(409, COUPON_ALREADY_ENDED);
    const before = toAdminCoupon(row);
    await tx
      .update(coupons)
      .set({ endedAt: sql`now()` })
      .where(eq(coupons.code, code));
    const after = await storeCoupon(tx, code);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "cupon.terminar",
      entity: "cupon",
      entityId: after.auditId,
      before: auditedStoreCoupon(before),
      after: auditedStoreCoupon(after),
    });
    return after;
  });
}

/**
 * Ends a voucher at once: its last moment becomes now. Its row is locked, as a redemption locks it
 * (wallet/service.ts), so a redemption either committed before (its credit stands) or reads it over.
 */
export async function endVoucher(db: Db, actor: AuthUser, code: string): Promise<AdminVoucher> {
  return db.transaction(async (tx) => {
    const row = await lockedVoucher(tx, code);
    if (row.expired) throw new HttpError(409, VOUCHER_ALREADY_ENDED);
    const [ended] = await tx
      .update(vouchers)
      // The clock (a redemption compares with it too), not this transaction's start.
      .set({ expiresAt: sql`clock_timestamp()` })
      .where(eq(vouchers.code, code))
      .returning(voucherWithRedemptions);
    const before = toAdminVoucher(row);
    const after = toAdminVoucher(ended!);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "voucher.terminar",
      entity: "voucher",
      entityId: after.auditId,
      before: { name: `Voucher ${code}`, expiresOn: before.expiresOn },
      after: { name: `Voucher ${code}`, expiresOn: after.expiresOn, ended: true },
    });
    return after;
  });
}

/** Creates a voucher, its code unique among the vouchers whatever its case, redeemable to the end of its last day. */
export async function createVoucher(db: Db, actor: AuthUser, body: VoucherCreateBody): Promise<AdminVoucher> {
  return db.transaction(async (tx) => {
    await insertWithNewCode(tx, vouchers, body.code, VOUCHER_CODE_TAKEN, () =>
      tx
        .insert(vouchers)
        .values({
          code: body.code,
          amount: body.amount,
          expiresAt: startOfDayAfter(body.expiresOn) as unknown as Date,
        })
        .onConflictDoNothing()
        .returning({ code: vouchers.code }),
    );
    const [row] = await tx.select(voucherWithRedemptions).from(vouchers).where(eq(vouchers.code, body.code));
    const voucher = toAdminVoucher(row!);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "voucher.crear",
      entity: "voucher",
      entityId: voucher.auditId,
      before: null,
      after: { name: `Voucher ${voucher.code}`, amount: voucher.amount, expiresOn: voucher.expiresOn },
    });
    return voucher;
  });
}
