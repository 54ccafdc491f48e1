import type { FastifyInstance } from "fastify";
import { auditEndpoints as endpoints } from "#contract/audit";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { adminOnly } from "../accounts/auth.js";
import { listAudit } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "audit",
  description:
    "The audit log: who did what, on which record, with the status before and after and the reason. " +
    "Written by `recordAudit(tx, entry)` (`api/src/modules/audit/service.ts`) in the transaction of the " +
    "change it records, so both are committed or neither. Append only: a trigger refuses UPDATE, DELETE " +
    "and TRUNCATE (migration 0013; `npm run seed -- --reset` lifts it for its one truncation). Actions " +
    "by name: `contract/audit-labels.ts`; shapes: `contract/audit.ts`.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  list: {
    summary: "The audit log, newest first",
    description:
      "Admin only (403 `No tienes permiso para esta acción.` for customers and sellers). `?action`, " +
      "`?entity`, `?entityId`, `?actorId`, `?page`, `?parPage` (1-100, default 25): `{entries, totalEntry, " +
      "page, parPage, actors}`; each entry `{_id, actor: {_id, name}, action, entity, entityId, record: " +
      "{name, ownerId}, before, after, reason, createdAt}`.",
  },
} satisfies Record<string, RouteWords>;

/** The audit log (issue 10): admins read it; entries are written by the deciding modules (recordAudit). */
export async function auditRoutes(app: FastifyInstance, opts: { db: Db }) {
  documentModule(app, section);
  route(app, endpoints.list, { ...words.list, onRequest: [app.authenticate, adminOnly] }, async (request) =>
    listAudit(opts.db, request.query),
  );
}
