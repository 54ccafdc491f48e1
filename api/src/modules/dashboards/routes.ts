import type { FastifyInstance } from "fastify";
import { dashboardEndpoints as endpoints } from "#contract/dashboards";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { route } from "../../route.js";
import { adminOnly, currentUser } from "../accounts/auth.js";
import { adminDashboard, sellerDashboard } from "./service.js";

/** The seller's and the admin's dashboards (issue 12; README "Dashboards API"). */
export async function dashboardRoutes(app: FastifyInstance, opts: { db: Db; dashboards: Config["dashboards"] }) {
  const { db, dashboards } = opts;

  // The shop is checked in the service: a seller of an approved or suspended shop; anyone else 403.
  route(app, endpoints.seller, { onRequest: app.authenticate }, async (request) =>
    sellerDashboard(db, currentUser(request), request.query, new Date()),
  );

  route(app, endpoints.admin, { onRequest: [app.authenticate, adminOnly] }, async (request) =>
    adminDashboard(db, request.query, new Date(), dashboards.unpreparedAlertHours),
  );
}
