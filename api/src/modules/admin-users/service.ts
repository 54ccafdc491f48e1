import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import {
  ADMIN_USER_RECENT_ORDERS,
  CANNOT_BLOCK_ADMIN,
  CANNOT_BLOCK_SELF,
  USER_ALREADY_BLOCKED,
  USER_NOT_BLOCKED,
  USER_NOT_FOUND_ADMIN,
  type AdminUserDetail,
  type AdminUserRow,
  type AdminUsersAnswer,
  type adminUsersQuery,
} from "#contract/admin-users";
import { STORE_TIME_ZONE } from "#contract/store-time";
import type { Db, Transaction } from "../../db/client.js";
import { orders, shops, users } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { revokeUserSessions } from "../accounts/tokens.js";
import { likePattern, orderSummary, orderSummaryColumns } from "../admin-orders/service.js";
import { recordAudit } from "../audit/service.js";
import { announceCatalogueChange, catalogueChangedHere } from "../catalog/changes.js";
import { queueEventMail } from "../mail/event-mail.js";
import { mailRecipient } from "../mail/recipients.js";
import type { MailContext } from "../mail/render.js";
import { accountBlockedMail } from "../mail/templates/account-blocked.js";

type AdminUsersQuery = z.output<typeof adminUsersQuery>;

/** The first instant of a calendar day of the store (Europe/Madrid). */
const startOfStoreDay = (day: string, daysLater = 0) =>
  sql`((${day}::date + ${daysLater}::int)::timestamp at time zone ${STORE_TIME_ZONE})`;

const rowColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  blockedAt: users.blockedAt,
  blockedReason: users.blockedReason,
};

function toRow(row: {
  id: string;
  name: string;
  email: string;
  role: AdminUserRow["role"];
  createdAt: Date;
  blockedAt: Date | null;
  blockedReason: string | null;
}): AdminUserRow {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    blocked: row.blockedAt ? { blockedAt: row.blockedAt.toISOString(), reason: row.blockedReason ?? "" } : null,
  };
}

/** Users, newest sign-up first: by part of the name or e-mail, role and sign-up days (store time, both whole). */
export async function listAdminUsers(db: Db, query: AdminUsersQuery): Promise<AdminUsersAnswer> {
  const conditions: SQL[] = [];
  if (query.searchValue) {
    const pattern = likePattern(query.searchValue);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.signedUpFrom) conditions.push(gte(users.createdAt, startOfStoreDay(query.signedUpFrom)));
  if (query.signedUpTo) conditions.push(lt(users.createdAt, startOfStoreDay(query.signedUpTo, 1)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.parPage)
      .offset((query.page - 1) * query.parPage),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toRow), totalUser: total!.total, page: query.page, parPage: query.parPage };
}

/** One user for an admin: their data, latest orders and shop (their wallet is `GET /wallet/{id}`'s). */
export async function adminUserDetail(db: Db, userId: string): Promise<AdminUserDetail> {
  const [user] = await db
    .select({
      ...rowColumns,
      phone: users.phone,
      emailVerifiedAt: users.emailVerifiedAt,
      googleSub: users.googleSub,
      addressLine: users.addressLine,
      city: users.city,
      province: users.province,
      postCode: users.postCode,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new HttpError(404, USER_NOT_FOUND_ADMIN);
  const [latest, [total], [shop]] = await Promise.all([
    db
      .select(orderSummaryColumns)
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_USER_RECENT_ORDERS),
    db.select({ total: count() }).from(orders).where(eq(orders.userId, userId)),
    db
      .select({ _id: shops.id, name: shops.name, slug: shops.slug, status: shops.status })
      .from(shops)
      .where(eq(shops.ownerId, userId)),
  ]);
  return {
    ...toRow(user),
    phone: user.phone,
    emailVerified: user.emailVerifiedAt !== null,
    signsInWithGoogle: user.googleSub !== null,
    address: { addressLine: user.addressLine, city: user.city, province: user.province, postCode: user.postCode },
    orders: latest.map(orderSummary),
    totalOrder: total!.total,
    shop: shop ?? null,
  };
}

/**
 * The user and their shop, locked for a block or unblock: the shop first, then the user, the order
 * a shop suspension takes too (shops/service.ts), so neither waits for the other in a cycle.
 */
async function lockUserAndShop(tx: Transaction, actor: AuthUser, userId: string) {
  const [shop] = await tx
    .select({ id: shops.id, status: shops.status, statusReason: shops.statusReason })
    .from(shops)
    .where(eq(shops.ownerId, userId))
    .for("update");
  const [user] = await tx
    .select({
      id: users.id,
      role: users.role,
      blockedAt: users.blockedAt,
      blockedReason: users.blockedReason,
      blockSuspendedShop: users.blockSuspendedShop,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user) throw new HttpError(404, USER_NOT_FOUND_ADMIN);
  // An admin is never blocked from here: it would leave the store without whoever can undo it.
  if (user.id === actor.id) throw new HttpError(403, CANNOT_BLOCK_SELF);
  if (user.role === "admin") throw new HttpError(403, CANNOT_BLOCK_ADMIN);
  return { user, shop: shop ?? null };
}

/**
 * POST /admin/users/:userId/block (decision 0051): the user can no longer sign in, every access
 * token of theirs is refused at once and every session (refresh token) is revoked; an approved
 * shop of theirs is suspended with the same reason, so its products leave the catalogue and cannot
 * be bought. A second block answers 409, so two admins blocking at once leave one audit entry.
 */
export async function blockUser(
  db: Db,
  actor: AuthUser,
  userId: string,
  reason: string,
  mail: MailContext,
): Promise<void> {
  let shopSuspended = false;
  await db.transaction(async (tx) => {
    const { user, shop } = await lockUserAndShop(tx, actor, userId);
    if (user.blockedAt) throw new HttpError(409, USER_ALREADY_BLOCKED);
    shopSuspended = shop?.status === "aprobada";
    if (shopSuspended) {
      await tx
        .update(shops)
        .set({ status: "suspendida", statusReason: reason, updatedAt: sql`now()` })
        .where(eq(shops.id, shop!.id));
      await announceCatalogueChange(tx);
    }
    await tx
      .update(users)
      .set({
        blockedAt: sql`now()`,
        blockedReason: reason,
        blockSuspendedShop: shopSuspended,
        tokensValidAfter: sql`now()`,
      })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "usuario.bloquear",
      entity: "usuario",
      entityId: user.id,
      before: { blocked: false, shopStatus: shop?.status ?? null },
      after: { blocked: true, shopStatus: shopSuspended ? "suspendida" : (shop?.status ?? null) },
      reason,
    });
    // The user is told why, in the block's transaction: the mail exists exactly when the block does.
    await queueEventMail(tx, mail, accountBlockedMail(reason, await mailRecipient(tx, user.id), mail.publicWebUrl));
  });
  if (shopSuspended) catalogueChangedHere();
}

/**
 * POST /admin/users/:userId/unblock: the user may sign in again; the shop comes back only if the
 * block suspended it and it is still suspended with the block's reason (an admin's own suspension
 * since, or before, stays). 409 for a user who is not blocked.
 */
export async function unblockUser(db: Db, actor: AuthUser, userId: string): Promise<void> {
  let shopRestored = false;
  await db.transaction(async (tx) => {
    const { user, shop } = await lockUserAndShop(tx, actor, userId);
    if (!user.blockedAt) throw new HttpError(409, USER_NOT_BLOCKED);
    shopRestored = user.blockSuspendedShop && shop?.status === "suspendida" && shop.statusReason === user.blockedReason;
    if (shopRestored) {
      await tx
        .update(shops)
        .set({ status: "aprobada", statusReason: null, updatedAt: sql`now()` })
        .where(eq(shops.id, shop!.id));
      await announceCatalogueChange(tx);
    }
    await tx
      .update(users)
      .set({ blockedAt: null, blockedReason: null, blockSuspendedShop: false, tokensValidAfter: sql`now()` })
      .where(eq(users.id, user.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "usuario.desbloquear",
      entity: "usuario",
      entityId: user.id,
      before: { blocked: true, blockedReason: user.blockedReason, shopStatus: shop?.status ?? null },
      after: { blocked: false, shopStatus: shopRestored ? "aprobada" : (shop?.status ?? null) },
    });
  });
  if (shopRestored) catalogueChangedHere();
}
