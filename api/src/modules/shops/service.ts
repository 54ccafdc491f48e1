import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Role } from "#contract/accounts";
import { SHOP_OWNER_BLOCKED } from "#contract/admin-users";
import type { AuditAction } from "#contract/audit-labels";
import type { FieldError } from "#contract/http";
import {
  DOCUMENT_NOT_FOUND,
  DOCUMENT_NOT_IN_REQUEST,
  DOCUMENT_NOT_TO_REPLACE,
  FIELD_NOT_TO_CHANGE,
  NO_APPROVED_SHOP,
  NOTHING_TO_CHANGE,
  OWN_SHOP_DECISION,
  REPLACEMENT_MISSING,
  RIF_TAKEN,
  NEUTRAL_REJECTION_REASON,
  SHOP_ALREADY_DECIDED,
  SHOP_NOT_APPROVED,
  SHOP_NOT_FOUND,
  SHOP_NOT_SUSPENDED,
  SHOP_REQUEST_EXISTS,
  shopCorrectionFields,
  shopLocation,
  type RequestChangesBody,
  type ShopApplication,
  type ShopDecisionBody,
  type ShopDocument,
  type ShopRequest,
  type ShopRequestVersion,
  type ShopSummary,
  type shopsQuery,
} from "#contract/shops";
import {
  REPLACEMENT_PART_PREFIX,
  SHOP_REQUEST_FIELD_INPUTS,
  shopRequestFieldLabel,
  shopRequestInputs,
  type ShopDocumentType,
  type ShopRequestInput,
  type ShopStatus,
} from "#contract/shop-labels";
import type { Db, Transaction } from "../../db/client.js";
import { products, shopDocuments, shopRequestCorrections, shops, users } from "../../db/schema.js";
import { FieldsError, HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { recordAudit } from "../audit/service.js";
import { announceCatalogueChange, catalogueChangedHere } from "../catalog/changes.js";
import { queueEventMail } from "../mail/event-mail.js";
import { mailRecipient } from "../mail/recipients.js";
import type { MailContext } from "../mail/render.js";
import { shopDecisionMail } from "../mail/templates/shop-decision.js";
import { shopRequestMail } from "../mail/templates/shop-request.js";
import { notify } from "../notifications/service.js";
import type { KeptDocument } from "./documents.js";
import { announceShopEvent, countPendingRequests } from "./events.js";
import { rifTaken } from "./rif.js";
import { shopOutcomeNotice, shopRequestNotice, type ShopOutcome } from "#contract/notification-texts";

/**
 * Shop requests and shops (issue 10, DESIGN.md section 3 "Shop request"). Every change runs in one
 * transaction with the shop's row locked (`for update`): the decision, its audit entry, the
 * notifications and the real-time events are committed together or not at all, and of two admins
 * deciding at once the second finds the request already decided. Locks are taken shop first, then
 * the owner's user row, everywhere.
 */

type ShopRow = typeof shops.$inferSelect;

// ---- Reading ------------------------------------------------------------------------------------

/** A document's columns without its bytes. */
const documentColumns = {
  id: shopDocuments.id,
  shopId: shopDocuments.shopId,
  fileName: shopDocuments.fileName,
  contentType: shopDocuments.contentType,
  sizeBytes: shopDocuments.sizeBytes,
  status: shopDocuments.status,
  note: shopDocuments.note,
  replacesId: shopDocuments.replacesId,
  createdAt: shopDocuments.createdAt,
};
type DocumentRow = Omit<typeof shopDocuments.$inferSelect, "fileKey">;

function toShopDocument(row: DocumentRow): ShopDocument {
  return {
    _id: row.id,
    fileName: row.fileName,
    // Stored only after detectDocumentType named it.
    contentType: row.contentType as ShopDocumentType,
    size: row.sizeBytes,
    status: row.status,
    note: row.note,
    replacesId: row.replacesId,
    createdAt: row.createdAt.toISOString(),
  };
}

const applicantColumns = { applicantName: users.name, applicantEmail: users.email };

function toSummaryBase(shop: ShopRow, applicant: { applicantName: string; applicantEmail: string }) {
  return {
    _id: shop.id,
    userId: shop.ownerId,
    applicant: { name: applicant.applicantName, email: applicant.applicantEmail },
    shopName: shop.name,
    slug: shop.slug,
    rif: shop.rif,
    country: shop.country,
    province: shop.province,
    city: shop.city,
    address: shop.address,
    location: shop.location,
    phone: shop.phone,
    status: shop.status,
    statusReason: shop.statusReason,
    createdAt: shop.createdAt.toISOString(),
    updatedAt: shop.updatedAt.toISOString(),
  };
}

type CorrectionRow = typeof shopRequestCorrections.$inferSelect;

/** The named inputs' values of `values`, for the history (the address's three lines together). */
function inputValues(values: Record<string, string>, inputs: readonly ShopRequestInput[]): Record<string, string> {
  return Object.fromEntries(inputs.map((input) => [input, values[input] ?? ""]));
}

function toVersion(row: CorrectionRow & { resubmittedAt: Date }): ShopRequestVersion {
  return {
    _id: row.id,
    requestedAt: row.createdAt.toISOString(),
    resubmittedAt: row.resubmittedAt.toISOString(),
    changes: row.fields.map(({ field, note }) => ({
      field,
      note,
      before: inputValues(row.before ?? {}, SHOP_REQUEST_FIELD_INPUTS[field]),
      after: inputValues(row.after ?? {}, SHOP_REQUEST_FIELD_INPUTS[field]),
    })),
  };
}

/**
 * One request whole: the shop's data, its applicant, the documents in force and the replaced ones,
 * the data the admin asked to correct and the versions its data went through.
 */
async function loadRequest(db: Db | Transaction, where: SQL): Promise<ShopRequest | null> {
  const [row] = await db
    .select({ shop: shops, ...applicantColumns })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(where);
  if (!row) return null;
  const documents = await db
    .select(documentColumns)
    .from(shopDocuments)
    .where(eq(shopDocuments.shopId, row.shop.id))
    .orderBy(asc(shopDocuments.createdAt), asc(shopDocuments.id));
  const corrections = await db
    .select()
    .from(shopRequestCorrections)
    .where(eq(shopRequestCorrections.shopId, row.shop.id))
    .orderBy(desc(shopRequestCorrections.createdAt), desc(shopRequestCorrections.id));
  const open = corrections.find((correction) => correction.resubmittedAt === null);
  return {
    ...toSummaryBase(row.shop, row),
    documents: documents.filter((document) => document.status !== "reemplazado").map(toShopDocument),
    history: documents
      .filter((document) => document.status === "reemplazado")
      .reverse()
      .map(toShopDocument),
    fieldsToFix: row.shop.status === "requiere_cambios" && open ? open.fields : [],
    versions: corrections
      .filter((correction): correction is CorrectionRow & { resubmittedAt: Date } => correction.resubmittedAt !== null)
      .filter((correction) => correction.fields.length > 0)
      .map(toVersion),
  };
}

/** The user's request, or null when they never applied. */
export function findRequestOf(db: Db, userId: string): Promise<ShopRequest | null> {
  return loadRequest(db, eq(shops.ownerId, userId));
}

/** The user's request for its owner or an admin; 404 for anyone else, as for a user without one. */
export async function requestFor(db: Db, viewer: AuthUser, userId: string): Promise<ShopRequest> {
  const request = viewer.id === userId || viewer.role === "admin" ? await findRequestOf(db, userId) : null;
  if (!request) throw new HttpError(404, SHOP_NOT_FOUND);
  return request;
}

const summarySelection = {
  shop: shops,
  ...applicantColumns,
  documentCount: sql<number>`(select count(*)::integer from ${shopDocuments} where ${shopDocuments.shopId} = ${shops.id} and ${shopDocuments.status} <> 'reemplazado')`,
  productCount: sql<number>`(select count(*)::integer from ${products} where ${products.shopId} = ${shops.id})`,
};

function toSummary(row: {
  shop: ShopRow;
  applicantName: string;
  applicantEmail: string;
  documentCount: number;
  productCount: number;
}): ShopSummary {
  return { ...toSummaryBase(row.shop, row), documentCount: row.documentCount, productCount: row.productCount };
}

/** The admins' queue: requests waiting for an admin or for the applicant, the longest waiting first. */
export async function pendingRequests(db: Db): Promise<{ requests: ShopSummary[]; totalPending: number }> {
  const [rows, totalPending] = await Promise.all([
    db
      .select(summarySelection)
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerId))
      .where(inArray(shops.status, ["pendiente", "requiere_cambios"]))
      .orderBy(asc(shops.updatedAt), asc(shops.id)),
    countPendingRequests(db),
  ]);
  return { requests: rows.map(toSummary), totalPending };
}

/** `%`, `_` and `\` typed in a search are literal characters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Every shop for the admins, by status and name or tax id, newest first. */
export async function listShops(db: Db, query: z.output<typeof shopsQuery>) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(shops.status, query.status));
  if (query.searchValue) {
    const pattern = `%${escapeLike(query.searchValue)}%`;
    conditions.push(or(ilike(shops.name, pattern), ilike(shops.rif, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(summarySelection)
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerId))
      .where(where)
      .orderBy(desc(shops.createdAt), desc(shops.id))
      .limit(query.parPage)
      .offset((query.page - 1) * query.parPage),
    db.select({ total: count() }).from(shops).where(where),
  ]);
  return { shops: rows.map(toSummary), totalShop: total!.total, page: query.page, parPage: query.parPage };
}

/**
 * A document's file (its key in the file store) for its owner or an admin; 404 for anyone else, as
 * for one that does not exist.
 */
export async function documentFor(db: Db, viewer: AuthUser, documentId: string) {
  const [row] = await db
    .select({
      fileName: shopDocuments.fileName,
      contentType: shopDocuments.contentType,
      fileKey: shopDocuments.fileKey,
      ownerId: shops.ownerId,
    })
    .from(shopDocuments)
    .innerJoin(shops, eq(shops.id, shopDocuments.shopId))
    .where(eq(shopDocuments.id, documentId));
  if (!row || (row.ownerId !== viewer.id && viewer.role !== "admin")) throw new HttpError(404, DOCUMENT_NOT_FOUND);
  return { fileName: row.fileName, contentType: row.contentType as ShopDocumentType, fileKey: row.fileKey };
}

// ---- Errors the database reports ----------------------------------------------------------------

/** The unique index a statement ran into (SQLSTATE 23505), searched through Drizzle's wrapping. */
export function violatedUniqueIndex(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
    current = current.cause;
  }
  return null;
}

// ---- Applying -----------------------------------------------------------------------------------

/** 409 when another shop took the same name's address between the check and the write. */
const SLUG_RACE = "Otra tienda con un nombre igual se registró en este momento. Envía la solicitud de nuevo.";

/** The shop's address in its URL: lower-case ASCII words joined by hyphens. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug === "" ? "tienda" : slug;
}

/** The name's slug, or the first free one of `slug-2`, `slug-3`…; `ownShopId`'s own slug counts as free. */
async function freeSlug(tx: Transaction, name: string, ownShopId: string | null): Promise<string> {
  const base = slugify(name);
  const rows = await tx
    .select({ slug: shops.slug })
    .from(shops)
    .where(
      and(
        or(eq(shops.slug, base), ilike(shops.slug, `${escapeLike(base)}-%`)),
        ownShopId ? ne(shops.id, ownShopId) : undefined,
      ),
    );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

/**
 * Stores documents in the order they were sent: each is stamped one millisecond after the previous
 * one (the transaction's now() would be the same for all, and PGlite's clock counts milliseconds),
 * so "oldest first" is the order of the form. Their files are in the file store already: the rows
 * carry only their keys.
 */
async function insertDocuments(
  tx: Transaction,
  shopId: string,
  documents: (KeptDocument & { replacesId?: string })[],
): Promise<void> {
  if (documents.length === 0) return;
  const start = Date.now();
  await tx.insert(shopDocuments).values(
    documents.map((document, index) => ({
      shopId,
      fileName: document.fileName,
      contentType: document.contentType,
      sizeBytes: document.file.sizeBytes,
      fileKey: document.file.key,
      replacesId: document.replacesId ?? null,
      createdAt: new Date(start + index),
    })),
  );
}

/** Every admin hears of a request to review: a notification and, unless they turned it off, a mail. */
async function notifyAdmins(
  tx: Transaction,
  request: { ownerId: string; shopName: string; applicantName: string; resent: boolean },
  mail: MailContext,
): Promise<void> {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
  const message = shopRequestNotice(request.shopName, request.applicantName, request.resent ? "reenviada" : "nueva");
  await notify(
    tx,
    admins.map((admin) => ({ userId: admin.id, type: "tienda" as const, message })),
  );
  for (const admin of admins)
    await queueEventMail(tx, mail, shopRequestMail(request, await mailRecipient(tx, admin.id), mail.publicWebUrl));
}

/**
 * A user's application, or their new one after a rejection (the same row back to 'pendiente', its
 * earlier documents kept as history). One shop per user and one shop per tax id: the unique indexes
 * decide between concurrent applications, and their refusals are answered like the checks'.
 */
export async function applyForShop(
  db: Db,
  applicant: AuthUser,
  application: ShopApplication,
  documents: KeptDocument[],
  mail: MailContext,
): Promise<ShopRequest> {
  try {
    const shopId = await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(shops).where(eq(shops.ownerId, applicant.id)).for("update");
      if (existing && existing.status !== "rechazada") throw new HttpError(409, SHOP_REQUEST_EXISTS);
      if (await rifTaken(tx, application.rif, existing?.id ?? null))
        throw new FieldsError(409, [{ field: "rif", message: RIF_TAKEN }]);

      const values = {
        name: application.shopName,
        slug:
          existing?.name === application.shopName
            ? existing.slug
            : await freeSlug(tx, application.shopName, existing?.id ?? null),
        rif: application.rif,
        country: application.country,
        province: application.province,
        city: application.city,
        address: application.address,
        location: shopLocation(application),
        phone: application.phone,
        status: "pendiente" as const,
        statusReason: null,
        approvedAt: null,
        updatedAt: sql`now()`,
      };
      let id: string;
      if (existing) {
        await tx.update(shops).set(values).where(eq(shops.id, existing.id));
        // The rejected request's documents stay as its history; the new ones are in force.
        await tx
          .update(shopDocuments)
          .set({ status: "reemplazado" })
          .where(and(eq(shopDocuments.shopId, existing.id), ne(shopDocuments.status, "reemplazado")));
        id = existing.id;
      } else {
        const [inserted] = await tx
          .insert(shops)
          .values({ ...values, ownerId: applicant.id })
          .returning({ id: shops.id });
        id = inserted!.id;
      }
      await insertDocuments(tx, id, documents);
      const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, applicant.id));
      await notifyAdmins(
        tx,
        { ownerId: applicant.id, shopName: application.shopName, applicantName: owner!.name, resent: false },
        mail,
      );
      await announceShopEvent(tx, { kind: "request" });
      return id;
    });
    return (await loadRequest(db, eq(shops.id, shopId)))!;
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === "shops_rif_unique") throw new FieldsError(409, [{ field: "rif", message: RIF_TAKEN }]);
    if (index === "shops_owner_unique") throw new HttpError(409, SHOP_REQUEST_EXISTS);
    if (index === "shops_slug_unique") throw new HttpError(409, SLUG_RACE);
    throw error;
  }
}

// ---- Deciding -----------------------------------------------------------------------------------

/** What a decision answers: the request as it is now, and what the applicant is told. */
export interface Decided {
  request: ShopRequest;
  outcome: ShopOutcome;
}

async function lockShop(tx: Transaction, where: SQL): Promise<ShopRow> {
  const [shop] = await tx.select().from(shops).where(where).for("update");
  if (!shop) throw new HttpError(404, SHOP_NOT_FOUND);
  return shop;
}

/**
 * The shop an admin decides on, locked: never their own (issue 31). Its request, suspension and
 * reactivation are another admin's to decide, so no one approves or reopens the shop they sell in.
 */
async function lockShopToDecide(tx: Transaction, actor: AuthUser, where: SQL): Promise<ShopRow> {
  const shop = await lockShop(tx, where);
  if (shop.ownerId === actor.id) throw new HttpError(403, OWN_SHOP_DECISION);
  return shop;
}

/**
 * Writes the decision's consequences shared by every kind: the audit entry, the applicant's
 * notification, mail and `shopApproval`, and `shopRequest` for the admins when the queue moved.
 * The mail is queued here, in the decision's transaction: it exists exactly when the decision does.
 */
async function recordDecision(
  tx: Transaction,
  shop: ShopRow,
  mail: MailContext,
  decision: {
    actor: AuthUser;
    action: AuditAction;
    after: Record<string, unknown>;
    reason?: string | null;
    outcome: ShopOutcome;
    status: ShopStatus;
  },
): Promise<void> {
  await recordAudit(tx, {
    actorId: decision.actor.id,
    action: decision.action,
    entity: "tienda",
    entityId: shop.id,
    before: { status: shop.status, statusReason: shop.statusReason },
    after: decision.after,
    reason: decision.reason ?? null,
  });
  await notify(tx, [{ userId: shop.ownerId, type: "tienda", message: shopOutcomeNotice(shop.name, decision.outcome) }]);
  await queueEventMail(
    tx,
    mail,
    shopDecisionMail(shop.name, decision.outcome, await mailRecipient(tx, shop.ownerId), mail.publicWebUrl),
  );
  await announceShopEvent(tx, { kind: "approval", userId: shop.ownerId, status: decision.status });
  if (shop.status === "pendiente" || decision.status === "pendiente") await announceShopEvent(tx, { kind: "request" });
}

/** Access tokens of the user issued until now are refused: the web refreshes and reads the role and shop anew. */
async function makeTokensStale(tx: Transaction, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ tokensValidAfter: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * POST /shop/approved/:userId: approves (the user becomes a seller; an admin stays an admin) or
 * rejects with a reason. Only a 'pendiente' request is decided: the second of two decisions, or one
 * on a request waiting for its applicant, answers 409.
 */
export async function decideRequest(
  db: Db,
  actor: AuthUser,
  userId: string,
  decision: ShopDecisionBody,
  mail: MailContext,
): Promise<Decided> {
  const reason = decision.approved ? null : (decision.reason ?? NEUTRAL_REJECTION_REASON);
  const outcome: ShopOutcome = reason === null ? { kind: "aprobada" } : { kind: "rechazada", reason };
  const shopId = await db.transaction(async (tx) => {
    const shop = await lockShopToDecide(tx, actor, eq(shops.ownerId, userId));
    if (shop.status !== "pendiente") throw new HttpError(409, SHOP_ALREADY_DECIDED);
    if (decision.approved) {
      await tx
        .update(shops)
        .set({ status: "aprobada", statusReason: null, approvedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(shops.id, shop.id));
      await tx
        .update(shopDocuments)
        .set({ status: "aceptado", note: null })
        .where(and(eq(shopDocuments.shopId, shop.id), ne(shopDocuments.status, "reemplazado")));
      await tx
        .update(users)
        .set({ role: "seller" })
        .where(and(eq(users.id, shop.ownerId), eq(users.role, "customer")));
      await makeTokensStale(tx, shop.ownerId);
    } else {
      await tx
        .update(shops)
        .set({ status: "rechazada", statusReason: reason, updatedAt: sql`now()` })
        .where(eq(shops.id, shop.id));
    }
    const status = decision.approved ? "aprobada" : "rechazada";
    await recordDecision(tx, shop, mail, {
      actor,
      action: decision.approved ? "tienda.aprobar" : "tienda.rechazar",
      // A rejection without a reason (SPEC.md section 7 sends none) says so in the log.
      after:
        reason === null
          ? { status, statusReason: null }
          : { status, statusReason: reason, reasonGiven: decision.reason !== undefined },
      reason,
      outcome,
      status,
    });
    return shop.id;
  });
  return { request: (await loadRequest(db, eq(shops.id, shopId)))!, outcome };
}

/**
 * POST /shop/request-changes/:userId: the named data are to be corrected (each with its note, if
 * any) and the named documents replaced (each with its note), the other documents in force are
 * accepted, and the request waits for its applicant ('requiere_cambios'). What was named is kept
 * in `shop_request_corrections` until the applicant sends the request again.
 */
export async function requestChanges(
  db: Db,
  actor: AuthUser,
  userId: string,
  body: RequestChangesBody,
  mail: MailContext,
): Promise<Decided> {
  let outcome: ShopOutcome | null = null;
  const shopId = await db.transaction(async (tx) => {
    const shop = await lockShopToDecide(tx, actor, eq(shops.ownerId, userId));
    if (shop.status !== "pendiente") throw new HttpError(409, SHOP_ALREADY_DECIDED);
    const inForce = await tx
      .select({ id: shopDocuments.id, fileName: shopDocuments.fileName })
      .from(shopDocuments)
      .where(and(eq(shopDocuments.shopId, shop.id), ne(shopDocuments.status, "reemplazado")));
    const byId = new Map(inForce.map((document) => [document.id, document]));
    const seen = new Set<string>();
    const errors: FieldError[] = [];
    body.documents.forEach((document, index) => {
      if (!byId.has(document.documentId) || seen.has(document.documentId))
        errors.push({ field: `documents.${index}.documentId`, message: DOCUMENT_NOT_IN_REQUEST });
      seen.add(document.documentId);
    });
    body.fields.forEach((named, index) => {
      if (body.fields.findIndex((other) => other.field === named.field) !== index)
        errors.push({ field: `fields.${index}.field`, message: "Ese dato ya está en la lista." });
    });
    if (errors.length > 0) throw new FieldsError(400, errors);
    await tx.insert(shopRequestCorrections).values({ shopId: shop.id, requestedBy: actor.id, fields: body.fields });

    for (const document of body.documents) {
      await tx
        .update(shopDocuments)
        .set({ status: "requiere_cambios", note: document.note })
        .where(eq(shopDocuments.id, document.documentId));
    }
    const accepted = inForce.filter((document) => !seen.has(document.id)).map((document) => document.id);
    if (accepted.length > 0)
      await tx.update(shopDocuments).set({ status: "aceptado", note: null }).where(inArray(shopDocuments.id, accepted));
    await tx
      .update(shops)
      .set({ status: "requiere_cambios", statusReason: null, updatedAt: sql`now()` })
      .where(eq(shops.id, shop.id));

    const named = body.documents.map((document) => ({
      documentId: document.documentId,
      fileName: byId.get(document.documentId)!.fileName,
      note: document.note,
    }));
    const fields = body.fields.map(({ field, note }) => ({ label: shopRequestFieldLabel(field, shop.country), note }));
    outcome = { kind: "requiere_cambios", fields, documents: named };
    await recordDecision(tx, shop, mail, {
      actor,
      action: "tienda.pedir_cambios",
      // The data appear only when some were named, so an entry on documents alone reads as before.
      after: {
        status: "requiere_cambios",
        ...(body.fields.length > 0 ? { fields: body.fields } : {}),
        documents: named,
      },
      outcome,
      status: "requiere_cambios",
    });
    return shop.id;
  });
  return { request: (await loadRequest(db, eq(shops.id, shopId)))!, outcome: outcome! };
}

/** What the applicant sends again: the named data as the form's text parts, the new files by the document each replaces. */
export interface Resubmission {
  fields: Record<string, string>;
  replacements: { documentId: string; document: KeptDocument }[];
  /** Files already refused while they arrived (by content): answered with the rest. */
  partErrors: FieldError[];
  /** Commits the new files to the file store: called once everything is accepted, before their rows. */
  keepFiles: () => Promise<void>;
}

/** The order of the confirmation form, so the answer's errors read top to bottom. */
const RESUBMISSION_ORDER: readonly string[] = ["shopName", "province", "city", "address", "phone", "rif"];
const byResubmissionOrder = (a: FieldError, b: FieldError) =>
  (RESUBMISSION_ORDER.indexOf(a.field) + 1 || RESUBMISSION_ORDER.length + 1) -
  (RESUBMISSION_ORDER.indexOf(b.field) + 1 || RESUBMISSION_ORDER.length + 1);

/**
 * POST /shop/replace-documents/:userId (issue 34, decision 0047): the applicant sends at once every
 * datum and document the admin named. The data are checked as in the application (tax id and phone
 * for the country, the tax id unique); a datum that was not named is refused. Each new file takes
 * the place of the document it replaces, which stays as history ('reemplazado'); the data's values
 * before and after are kept with the admin's request; the request is back in the admins' queue
 * ('pendiente'), and the resubmission is audited. Everything runs with the shop's row locked, so
 * an admin's decision and a second resubmission wait and then find the request as it now is.
 */
export async function resubmitRequest(
  db: Db,
  owner: AuthUser,
  sent: Resubmission,
  mail: MailContext,
): Promise<ShopRequest> {
  try {
    const shopId = await db.transaction(async (tx) => {
      const shop = await lockShop(tx, eq(shops.ownerId, owner.id));
      if (shop.status !== "requiere_cambios") throw new HttpError(409, NOTHING_TO_CHANGE);
      const [open] = await tx
        .select()
        .from(shopRequestCorrections)
        .where(and(eq(shopRequestCorrections.shopId, shop.id), isNull(shopRequestCorrections.resubmittedAt)));
      const named = (open?.fields ?? []).map((entry) => entry.field);
      const toReplace = await tx
        .select({ id: shopDocuments.id, fileName: shopDocuments.fileName })
        .from(shopDocuments)
        .where(and(eq(shopDocuments.shopId, shop.id), eq(shopDocuments.status, "requiere_cambios")));
      if (named.length === 0 && toReplace.length === 0) throw new HttpError(409, NOTHING_TO_CHANGE);

      const errors: FieldError[] = [...sent.partErrors];
      const inputs = shopRequestInputs(named);
      for (const name of Object.keys(sent.fields))
        if (!(inputs as string[]).includes(name)) errors.push({ field: name, message: FIELD_NOT_TO_CHANGE });
      const checked = shopCorrectionFields(named, shop).safeParse(sent.fields);
      if (!checked.success)
        for (const issue of checked.error.issues) {
          const field = String(issue.path[0] ?? "");
          if (!errors.some((error) => error.field === field)) errors.push({ field, message: issue.message });
        }
      const wanted = new Set(toReplace.map((document) => document.id));
      const seen = new Set<string>();
      for (const { documentId } of sent.replacements) {
        if (!wanted.has(documentId) || seen.has(documentId))
          errors.push({ field: `${REPLACEMENT_PART_PREFIX}${documentId}`, message: DOCUMENT_NOT_TO_REPLACE });
        seen.add(documentId);
      }
      for (const document of toReplace)
        if (
          !seen.has(document.id) &&
          !errors.some((error) => error.field === `${REPLACEMENT_PART_PREFIX}${document.id}`)
        )
          errors.push({ field: `${REPLACEMENT_PART_PREFIX}${document.id}`, message: REPLACEMENT_MISSING });
      const correction = checked.success ? checked.data : {};
      if (errors.length === 0 && correction.rif !== undefined) {
        if (await rifTaken(tx, correction.rif, shop.id)) errors.push({ field: "rif", message: RIF_TAKEN });
      }
      if (errors.length > 0) throw new FieldsError(400, errors.sort(byResubmissionOrder));

      const current: Record<ShopRequestInput, string> = {
        shopName: shop.name,
        province: shop.province,
        city: shop.city,
        address: shop.address,
        phone: shop.phone,
        rif: shop.rif,
      };
      const next = { ...current, ...correction };
      const before = inputValues(current, inputs);
      const after = inputValues(next, inputs);
      await sent.keepFiles();
      await tx
        .update(shops)
        .set({
          name: next.shopName,
          slug: next.shopName === shop.name ? shop.slug : await freeSlug(tx, next.shopName, shop.id),
          rif: next.rif,
          province: next.province,
          city: next.city,
          address: next.address,
          location: shopLocation({ ...next, country: shop.country }),
          phone: next.phone,
          status: "pendiente",
          updatedAt: sql`now()`,
        })
        .where(eq(shops.id, shop.id));
      if (seen.size > 0)
        await tx
          .update(shopDocuments)
          .set({ status: "reemplazado" })
          .where(inArray(shopDocuments.id, [...seen]));
      await insertDocuments(
        tx,
        shop.id,
        sent.replacements.map(({ documentId, document }) => ({ ...document, replacesId: documentId })),
      );
      if (open)
        await tx
          .update(shopRequestCorrections)
          .set({ resubmittedAt: sql`now()`, before, after })
          .where(eq(shopRequestCorrections.id, open.id));
      const replaced = toReplace.map((document) => ({ documentId: document.id, fileName: document.fileName }));
      await recordAudit(tx, {
        actorId: owner.id,
        action: "tienda.reenviar",
        entity: "tienda",
        entityId: shop.id,
        before: { status: shop.status, ...before },
        after: { status: "pendiente", ...after, replaced },
        reason: null,
      });
      const [applicant] = await tx.select({ name: users.name }).from(users).where(eq(users.id, owner.id));
      await notifyAdmins(
        tx,
        { ownerId: owner.id, shopName: next.shopName, applicantName: applicant!.name, resent: true },
        mail,
      );
      await announceShopEvent(tx, { kind: "request" });
      return shop.id;
    });
    return (await loadRequest(db, eq(shops.id, shopId)))!;
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === "shops_rif_unique") throw new FieldsError(409, [{ field: "rif", message: RIF_TAKEN }]);
    if (index === "shops_slug_unique") throw new HttpError(409, SLUG_RACE);
    throw error;
  }
}

/**
 * POST /admin/shops/:shopId/suspend: an approved shop stops selling. Its owner keeps the seller
 * role (the shop's status says what they may do) and their access tokens go stale, so their pages
 * stop offering seller actions at once.
 */
export async function suspendShop(
  db: Db,
  actor: AuthUser,
  shopId: string,
  reason: string,
  mail: MailContext,
): Promise<Decided> {
  const outcome: ShopOutcome = { kind: "suspendida", reason };
  await db.transaction(async (tx) => {
    const shop = await lockShopToDecide(tx, actor, eq(shops.id, shopId));
    if (shop.status !== "aprobada") throw new HttpError(409, SHOP_NOT_APPROVED);
    await tx
      .update(shops)
      .set({ status: "suspendida", statusReason: reason, updatedAt: sql`now()` })
      .where(eq(shops.id, shop.id));
    await makeTokensStale(tx, shop.ownerId);
    await recordDecision(tx, shop, mail, {
      actor,
      action: "tienda.suspender",
      after: { status: "suspendida", statusReason: reason },
      reason,
      outcome,
      status: "suspendida",
    });
    // Its products leave the catalogue: every instance drops the totals and suggestions it keeps.
    await announceCatalogueChange(tx);
  });
  catalogueChangedHere();
  return { request: (await loadRequest(db, eq(shops.id, shopId)))!, outcome };
}

/** POST /admin/shops/:shopId/reactivate: a suspended shop sells again. */
export async function reactivateShop(db: Db, actor: AuthUser, shopId: string, mail: MailContext): Promise<Decided> {
  const outcome: ShopOutcome = { kind: "reactivada" };
  await db.transaction(async (tx) => {
    const shop = await lockShopToDecide(tx, actor, eq(shops.id, shopId));
    if (shop.status !== "suspendida") throw new HttpError(409, SHOP_NOT_SUSPENDED);
    // A blocked owner's shop stays suspended: unblocking them is what brings it back (decision 0051).
    const [owner] = await tx.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, shop.ownerId));
    if (owner?.blockedAt) throw new HttpError(409, SHOP_OWNER_BLOCKED);
    await tx
      .update(shops)
      .set({ status: "aprobada", statusReason: null, updatedAt: sql`now()` })
      .where(eq(shops.id, shop.id));
    await makeTokensStale(tx, shop.ownerId);
    await recordDecision(tx, shop, mail, {
      actor,
      action: "tienda.reactivar",
      after: { status: "aprobada", statusReason: null },
      outcome,
      status: "aprobada",
    });
    await announceCatalogueChange(tx);
  });
  catalogueChangedHere();
  return { request: (await loadRequest(db, eq(shops.id, shopId)))!, outcome };
}

/**
 * PUT /user/activate-seller (docs/decisions/0009): the user's role once their shop is approved,
 * made 'seller' if it was 'customer' (their other sessions' tokens then go stale); 409 without an
 * approved shop. An admin keeps their role.
 */
export async function activateSeller(db: Db, userId: string): Promise<Role> {
  return db.transaction(async (tx) => {
    const [shop] = await tx.select({ status: shops.status }).from(shops).where(eq(shops.ownerId, userId)).for("share");
    if (shop?.status !== "aprobada") throw new HttpError(409, NO_APPROVED_SHOP);
    const [changed] = await tx
      .update(users)
      .set({ role: "seller", tokensValidAfter: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.role, "customer")))
      .returning({ role: users.role });
    if (changed) return changed.role;
    const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
    if (!user) throw new HttpError(404, "Usuario no encontrado.");
    return user.role;
  });
}
