import type { FastifyInstance } from "fastify";
import type { FieldError } from "#contract/http";
import type { MailContext } from "../mail/render.js";
import {
  DOCUMENT_NOT_FOUND,
  DOCUMENTS_MISSING,
  SELLER_ACTIVATED,
  SHOP_APPROVED,
  SHOP_CHANGES_REQUESTED,
  SHOP_REACTIVATED,
  SHOP_REJECTED,
  SHOP_REQUEST_SENT,
  SHOP_SUSPENDED,
  parseShopApplication,
  shopEndpoints as endpoints,
} from "#contract/shops";
import { SHOP_DOCUMENTS_MAX, type ShopDocumentType } from "#contract/shop-labels";
import type { Db } from "../../db/client.js";
import { openStoredFile } from "../../files/serve.js";
import type { FileStore } from "../../files/store.js";
import { FieldsError, HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { adminOnly, currentUser, requireSelf, requireSelfOrAdmin } from "../accounts/auth.js";
import type { Mailer } from "../mail/outbox.js";
import { signAccessToken, type AuthUser } from "../accounts/tokens.js";
import { DOCUMENTS_PART, readDocumentParts, REPLACEMENTS_MAX, replacedDocumentId } from "./documents.js";
import {
  activateSeller,
  applyForShop,
  decideRequest,
  documentFor,
  findRequestOf,
  listShops,
  pendingRequests,
  reactivateShop,
  requestChanges,
  resubmitRequest,
  requestFor,
  suspendShop,
} from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "shops",
  description:
    "Shop requests, the admins' decisions, suspensions and the seller role (issue 10; SPEC.md section 7 " +
    '"Shop authorization"). Shapes (inputs, answers, statuses, limits and messages): `contract/shops.ts` ' +
    "(statuses and countries by name: `contract/shop-labels.ts`). Every call needs `Authorization: " +
    "Bearer <access token>`. The public shop pages are in section *catalog*.\n\n" +
    "**A request** (`request`) is `{_id, userId, applicant: {name, email}, shopName, slug, rif, country, " +
    "province, city, address, location, phone, status, statusReason, createdAt, updatedAt, documents, " +
    "history, fieldsToFix, versions}`: `documents` are the ones in force (oldest first), `history` the " +
    "replaced ones (newest first), each `{_id, fileName, contentType, size, status, note, replacesId, " +
    "createdAt}`; `fieldsToFix` the data an admin asked to correct while the request waits for its " +
    "applicant (`[{field, note}]`, `field` one of `shopName`, `address`, `phone`, `rif`), `versions` each " +
    "correction sent (newest first, `{_id, requestedAt, resubmittedAt, changes: [{field, note, before, " +
    "after}]}`, decision 0047). Statuses: " +
    "`pendiente` (waits for an admin), `requiere_cambios` (waits for the applicant), `aprobada`, " +
    "`rechazada` (with its reason; the user may apply again), `suspendida` (with its reason). Documents: " +
    "`enviado`, `aceptado`, `requiere_cambios` (with the admin's note), `reemplazado` (kept as history). " +
    "Only an `aprobada` shop sells.\n\n" +
    "**Refusals.** 401 without a valid token; 403 `No tienes permiso para esta acción.` for a role or a " +
    "user that may not call (customers and sellers on every admin call); 404 `Tienda no encontrada.` / " +
    "`Documento no encontrado.`. A decision (approve, reject, request changes) takes only a `pendiente` " +
    "request: anything else, the second of two admins deciding at once included, is 409 `Esta solicitud " +
    "ya se decidió; recarga la página para ver su estado.`; suspending a shop that is not `aprobada` and " +
    "reactivating one that is not `suspendida` are 409 too. An admin never decides on their own shop " +
    "(its request, suspension or reactivation): 403 `Es tu propia tienda: otro administrador debe decidir " +
    "sobre ella.` (issue 31). Field errors answer 400 with `errors: " +
    "[{field, message}]`, the field named as the form names it (`shopName`, `rif`, `country`, " +
    "`province`, `city`, `address`, `phone`, `documents`, `reemplazo:<id>`), all of them at once.\n\n" +
    "**Tax id and phone.** The tax id is checked for the country (the RIF's SENIAT check digit, the " +
    "NIF/CIF's control character, the EIN's IRS prefix) and the phone with libphonenumber; both are " +
    "stored in their usual written form (`J-12345678-4`, `B12345674`, `12-3456789`, `+58 212 2854410`), " +
    "so a tax id already used by another shop is refused however it is written: 409 `Ese identificador " +
    "fiscal ya lo usa otra tienda.` on `rif` (the unique index decides between two applications at once).\n\n" +
    "**Documents.** 1 to 5 documents of at most 5 MB each, PDF, JPG, PNG or WebP judged by their first " +
    "bytes (`%PDF-`, `FF D8 FF`, PNG's signature, `RIFF….WEBP`), never by their name or declared type; " +
    "the stored name gets the extension of the real type. Parts are read with @fastify/multipart's " +
    "limits: a file past 5 MB is cut off while it arrives (413 `Cada documento puede tener como máximo 5 " +
    "MB.` on its field, nothing held whole), a sixth file is refused before it is read (400), and a " +
    "refused type (a program renamed `.pdf`) answers 400 `Solo se aceptan documentos PDF, JPG, PNG o " +
    "WebP (se comprueba su contenido, no su nombre).`; in every case nothing is saved. An empty file " +
    "part (a file input left empty) is ignored. Documents are stored as sent, never decoded, so they do " +
    "not go through the image queue: each streams to a temporary file as it arrives, and once the request is " +
    "accepted it is kept in the file store (`FILES_DIR`, decision 0036) before its row is written; the " +
    "database holds only its name, type, size and key, never its bytes, and `GET /shop/document/{id}` " +
    "streams it back. Applications and replacements count against the `upload` rate limit.\n\n" +
    "**Consistency.** Every change runs in one transaction with the shop's row locked (`select … for " +
    "update`): the decision, its audit entry (`recordAudit(tx, entry)`, " +
    "`api/src/modules/audit/service.ts`: who, what, on which record, the status before and after, the " +
    "reason, when), the notifications (`tienda`) and the real-time events are committed together or not " +
    "at all. `tests/api/shops-postgres.test.ts` has ten admins decide at once on PostgreSQL (one " +
    "decision, one audit entry, one notice) and a suspension race an approval. The applicant also gets " +
    "an e-mail (kind `shop-decision`, written to the outbox in the decision's transaction) linking to " +
    "`PUBLIC_WEB_URL/dashboard/shop/confirmation` when the request is approved, rejected or needs " +
    "changes, and when the shop is suspended or reactivated.\n\n" +
    "**Roles and tokens** (decision 0009). Approving, suspending and reactivating (and `activate-seller` " +
    "when it changes the role) set `users.tokens_valid_after`; `app.authenticate` refuses (401) an " +
    "access token whose `iat` is earlier, in whole seconds, so the web refreshes once (the refresh token " +
    "is untouched) and the new access token carries the role as it is now. A token issued within the " +
    "decision's own second still passes: `iat` has no finer grain, and the token the refresh answers at " +
    "once must.\n\n" +
    "**Live events.** A decision announces `shopRequest` `{totalPending, token}` to every admin and " +
    "`shopApproval` `{status, token}` to the applicant once it commits, `token` a fresh access token of " +
    "the user it reaches (none for a socket that connected with `accessTokens: false`; " +
    "docs/api/real-time.md). The seed adds " +
    "one pending request (`solicitante@mercadopadel.test`, a PDF and a PNG made at seed time), so a " +
    "fresh store's queue is not empty.\n\n" +
    "**A shop that stops selling.** The products of a shop that is pending, rejected or suspended leave " +
    "every catalogue call; `GET /home/get-product/{slug}` still answers them with `available: false`. " +
    "Their cart lines are listed apart as unavailable, cannot be raised or added, and placing an order " +
    "checks the shops with their rows locked, so an order placed while a suspension commits waits for it " +
    "and leaves those lines out.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  apply: {
    summary: "Apply for a shop",
    description:
      "The user themself (403 for anyone else, admins too). Multipart: the fields `shopName`, `rif`, " +
      "`country` (`ES`, `US`, `VE`), `province`, `city`, `address`, `phone`, and 1 to 5 files in the " +
      "repeated part `documents`. SPEC.md section 7's form is accepted too: `location` (the place in one " +
      "line, kept as the address, city and province empty) instead of the three address fields, and " +
      "`country` left out when the tax id's form tells it (a RIF: `VE`; a NIF or CIF: `ES`; an EIN: `US`). 201 `{message, token, request}` (`token`: a fresh access token of the " +
      "caller, role unchanged). A user whose request was rejected applies again: the same row back to " +
      "`pendiente`, the old documents to the history. An application from a user who already has a request " +
      "that was not rejected is 409 `Ya tienes una solicitud de tienda; …`. Admins get a notification " +
      "(`tienda`) and `shopRequest`.",
  },
  myRequest: {
    summary: "The caller's shop request",
    description: "Anyone signed in: `{request}`, or `{request: null}`.",
  },
  request: {
    summary: "A user's shop request",
    description: "The owner or an admin (404 for anyone else): `{request}`.",
  },
  replaceDocuments: {
    summary: "Send the request again with the changes an admin asked for",
    description:
      "The owner (issue 34, decision 0047). Multipart, everything the admin named at once: the corrected " +
      "data as text parts by the application's names (`shopName`; `province`, `city` and `address` for " +
      "the address; `phone`; `rif`), checked as in the application (tax id and phone for the request's " +
      "country, which does not change), and one file per part named `reemplazo:<documentId>` for each " +
      "document in `requiere_cambios`; the old one becomes `reemplazado` and the new one names it in " +
      "`replacesId`. 400 with every fault at once: a datum that was not named `Ese dato no es uno de los " +
      "que hay que corregir.`, a named one missing or invalid with the application's message, a document " +
      "that is not to be replaced or missing; a tax id another shop uses is `Ese identificador fiscal ya " +
      "lo usa otra tienda.` on `rif` (409 when another shop takes it at the same moment). The request is " +
      "`pendiente` again, the data's values before and after are kept in `versions`, the admins are told " +
      "(notification `tienda`, mail `shop-request`, `shopRequest`) and the audit log has `tienda.reenviar`; " +
      "all with the shop's row locked, so an admin deciding or a second resubmission at once waits and then " +
      "finds the request as it is. `{request}`; 409 `Tu solicitud no tiene datos ni documentos pendientes " +
      "de cambiar.` when nothing waits.",
  },
  document: {
    summary: "One document's file",
    description:
      "The owner or an admin (404 for anyone else): the file. PDFs as `Content-Disposition: attachment`, " +
      "images `inline`; `X-Content-Type-Options: nosniff`, `Content-Security-Policy: default-src " +
      "'none';frame-ancestors 'none';sandbox`, `Cache-Control: private, no-store`: a document is a file to " +
      "keep, never a page to run. The web streams it at `/documentos-tienda/{documentId}`.",
  },
  pending: {
    summary: "The requests waiting",
    description:
      "Admin: `{requests, totalPending}`: requests in `pendiente` or `requiere_cambios`, the longest " +
      "waiting first; `totalPending` counts `pendiente` (the menu's badge).",
  },
  list: {
    summary: "Every shop",
    description:
      "Admin. `?status`, `?searchValue` (name or tax id), `?page`, `?parPage` (1-50, default 20): `{shops, " +
      "totalShop, page, parPage}`, newest first, each with `documentCount` and `productCount`.",
  },
  decide: {
    summary: "Approve or reject a request",
    description:
      "Admin. `{approved: true}` approves: status `aprobada`, `approvedAt`, documents `aceptado`, the " +
      "user's role `seller` (an admin stays admin). `{approved: false, reason?}` rejects; without a " +
      "`reason` (SPEC.md section 7 sends `{approved}` only) the applicant reads `La administración no " +
      "indicó un motivo.` and the audit log records that none was given (the web's form requires one). " +
      "`{message, request}`. Only a `pendiente` request (409 otherwise).",
  },
  requestChanges: {
    summary: "Ask the applicant to correct some data or documents",
    description:
      "Admin. `{fields: [{field, note?}], documents: [{documentId, note}]}`: `field` one of `shopName`, " +
      "`address`, `phone`, `rif`, its note optional; each document's note required. At least one of " +
      "either (400 `Elige al menos un dato o un documento que haya que cambiar.`). The named documents to " +
      "`requiere_cambios` with their notes, the other documents in force to `aceptado`, the request to " +
      "`requiere_cambios`, and the named data in `fieldsToFix` until the applicant sends them again. 400 " +
      "naming `documents.N.documentId` for a document not in force in this request, `fields.N.field` for " +
      "a datum named twice. Only a `pendiente` request (409 otherwise).",
  },
  suspend: {
    summary: "Suspend a shop",
    description:
      "Admin. `{reason}`: an `aprobada` shop becomes `suspendida` (its products leave the catalogue); the " +
      "owner keeps the seller role, and the shop's status says what they may do. 409 for a shop that is " +
      "not `aprobada`.",
  },
  reactivate: {
    summary: "Reactivate a suspended shop",
    description: "Admin: a `suspendida` shop is `aprobada` again. 409 for a shop that is not `suspendida`.",
  },
  activateSeller: {
    summary: "Take the seller role once the shop is approved",
    description:
      "The user themself or an admin; `{userId}`: `{message, token}` with the seller role when the user's " +
      "shop is `aprobada` (a `customer` becomes `seller`), 409 `No tienes una tienda aprobada: …` " +
      "otherwise (decision 0009). An admin acting for someone else gets a token of their own.",
  },
} satisfies Record<string, RouteWords>;

export interface ShopRoutesOptions {
  db: Db;
  files: FileStore;
  mailer: Mailer;
  /** For the mails about requests: the admins' to review, the applicant's decisions (issue 33). */
  mail: MailContext;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
}

/** The form's fields in the order the form shows them, so the answer's errors read top to bottom. */
const FORM_ORDER = ["shopName", "rif", "country", "province", "city", "address", "phone", DOCUMENTS_PART];
const byFormOrder = (a: FieldError, b: FieldError) => FORM_ORDER.indexOf(a.field) - FORM_ORDER.indexOf(b.field);

/**
 * A document is a file to keep, never a page to run (the reference, GET /shop/document/{documentId}): nothing in it may run
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
  documentModule(app, section);
  const { db, files, mailer } = opts;
  const accessToken = (user: AuthUser) =>
    signAccessToken(user, { secret: opts.jwtSecret, ttlSeconds: opts.accessTokenTtlSeconds });
  const admin = { onRequest: [app.authenticate, adminOnly] };

  route(
    app,
    endpoints.apply,
    { ...words.apply, onRequest: app.authenticate, rateLimit: "upload" },
    async (request, reply) => {
      const user = requireSelf(request, request.params.userId);
      const parts = await readDocumentParts(request, files, {
        isFilePart: (name) => name === DOCUMENTS_PART,
        filesField: DOCUMENTS_PART,
        maxFiles: SHOP_DOCUMENTS_MAX,
      });
      try {
        const errors: FieldError[] = [...parts.errors];
        const fields = parseShopApplication(parts.fields);
        if (!fields.success) {
          for (const issue of fields.error.issues) {
            const field = String(issue.path[0] ?? "");
            if (!errors.some((error) => error.field === field)) errors.push({ field, message: issue.message });
          }
        }
        if (parts.files.length === 0 && !errors.some((error) => error.field === DOCUMENTS_PART))
          errors.push({ field: DOCUMENTS_PART, message: DOCUMENTS_MISSING });
        if (errors.length > 0 || !fields.success) throw new FieldsError(400, errors.sort(byFormOrder));

        // The files are on disk before the transaction: it writes only their keys.
        await parts.keep();
        const shopRequest = await applyForShop(
          db,
          user,
          fields.data,
          parts.files.map((file) => file.document),
          opts.mail,
        );
        mailer.wake();
        reply.status(201);
        return { message: SHOP_REQUEST_SENT, token: await accessToken(user), request: shopRequest };
      } finally {
        await parts.discard();
      }
    },
  );

  route(app, endpoints.myRequest, { ...words.myRequest, onRequest: app.authenticate }, async (request) => ({
    request: await findRequestOf(db, currentUser(request).id),
  }));

  route(app, endpoints.request, { ...words.request, onRequest: app.authenticate }, async (request) => ({
    request: await requestFor(db, currentUser(request), request.params.userId),
  }));

  route(
    app,
    endpoints.replaceDocuments,
    { ...words.replaceDocuments, onRequest: app.authenticate, rateLimit: "upload" },
    async (request) => {
      const owner = requireSelf(request, request.params.userId);
      const parts = await readDocumentParts(request, files, {
        isFilePart: (name) => replacedDocumentId(name) !== null,
        filesField: DOCUMENTS_PART,
        maxFiles: REPLACEMENTS_MAX,
      });
      try {
        const resubmitted = await resubmitRequest(
          db,
          owner,
          {
            fields: parts.fields,
            replacements: parts.files.map((file) => ({
              documentId: replacedDocumentId(file.fieldname)!,
              document: file.document,
            })),
            partErrors: parts.errors,
            keepFiles: parts.keep,
          },
          opts.mail,
        );
        mailer.wake();
        return { request: resubmitted };
      } finally {
        await parts.discard();
      }
    },
  );

  route(
    app,
    endpoints.document,
    { ...words.document, onRequest: app.authenticate, helmet: DOCUMENT_HEADERS },
    async (request, reply) => {
      const document = await documentFor(db, currentUser(request), request.params.documentId);
      // Streamed from the file store (decision 0036): never read whole, never through the database.
      const stored = await openStoredFile(files, document.fileKey, request.log);
      if (!stored) throw new HttpError(404, DOCUMENT_NOT_FOUND);
      return reply
        .header("cache-control", "private, no-store")
        .header("content-disposition", contentDisposition(document.fileName, document.contentType))
        .header("content-length", stored.sizeBytes)
        .type(document.contentType)
        .send(stored.stream);
    },
  );

  route(app, endpoints.pending, { ...admin, ...words.pending }, async () => pendingRequests(db));

  route(app, endpoints.list, { ...admin, ...words.list }, async (request) => listShops(db, request.query));

  route(app, endpoints.decide, { ...admin, ...words.decide }, async (request) => {
    const decided = await decideRequest(db, currentUser(request), request.params.userId, request.body, opts.mail);
    // Committed: the applicant's mail, queued with the decision, goes now.
    mailer.wake();
    return { message: request.body.approved ? SHOP_APPROVED : SHOP_REJECTED, request: decided.request };
  });

  route(app, endpoints.requestChanges, { ...admin, ...words.requestChanges }, async (request) => {
    const decided = await requestChanges(db, currentUser(request), request.params.userId, request.body, opts.mail);
    mailer.wake();
    return { message: SHOP_CHANGES_REQUESTED, request: decided.request };
  });

  route(app, endpoints.suspend, { ...admin, ...words.suspend }, async (request) => {
    const decided = await suspendShop(db, currentUser(request), request.params.shopId, request.body.reason, opts.mail);
    mailer.wake();
    return { message: SHOP_SUSPENDED, request: decided.request };
  });

  route(app, endpoints.reactivate, { ...admin, ...words.reactivate }, async (request) => {
    const decided = await reactivateShop(db, currentUser(request), request.params.shopId, opts.mail);
    mailer.wake();
    return { message: SHOP_REACTIVATED, request: decided.request };
  });

  route(app, endpoints.activateSeller, { ...words.activateSeller, onRequest: app.authenticate }, async (request) => {
    const caller = requireSelfOrAdmin(request, request.body.userId);
    const role = await activateSeller(db, request.body.userId);
    // The token is the caller's own: an admin switching someone else gets no token of theirs (that
    // user's old tokens went stale, so their next page carries the new role).
    const token = await accessToken(caller.id === request.body.userId ? { ...caller, role } : caller);
    return { message: SELLER_ACTIVATED, token };
  });
}
