import type { FastifyInstance, FastifyRequest } from "fastify";
import { FORBIDDEN } from "#contract/messages";
import {
  IDENTITY_CHANGE_APPROVED,
  IDENTITY_CHANGE_REJECTED,
  IDENTITY_CHANGE_SENT,
  IDENTITY_CHANGE_WITHDRAWN,
  shopIdentityEndpoints as endpoints,
} from "#contract/shop-identity";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { adminOnly, currentUser } from "../accounts/auth.js";
import type { Mailer } from "../mail/outbox.js";
import type { MailContext } from "../mail/render.js";
import {
  approveIdentityChange,
  pendingIdentityChanges,
  rejectIdentityChange,
  requestIdentityChange,
  sellerIdentity,
  shopIdentityHistory,
  withdrawIdentityChange,
} from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "shop-identity",
  description:
    "An approved shop's change of name or tax id (issue 34, decision 0055). Shapes and messages: " +
    "`contract/shop-identity.ts`. The seller asks, an admin approves or rejects with a reason; the " +
    "shop keeps its name and tax id until then, and its slug (its page's address) never changes. " +
    "A change is `{_id, shopId, ownerId, shopName, country, status (pendiente, aprobado, rechazado, " +
    "retirado), before: {shopName, rif}, requested: {shopName|null, rif|null}, reason, requestedBy, " +
    "createdAt, decidedAt, decidedBy, rejectionReason}`. Every write locks the shop's row FOR UPDATE, " +
    "then the change's, and is audited on the shop (`tienda.pedir_cambio_identidad`, " +
    "`tienda.retirar_cambio_identidad`, `tienda.aprobar_cambio_identidad`, `tienda.rechazar_cambio_identidad`).",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  mine: {
    summary: "The seller's shop's name, tax id and change",
    description:
      "Sellers only (403 `No tienes permiso para esta acción.` for others): `{shopName, rif, country, " +
      "pending, latest}`, the change waiting for an admin and the latest decided or withdrawn one (or " +
      "null). 404 `No tienes una tienda.`.",
  },
  request: {
    summary: "Ask to change the seller's shop's name or tax id",
    description:
      "Sellers only, an approved shop (403 `Solo una tienda aprobada puede pedir cambiar su nombre o su " +
      "identificador fiscal.`). `{shopName, rif, reason?}`: the name by the application's rule, the tax " +
      "id checked for the shop's country and kept in its written form (400 on the field). What equals " +
      "the shop's own is not asked for; asking for nothing is 400 `Cambia el nombre o el identificador " +
      "fiscal: los dos son iguales a los actuales.`. A tax id of another shop or of another shop's " +
      "pending change: 409 `Ese identificador fiscal ya lo usa otra tienda.` on `rif`. One pending " +
      "change per shop: 409 `Ya tienes un cambio de nombre o identificador fiscal pendiente: retíralo si " +
      "quieres pedir otro.` (partial unique indexes answer the same for two requests at once). 201 " +
      "`{message, change}`; every admin gets a notification.",
  },
  withdraw: {
    summary: "Withdraw the seller's pending change",
    description:
      "Sellers only: the pending change becomes `retirado`. 409 `No tienes ningún cambio de nombre o " +
      "identificador fiscal pendiente.` without one (or when an admin decided it first).",
  },
  pending: {
    summary: "Pending changes of shops' names and tax ids",
    description: "Admins only: `{changes, totalPending}`, the longest waiting first (the menu's badge).",
  },
  approve: {
    summary: "Approve a shop's change of name or tax id",
    description:
      "Admins only, never on their own shop (403 `Es tu propia tienda: otro administrador debe decidir " +
      "sobre ella.`). The shop takes the new values at once; its slug stays. The tax id is checked " +
      "again under the lock: taken by another shop since, 409 `Otra tienda usa ya ese identificador " +
      "fiscal: no se puede aprobar el cambio. Recházalo indicando el motivo.` and nothing changes. 409 " +
      "`Este cambio ya no está pendiente; recarga la página para ver su estado.` for a change decided or " +
      "withdrawn (the second of two admins at once), 404 `Cambio no encontrado.`. The seller gets a " +
      "notification and an e-mail (kind `shop-decision`).",
  },
  reject: {
    summary: "Reject a shop's change of name or tax id",
    description:
      "Admins only, never on their own shop. `{reason}` (required, 400 `Escribe el motivo del rechazo.`): " +
      "the shop keeps its values, the seller reads the reason in a notification, an e-mail and on their " +
      "profile page. 409 and 404 as approving.",
  },
  history: {
    summary: "One shop's changes of name and tax id",
    description:
      "Admins only: `{changes}`, every change of the shop, newest first, with who decided and when " +
      "(the admin's request page shows them).",
  },
} satisfies Record<string, RouteWords>;

async function sellersOnly(request: FastifyRequest) {
  if (currentUser(request).role !== "seller") throw new HttpError(403, FORBIDDEN);
}

/** The seller's and the admins' calls on a shop's name and tax id. */
export async function shopIdentityRoutes(app: FastifyInstance, opts: { db: Db; mail: MailContext; mailer: Mailer }) {
  documentModule(app, section);
  const { db, mail, mailer } = opts;
  const seller = { onRequest: [app.authenticate, sellersOnly] };
  const admin = { onRequest: [app.authenticate, adminOnly] };

  route(app, endpoints.mine, { ...words.mine, ...seller }, (request) => sellerIdentity(db, currentUser(request).id));

  route(app, endpoints.request, { ...words.request, ...seller, sellerWrite: true }, async (request, reply) => {
    const change = await requestIdentityChange(db, currentUser(request), request.body);
    reply.code(201);
    return { message: IDENTITY_CHANGE_SENT, change };
  });

  route(app, endpoints.withdraw, { ...words.withdraw, ...seller, sellerWrite: true }, async (request) => ({
    message: IDENTITY_CHANGE_WITHDRAWN,
    change: await withdrawIdentityChange(db, currentUser(request)),
  }));

  route(app, endpoints.pending, { ...words.pending, ...admin }, () => pendingIdentityChanges(db));

  route(app, endpoints.approve, { ...words.approve, ...admin }, async (request) => {
    const change = await approveIdentityChange(db, currentUser(request), request.params.changeId, mail);
    // Committed: the seller's mail, queued with the decision, goes now.
    mailer.wake();
    return { message: IDENTITY_CHANGE_APPROVED, change };
  });

  route(app, endpoints.reject, { ...words.reject, ...admin }, async (request) => {
    const change = await rejectIdentityChange(
      db,
      currentUser(request),
      request.params.changeId,
      request.body.reason,
      mail,
    );
    mailer.wake();
    return { message: IDENTITY_CHANGE_REJECTED, change };
  });

  route(app, endpoints.history, { ...words.history, ...admin }, (request) =>
    shopIdentityHistory(db, request.params.shopId),
  );
}
