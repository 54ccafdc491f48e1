import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AuditEntry, auditAnswer, auditQuery } from "#contract/audit";
import type { AuditAction, AuditEntity } from "#contract/audit-labels";
import type { Db, Transaction } from "../../db/client.js";
import { alias } from "drizzle-orm/pg-core";
import { auditLog, categories, orders, products, shops, users } from "../../db/schema.js";

/** The shop of a product an entry is about (its owner is the record's user). */
const productShops = alias(shops, "product_shops");
/** The user an entry about a user (a block) names. */
const recordUsers = alias(users, "record_users");

/** One admin (or, from the next issues, seller) action as the log keeps it. */
export interface AuditRecord {
  actorId: string;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  /** The record's relevant fields before and after the action. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string | null;
}

/**
 * Writes one entry in the transaction that makes the decision, after its row lock is taken, so the
 * entry exists exactly when the decision does (a decision refused or rolled back leaves none). Append only: migration 0013's
 * trigger refuses UPDATE, DELETE and TRUNCATE on the table.
 */
export async function recordAudit(tx: Transaction, entry: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    reason: entry.reason ?? null,
    // The moment of writing, not the transaction's start (now()): a decision that waited for another
    // one's lock is written after it, and the log must say so.
    createdAt: sql`clock_timestamp()`,
  });
}

type AuditQuery = z.output<typeof auditQuery>;
type AuditAnswer = z.input<typeof auditAnswer>;

/** One page of the log, newest first, with the filters of the contract, and everyone who appears in it. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditAnswer> {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
  if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [rows, [total], actors] = await Promise.all([
    db
      .select({
        entry: auditLog,
        actorName: users.name,
        // A removed product keeps the name its last snapshot recorded.
        recordName: sql<
          string | null
        >`coalesce(${shops.name}, ${products.name}, ${categories.name}, ${recordUsers.name}, 'Pedido #' || upper(left(${orders.id}::text, 8)), ${auditLog.before} ->> 'name')`,
        recordOwnerId: sql<string | null>`coalesce(${shops.ownerId}, ${productShops.ownerId})`,
      })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      // The record each entry is about, by its kind; a removed product or category has none.
      .leftJoin(shops, and(eq(auditLog.entity, "tienda"), eq(shops.id, auditLog.entityId)))
      .leftJoin(products, and(eq(auditLog.entity, "producto"), eq(products.id, auditLog.entityId)))
      .leftJoin(productShops, eq(productShops.id, products.shopId))
      .leftJoin(categories, and(eq(auditLog.entity, "categoria"), eq(categories.id, auditLog.entityId)))
      .leftJoin(orders, and(eq(auditLog.entity, "pedido"), eq(orders.id, auditLog.entityId)))
      .leftJoin(recordUsers, and(eq(auditLog.entity, "usuario"), eq(recordUsers.id, auditLog.entityId)))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.parPage)
      .offset((query.page - 1) * query.parPage),
    db.select({ total: count() }).from(auditLog).where(where),
    db
      .selectDistinct({ _id: users.id, name: users.name, email: users.email })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(users.name, users.id),
  ]);

  const entries: AuditEntry[] = rows.map(({ entry, actorName, recordName, recordOwnerId }) => ({
    _id: entry.id,
    actor: { _id: entry.actorId, name: actorName },
    // Written only through recordAudit, typed by the contract's lists.
    action: entry.action as AuditAction,
    entity: entry.entity as AuditEntity,
    entityId: entry.entityId,
    record: recordName === null ? null : { name: recordName, ownerId: recordOwnerId },
    before: entry.before,
    after: entry.after,
    reason: entry.reason,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { entries, totalEntry: total!.total, page: query.page, parPage: query.parPage, actors };
}
