import type { FastifyInstance } from "fastify";
import { auditEndpoints as endpoints } from "#contract/audit";
import type { Db } from "../../db/client.js";
import { route } from "../../route.js";
import { adminOnly } from "../accounts/auth.js";
import { listAudit } from "./service.js";

/** The audit log (issue 10): admins read it; entries are written by the deciding modules (recordAudit). */
export async function auditRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, endpoints.list, { onRequest: [app.authenticate, adminOnly] }, async (request) =>
    listAudit(opts.db, request.query),
  );
}
