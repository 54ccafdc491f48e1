import type { FastifyInstance } from "fastify";
import { adminUserEndpoints as endpoints, USER_BLOCKED, USER_UNBLOCKED } from "#contract/admin-users";
import type { Db } from "../../db/client.js";
import type { MailContext } from "../mail/render.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { adminOnly, currentUser } from "../accounts/auth.js";
import { adminUserDetail, blockUser, listAdminUsers, unblockUser } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "admin-users",
  description:
    "Every account of the store, for admins (issue 35): 401 without a token, 403 `No tienes permiso para " +
    "esta acción.` for sellers and customers. Shapes: `contract/admin-users.ts`. A blocked user " +
    "(decision 0051) cannot sign in: `POST /user/login` with the right password and `GET /user/google` answer " +
    "403 `Tu cuenta está bloqueada. Motivo: …`, `POST /refresh-token` answers 401 and every bearer call " +
    "401. The user's wallet is `GET /wallet/{id}` (admins may read any).",
};

const blockRefusals =
  "404 `Usuario no encontrado.`; 403 `No puedes bloquearte a ti mismo: …` for the caller and `No puedes " +
  "bloquear a otro administrador: …` for an admin. Locks the user's shop, then the user (`FOR UPDATE`), and " +
  "writes one audit entry (`usuario.bloquear` / `usuario.desbloquear`, entity `usuario`) in the same transaction.";

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  list: {
    summary: "Every user, newest sign-up first",
    description:
      "`?page` (from 1), `?parPage` (1-100, default 20), `?searchValue` (part of the name or e-mail, " +
      "case-insensitive), `?role` (`customer`, `seller`, `admin`), `?signedUpFrom` and `?signedUpTo` " +
      "(`YYYY-MM-DD`, whole days of the store's time, Europe/Madrid; 400 `La fecha «hasta» no puede ser " +
      "anterior a la fecha «desde».` when inverted): `{users, totalUser, page, parPage}`; each `{_id, name, " +
      "email, role, createdAt, blocked: {blockedAt, reason} | null}`.",
  },
  user: {
    summary: "One user, with their latest orders and shop",
    description:
      "`{user}`: the list's fields plus `phone`, `emailVerified`, `signsInWithGoogle`, `address`, `orders` " +
      "(the latest 20, newest first: `{_id, number, createdAt, price, payment_status, delivery_status}`), " +
      "`totalOrder` and `shop` (`{_id, name, slug, status}` or null); 404 `Usuario no encontrado.`.",
  },
  block: {
    summary: "Block a user, with a reason",
    description:
      "`{reason}` (required, up to 500 characters; the user reads it when they try to sign in): `{message}`. " +
      "The user's access tokens are refused at once (`tokens_valid_after`), their refresh tokens revoked, " +
      "and an `aprobada` shop of theirs is `suspendida` with the same reason (its products leave the " +
      "catalogue; an order being placed either commits before the block or is refused). The user gets an e-mail " +
      "(kind `account-blocked`, always sent) with the reason, queued in the same transaction. 409 `Este usuario ya " +
      "está bloqueado; …`. " +
      blockRefusals,
  },
  unblock: {
    summary: "Unblock a user",
    description:
      "No body: `{message}`. The user may sign in again; the shop the block suspended is `aprobada` again if " +
      "it is still suspended for that block (a suspension of its own stays). 409 `Este usuario no está " +
      "bloqueado; …`. " +
      blockRefusals,
  },
} satisfies Record<string, RouteWords>;

/** The admin's users (issue 35): find, view, block and unblock. */
export async function adminUserRoutes(app: FastifyInstance, opts: { db: Db; mail: MailContext }) {
  documentModule(app, section);
  const { db } = opts;
  const adminHooks = [app.authenticate, adminOnly];
  route(app, endpoints.list, { ...words.list, onRequest: adminHooks }, async (request) =>
    listAdminUsers(db, request.query),
  );
  route(app, endpoints.user, { ...words.user, onRequest: adminHooks }, async (request) => ({
    user: await adminUserDetail(db, request.params.userId),
  }));
  route(app, endpoints.block, { ...words.block, onRequest: adminHooks }, async (request) => {
    await blockUser(db, currentUser(request), request.params.userId, request.body.reason, opts.mail);
    return { message: USER_BLOCKED };
  });
  route(app, endpoints.unblock, { ...words.unblock, onRequest: adminHooks }, async (request) => {
    await unblockUser(db, currentUser(request), request.params.userId);
    return { message: USER_UNBLOCKED };
  });
}
