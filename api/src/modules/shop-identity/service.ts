import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  IDENTITY_CHANGE_NEEDS_APPROVED_SHOP,
  IDENTITY_CHANGE_NONE_PENDING,
  IDENTITY_CHANGE_NOT_FOUND,
  IDENTITY_CHANGE_NOT_PENDING,
  IDENTITY_CHANGE_NOTHING,
  IDENTITY_CHANGE_PENDING_EXISTS,
  IDENTITY_CHANGE_RIF_TAKEN,
  identityChangeFor,
  type SellerIdentity,
  type ShopIdentityChange,
} from "#contract/shop-identity";
import type { AuditAction } from "#contract/audit-labels";
import {
  identityChangeDecidedNotice,
  identityChangeRequestedNotice,
  identityChangeWords,
} from "#contract/notification-texts";
import { TAX_ID_LABELS } from "#contract/shop-labels";
import { OWN_SHOP_DECISION, RIF_TAKEN, shopSuspendedNoWrites } from "#contract/shops";
import type { Db, Transaction } from "../../db/client.js";
import { shopIdentityChanges, shops, users } from "../../db/schema.js";
import { FieldsError, HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { recordAudit } from "../audit/service.js";
import { announceCatalogueChange, catalogueChangedHere } from "../catalog/changes.js";
import { queueEventMail } from "../mail/event-mail.js";
import { mailRecipient } from "../mail/recipients.js";
import type { MailContext } from "../mail/render.js";
import { shopIdentityDecisionMail } from "../mail/templates/shop-identity-decision.js";
import { notify } from "../notifications/service.js";
import { NO_SHOP } from "../shop-profile/service.js";
import { rifTaken } from "../shops/rif.js";
import { violatedUniqueIndex } from "../shops/service.js";

/**
 * An approved shop's change of name or tax id (issue 34, decision 0055). Every write runs in one
 * transaction with the shop's row locked FOR UPDATE first, then the change's row: the lock every
 * shop decision takes (shops/service.ts), so the seller's request, their withdrawal and two admins'
 * decisions on the same shop run one after the other, and the second decision finds it decided.
 * The slug stays: an address already shared keeps working (decision 0055).
 */

type ChangeRow = typeof shopIdentityChanges.$inferSelect;
type ShopRow = typeof shops.$inferSelect;

const requester = alias(users, "requester");
const decider = alias(users, "decider");

const changeSelection = {
  change: shopIdentityChanges,
  ownerId: shops.ownerId,
  shopName: shops.name,
  country: shops.country,
  requesterName: requester.name,
  deciderName: decider.name,
};

function selectChanges(db: Db | Transaction, where: SQL) {
  return db
    .select(changeSelection)
    .from(shopIdentityChanges)
    .innerJoin(shops, eq(shops.id, shopIdentityChanges.shopId))
    .innerJoin(requester, eq(requester.id, shopIdentityChanges.requestedBy))
    .leftJoin(decider, eq(decider.id, shopIdentityChanges.decidedBy))
    .where(where);
}
type SelectedChange = Awaited<ReturnType<typeof selectChanges>>[number];

function toChange({ change, ...row }: SelectedChange): ShopIdentityChange {
  return {
    _id: change.id,
    shopId: change.shopId,
    ownerId: row.ownerId,
    shopName: row.shopName,
    country: row.country,
    status: change.status,
    before: { shopName: change.previousName, rif: change.previousRif },
    requested: { shopName: change.name, rif: change.rif },
    reason: change.reason,
    requestedBy: row.requesterName,
    createdAt: change.createdAt.toISOString(),
    decidedAt: change.decidedAt?.toISOString() ?? null,
    decidedBy: row.deciderName,
    rejectionReason: change.rejectionReason,
  };
}

async function loadChange(db: Db | Transaction, changeId: string): Promise<ShopIdentityChange> {
  const [row] = await selectChanges(db, eq(shopIdentityChanges.id, changeId));
  if (!row) throw new HttpError(404, IDENTITY_CHANGE_NOT_FOUND);
  return toChange(row);
}

const isPending = eq(shopIdentityChanges.status, "pendiente");

// ---- Reading ------------------------------------------------------------------------------------

/** GET /seller/shop-identity: the shop's name and tax id, its pending change and its latest other one. */
export async function sellerIdentity(db: Db, sellerId: string): Promise<SellerIdentity> {
  const [shop] = await db
    .select({ id: shops.id, name: shops.name, rif: shops.rif, country: shops.country })
    .from(shops)
    .where(eq(shops.ownerId, sellerId));
  if (!shop) throw new HttpError(404, NO_SHOP);
  const rows = await selectChanges(db, eq(shopIdentityChanges.shopId, shop.id))
    .orderBy(desc(shopIdentityChanges.createdAt), desc(shopIdentityChanges.id))
    .limit(2);
  const pending = rows.find((row) => row.change.status === "pendiente");
  const latest = rows.find((row) => row.change.status !== "pendiente");
  return {
    shopName: shop.name,
    rif: shop.rif,
    country: shop.country,
    pending: pending ? toChange(pending) : null,
    latest: latest ? toChange(latest) : null,
  };
}

/** GET /admin/shop-changes: every pending change, the longest waiting first. */
export async function pendingIdentityChanges(db: Db) {
  const rows = await selectChanges(db, isPending).orderBy(
    asc(shopIdentityChanges.createdAt),
    asc(shopIdentityChanges.id),
  );
  return { changes: rows.map(toChange), totalPending: rows.length };
}

/** GET /admin/shops/:shopId/identity-changes: the shop's changes, newest first. */
export async function shopIdentityHistory(db: Db, shopId: string) {
  const rows = await selectChanges(db, eq(shopIdentityChanges.shopId, shopId)).orderBy(
    desc(shopIdentityChanges.createdAt),
    desc(shopIdentityChanges.id),
  );
  return { changes: rows.map(toChange) };
}

// ---- The seller ---------------------------------------------------------------------------------

/** The seller's own shop, locked FOR UPDATE; a suspended one is refused with its reason. */
async function lockOwnShop(tx: Transaction, sellerId: string): Promise<ShopRow> {
  const [shop] = await tx.select().from(shops).where(eq(shops.ownerId, sellerId)).for("update");
  if (!shop) throw new HttpError(404, NO_SHOP);
  if (shop.status === "suspendida") throw new HttpError(403, shopSuspendedNoWrites(shop.statusReason));
  return shop;
}

async function pendingOf(tx: Transaction, shopId: string): Promise<ChangeRow | undefined> {
  const [row] = await tx
    .select()
    .from(shopIdentityChanges)
    .where(and(eq(shopIdentityChanges.shopId, shopId), isPending))
    .for("update");
  return row;
}

const asked = (change: { name: string | null; rif: string | null }, country: ShopRow["country"]) =>
  identityChangeWords({ shopName: change.name, rif: change.rif }, TAX_ID_LABELS[country]);

/** The audit entry of every step of a change, on the shop's record. */
function auditChange(
  tx: Transaction,
  entry: { actorId: string; action: AuditAction; shopId: string; change: ChangeRow; status: string },
  reason: string | null = null,
) {
  return recordAudit(tx, {
    actorId: entry.actorId,
    action: entry.action,
    entity: "tienda",
    entityId: entry.shopId,
    before: { shopName: entry.change.previousName, rif: entry.change.previousRif },
    after: {
      changeId: entry.change.id,
      status: entry.status,
      requested: { shopName: entry.change.name, rif: entry.change.rif },
    },
    reason,
  });
}

/**
 * POST /seller/shop-identity: checked as the application (the name's rule, the tax id for the
 * shop's country in its written form); what equals the shop's own is not asked for, and asking
 * for nothing is 400. One pending change per shop (409), and the tax id free among shops and
 * pending changes (409 on `rif`); the partial unique indexes answer the same for two at once.
 */
export async function requestIdentityChange(db: Db, seller: AuthUser, body: unknown): Promise<ShopIdentityChange> {
  try {
    const changeId = await db.transaction(async (tx) => {
      const shop = await lockOwnShop(tx, seller.id);
      if (shop.status !== "aprobada") throw new HttpError(403, IDENTITY_CHANGE_NEEDS_APPROVED_SHOP);
      const checked = identityChangeFor(shop.country).safeParse(body);
      if (!checked.success)
        throw new FieldsError(
          400,
          checked.error.issues.map((issue) => ({ field: String(issue.path[0] ?? "shopName"), message: issue.message })),
        );
      const name = checked.data.shopName === shop.name ? null : checked.data.shopName;
      const rif = checked.data.rif === shop.rif ? null : checked.data.rif;
      if (name === null && rif === null) throw new HttpError(400, IDENTITY_CHANGE_NOTHING);
      if (await pendingOf(tx, shop.id)) throw new HttpError(409, IDENTITY_CHANGE_PENDING_EXISTS);
      if (rif !== null && (await rifTaken(tx, rif, shop.id)))
        throw new FieldsError(409, [{ field: "rif", message: RIF_TAKEN }]);
      const [change] = await tx
        .insert(shopIdentityChanges)
        .values({
          shopId: shop.id,
          requestedBy: seller.id,
          name,
          rif,
          previousName: shop.name,
          previousRif: shop.rif,
          reason: checked.data.reason === "" ? null : checked.data.reason,
        })
        .returning();
      await auditChange(tx, {
        actorId: seller.id,
        action: "tienda.pedir_cambio_identidad",
        shopId: shop.id,
        change: change!,
        status: "pendiente",
      });
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
      const message = identityChangeRequestedNotice(shop.name, asked(change!, shop.country));
      await notify(
        tx,
        admins.map((admin) => ({ userId: admin.id, type: "tienda" as const, message })),
      );
      return change!.id;
    });
    return await loadChange(db, changeId);
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === "shop_identity_changes_pending_unique") throw new HttpError(409, IDENTITY_CHANGE_PENDING_EXISTS);
    if (index === "shop_identity_changes_pending_rif_unique")
      throw new FieldsError(409, [{ field: "rif", message: RIF_TAKEN }]);
    throw error;
  }
}

/** POST /seller/shop-identity/withdraw: the pending change ends as `retirado`; 409 without one. */
export async function withdrawIdentityChange(db: Db, seller: AuthUser): Promise<ShopIdentityChange> {
  const changeId = await db.transaction(async (tx) => {
    const shop = await lockOwnShop(tx, seller.id);
    const change = await pendingOf(tx, shop.id);
    if (!change) throw new HttpError(409, IDENTITY_CHANGE_NONE_PENDING);
    await tx
      .update(shopIdentityChanges)
      .set({ status: "retirado", decidedAt: sql`now()` })
      .where(eq(shopIdentityChanges.id, change.id));
    await auditChange(tx, {
      actorId: seller.id,
      action: "tienda.retirar_cambio_identidad",
      shopId: shop.id,
      change,
      status: "retirado",
    });
    return change.id;
  });
  return loadChange(db, changeId);
}

// ---- The admins ---------------------------------------------------------------------------------

/**
 * The change to decide and its shop, locked shop first: 404 for an unknown change, 403 on the
 * admin's own shop (another admin decides), 409 once it is no longer pending.
 */
async function lockToDecide(tx: Transaction, actor: AuthUser, changeId: string) {
  const [found] = await tx
    .select({ shopId: shopIdentityChanges.shopId })
    .from(shopIdentityChanges)
    .where(eq(shopIdentityChanges.id, changeId));
  if (!found) throw new HttpError(404, IDENTITY_CHANGE_NOT_FOUND);
  const [shop] = await tx.select().from(shops).where(eq(shops.id, found.shopId)).for("update");
  if (!shop) throw new HttpError(404, IDENTITY_CHANGE_NOT_FOUND);
  if (shop.ownerId === actor.id) throw new HttpError(403, OWN_SHOP_DECISION);
  const [change] = await tx
    .select()
    .from(shopIdentityChanges)
    .where(eq(shopIdentityChanges.id, changeId))
    .for("update");
  if (change!.status !== "pendiente") throw new HttpError(409, IDENTITY_CHANGE_NOT_PENDING);
  return { shop, change: change! };
}

/** The seller's notice and mail of a decision, queued in its transaction. */
async function tellSeller(
  tx: Transaction,
  mail: MailContext,
  shop: ShopRow,
  change: ChangeRow,
  decision: { approved: true } | { approved: false; reason: string },
) {
  const words = asked(change, shop.country);
  await notify(tx, [
    { userId: shop.ownerId, type: "tienda", message: identityChangeDecidedNotice(shop.name, words, decision) },
  ]);
  await queueEventMail(
    tx,
    mail,
    shopIdentityDecisionMail(
      { shopName: shop.name, asked: words, decision },
      await mailRecipient(tx, shop.ownerId),
      mail.publicWebUrl,
    ),
  );
}

/**
 * POST /admin/shop-changes/:changeId/approve: the shop takes the new name and/or tax id. The tax id
 * is checked again under the lock: another shop may have taken it since (an application, or one
 * approved meanwhile), and then it is 409 and nothing changes; the unique index answers the same
 * for a shop taking it at the same moment. The change keeps the values it replaced.
 */
export async function approveIdentityChange(
  db: Db,
  actor: AuthUser,
  changeId: string,
  mail: MailContext,
): Promise<ShopIdentityChange> {
  try {
    let renamed = false;
    await db.transaction(async (tx) => {
      const { shop, change } = await lockToDecide(tx, actor, changeId);
      if (change.rif !== null) {
        const [taken] = await tx
          .select({ id: shops.id })
          .from(shops)
          .where(and(eq(shops.rif, change.rif), ne(shops.id, shop.id)));
        if (taken) throw new HttpError(409, IDENTITY_CHANGE_RIF_TAKEN);
      }
      const decided = { ...change, previousName: shop.name, previousRif: shop.rif };
      await tx
        .update(shops)
        .set({ name: change.name ?? shop.name, rif: change.rif ?? shop.rif, updatedAt: sql`now()` })
        .where(eq(shops.id, shop.id));
      await tx
        .update(shopIdentityChanges)
        .set({
          status: "aprobado",
          decidedBy: actor.id,
          decidedAt: sql`now()`,
          previousName: shop.name,
          previousRif: shop.rif,
        })
        .where(eq(shopIdentityChanges.id, change.id));
      await auditChange(tx, {
        actorId: actor.id,
        action: "tienda.aprobar_cambio_identidad",
        shopId: shop.id,
        change: decided,
        status: "aprobado",
      });
      await tellSeller(tx, mail, shop, change, { approved: true });
      renamed = change.name !== null;
      // Its products' cards and pages carry the shop's name: every instance forgets what it kept.
      if (renamed) await announceCatalogueChange(tx);
    });
    if (renamed) catalogueChangedHere();
  } catch (error) {
    if (violatedUniqueIndex(error) === "shops_rif_unique") throw new HttpError(409, IDENTITY_CHANGE_RIF_TAKEN);
    throw error;
  }
  return loadChange(db, changeId);
}

/** POST /admin/shop-changes/:changeId/reject: the shop keeps its values; the seller reads the reason. */
export async function rejectIdentityChange(
  db: Db,
  actor: AuthUser,
  changeId: string,
  reason: string,
  mail: MailContext,
): Promise<ShopIdentityChange> {
  await db.transaction(async (tx) => {
    const { shop, change } = await lockToDecide(tx, actor, changeId);
    await tx
      .update(shopIdentityChanges)
      .set({ status: "rechazado", decidedBy: actor.id, decidedAt: sql`now()`, rejectionReason: reason })
      .where(eq(shopIdentityChanges.id, change.id));
    await auditChange(
      tx,
      { actorId: actor.id, action: "tienda.rechazar_cambio_identidad", shopId: shop.id, change, status: "rechazado" },
      reason,
    );
    await tellSeller(tx, mail, shop, change, { approved: false, reason });
  });
  return loadChange(db, changeId);
}
