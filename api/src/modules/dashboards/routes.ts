import type { FastifyInstance } from "fastify";
import { dashboardEndpoints as endpoints } from "#contract/dashboards";
import type { Config } from "../../config.js";
import type { MailContext } from "../mail/render.js";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { adminOnly, currentUser } from "../accounts/auth.js";
import { adminDashboard, sellerDashboard } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "dashboards",
  description:
    "The seller's and the admin's dashboards (issue 12). Shapes and field comments: " +
    "`contract/dashboards.ts`; the periods and the comparison text: `contract/dashboard-periods.ts`. " +
    "Both calls need `Authorization: Bearer` and take `?period=7|30|90` (days, default 30; anything else " +
    "400 `El periodo debe ser de 7, 30 o 90 días.`).\n\n" +
    "What every figure counts (a sale, the periods in the store's days, the to-do lists) and how it is " +
    'read: docs/api/money.md, "Dashboards". In short, a sale is a paid shop part, it belongs to the ' +
    "moment its order was paid, and the previous period's figures come in `previous` for the comparison.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  seller: {
    summary: "The seller's dashboard",
    description:
      "A `seller` whose shop is `aprobada` or `suspendida` (a suspended shop still reads its figures), " +
      "their own shop only; anyone else 403 `No tienes permiso para esta acción.` (an admin too: there is " +
      "no shop to read). The read starts from the shop's parts (`shop_orders_shop_created_idx`).",
  },
  admin: {
    summary: "The admin's dashboard",
    description:
      "Admins only (403 to sellers and customers). The read takes `orders` by `paid_at` " +
      "(`orders_paid_at_idx`, migration 0016), so it stays quick once the store holds years of orders.",
  },
} satisfies Record<string, RouteWords>;

/** The seller's and the admin's dashboards (issue 12; docs/api/money.md, "Dashboards"). */
export async function dashboardRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    dashboards: Config["dashboards"];
    mail: MailContext;
  },
) {
  documentModule(app, section);
  const { db, dashboards } = opts;

  // The shop is checked in the service: a seller of an approved or suspended shop; anyone else 403.
  route(app, endpoints.seller, { ...words.seller, onRequest: app.authenticate }, async (request) =>
    sellerDashboard(db, currentUser(request), request.query, new Date(), opts.mail),
  );

  route(app, endpoints.admin, { ...words.admin, onRequest: [app.authenticate, adminOnly] }, async (request) =>
    adminDashboard(db, request.query, new Date(), dashboards.unpreparedAlertHours, opts.mail),
  );
}
