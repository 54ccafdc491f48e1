import type { FastifyInstance } from "fastify";
import type { FieldError } from "#contract/http";
import {
  DOCUMENTS_MISSING,
  SELLER_ACTIVATED,
  SHOP_APPROVED,
  SHOP_CHANGES_REQUESTED,
  SHOP_REACTIVATED,
  SHOP_REJECTED,
  SHOP_REQUEST_SENT,
  SHOP_SUSPENDED,
  shopApplicationFields,
  shopEndpoints as endpoints,
} from "#contract/shops";
import { SHOP_DOCUMENTS_MAX, type ShopDocumentType } from "#contract/shop-labels";
import type { Db } from "../../db/client.js";
import { FieldsError } from "../../http-error.js";
import { route } from "../../route.js";
import { adminOnly, currentUser, requireSelf, requireSelfOrAdmin } from "../accounts/auth.js";
import type { Mailer } from "../accounts/mail.js";
import { signAccessToken, type AuthUser } from "../accounts/tokens.js";
import { DOCUMENTS_PART, readDocumentParts, REPLACEMENTS_MAX, replacedDocumentId } from "./documents.js";
import { outcomeMail } from "./notices.js";
import {
  activateSeller,
  applyForShop,
  decideRequest,
  documentFor,
  findRequestOf,
  listShops,
  pendingRequests,
  reactivateShop,
  replaceDocuments,
  requestChanges,
  requestFor,
  suspendShop,
  type Decided,
} from "./service.js";

export interface ShopRoutesOptions {
  db: Db;
  mailer: Mailer;
  publicWebUrl: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
}

/** The form's fields in the order the form shows them, so the answer's errors read top to bottom. */
const FORM_ORDER = ["shopName", "rif", "country", "province", "city", "address", "phone", DOCUMENTS_PART];
const byFormOrder = (a: FieldError, b: FieldError) => FORM_ORDER.indexOf(a.field) - FORM_ORDER.indexOf(b.field);

/**
 * A document is a file to keep, never a page to run (README, "Shops API"): nothing in it may run
 * (a sandboxed CSP that loads nothing), the browser may not guess another type, and no cache keeps it.
 * PDFs download as attachments; images may be shown inline (the admin's request page).
 */
const DOCUMENT_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], sandbox: [] },
  },
};

/** `attachment` or `inline`, with the name in ASCII and in UTF-8 (RFC 6266). */
function contentDisposition(fileName: string, type: ShopDocumentType): string {
  const kind = type === "application/pdf" ? "attachment" : "inline";
  const ascii =
    fileName
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "") || "documento";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Shop requests, decisions and shops (issue 10; SPEC.md section 7 "Shop authorization"). */
export async function shopRoutes(app: FastifyInstance, opts: ShopRoutesOptions) {
  const { db, mailer } = opts;
  const accessToken = (user: AuthUser) =>
    signAccessToken(user, { secret: opts.jwtSecret, ttlSeconds: opts.accessTokenTtlSeconds });
  /** The applicant's e-mail, sent once the decision is committed. */
  const mailApplicant = (decided: Decided) =>
    mailer.sendLater(async () => outcomeMail(decided.request, decided.outcome, opts.publicWebUrl));
  const admin = { onRequest: [app.authenticate, adminOnly] };

  route(app, endpoints.apply, { onRequest: app.authenticate, rateLimit: "upload" }, async (request, reply) => {
    const user = requireSelf(request, request.params.userId);
    const parts = await readDocumentParts(request, {
      isFilePart: (name) => name === DOCUMENTS_PART,
      filesField: DOCUMENTS_PART,
      maxFiles: SHOP_DOCUMENTS_MAX,
    });
    const errors: FieldError[] = [...parts.errors];
    const fields = shopApplicationFields.safeParse(parts.fields);
    if (!fields.success) {
      for (const issue of fields.error.issues) {
        const field = String(issue.path[0] ?? "");
        if (!errors.some((error) => error.field === field)) errors.push({ field, message: issue.message });
      }
    }
    if (parts.files.length === 0 && !errors.some((error) => error.field === DOCUMENTS_PART))
      errors.push({ field: DOCUMENTS_PART, message: DOCUMENTS_MISSING });
    if (errors.length > 0 || !fields.success) throw new FieldsError(400, errors.sort(byFormOrder));

    const shopRequest = await applyForShop(
      db,
      user,
      fields.data,
      parts.files.map((file) => file.document),
    );
    reply.status(201);
    return { message: SHOP_REQUEST_SENT, token: await accessToken(user), request: shopRequest };
  });

  route(app, endpoints.myRequest, { onRequest: app.authenticate }, async (request) => ({
    request: await findRequestOf(db, currentUser(request).id),
  }));

  route(app, endpoints.request, { onRequest: app.authenticate }, async (request) => ({
    request: await requestFor(db, currentUser(request), request.params.userId),
  }));

  route(app, endpoints.replaceDocuments, { onRequest: app.authenticate, rateLimit: "upload" }, async (request) => {
    const owner = requireSelf(request, request.params.userId);
    const parts = await readDocumentParts(request, {
      isFilePart: (name) => replacedDocumentId(name) !== null,
      filesField: DOCUMENTS_PART,
      maxFiles: REPLACEMENTS_MAX,
    });
    if (parts.errors.length > 0) throw new FieldsError(400, parts.errors);
    const replaced = await replaceDocuments(
      db,
      owner,
      parts.files.map((file) => ({ documentId: replacedDocumentId(file.fieldname)!, document: file.document })),
    );
    return { request: replaced.request };
  });

  route(app, endpoints.document, { onRequest: app.authenticate, helmet: DOCUMENT_HEADERS }, async (request, reply) => {
    const document = await documentFor(db, currentUser(request), request.params.documentId);
    return reply
      .header("cache-control", "private, no-store")
      .header("content-disposition", contentDisposition(document.fileName, document.contentType))
      .type(document.contentType)
      .send(document.data);
  });

  route(app, endpoints.pending, admin, async () => pendingRequests(db));

  route(app, endpoints.list, admin, async (request) => listShops(db, request.query));

  route(app, endpoints.decide, admin, async (request) => {
    const decided = await decideRequest(db, currentUser(request), request.params.userId, request.body);
    mailApplicant(decided);
    return { message: request.body.approved ? SHOP_APPROVED : SHOP_REJECTED, request: decided.request };
  });

  route(app, endpoints.requestChanges, admin, async (request) => {
    const decided = await requestChanges(db, currentUser(request), request.params.userId, request.body);
    mailApplicant(decided);
    return { message: SHOP_CHANGES_REQUESTED, request: decided.request };
  });

  route(app, endpoints.suspend, admin, async (request) => {
    const decided = await suspendShop(db, currentUser(request), request.params.shopId, request.body.reason);
    mailApplicant(decided);
    return { message: SHOP_SUSPENDED, request: decided.request };
  });

  route(app, endpoints.reactivate, admin, async (request) => {
    const decided = await reactivateShop(db, currentUser(request), request.params.shopId);
    mailApplicant(decided);
    return { message: SHOP_REACTIVATED, request: decided.request };
  });

  route(app, endpoints.activateSeller, { onRequest: app.authenticate }, async (request) => {
    const caller = requireSelfOrAdmin(request, request.body.userId);
    const role = await activateSeller(db, request.body.userId);
    // The token is the caller's own: an admin switching someone else gets no token of theirs (that
    // user's old tokens went stale, so their next page carries the new role).
    const token = await accessToken(caller.id === request.body.userId ? { id: caller.id, role } : caller);
    return { message: SELLER_ACTIVATED, token };
  });
}
