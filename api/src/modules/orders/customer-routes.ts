import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { currentUser, requireSelfOrAdmin } from "../accounts/auth.js";
import { customerDashboard, customerOrderDetail, customerOrderOffers, customerOrders } from "./customer.js";
import {
  customerOrdersParams,
  customerOrdersQuery,
  dashboardParams,
  type CustomerDashboardAnswer,
  type CustomerOrderAnswer,
  type CustomerOrderOffersAnswer,
  type CustomerOrdersAnswer,
} from "./customer-schemas.js";
import { orderParams } from "./schemas.js";

/**
 * The customer's dashboard and orders (SPEC.md section 7 "Dashboards", "Orders"): a `{userId}` or
 * `{customerId}` must be the caller unless an admin asks; someone else's order is "not found".
 */
export async function customerRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/home/customer/get-dashboard-data/:userId",
    { onRequest: app.authenticate, schema: { params: dashboardParams } },
    (request): Promise<CustomerDashboardAnswer> => {
      const userId = request.params.userId.toLowerCase();
      requireSelfOrAdmin(request, userId);
      return customerDashboard(db, userId);
    },
  );

  routes.get(
    "/home/customer/get-orders/:customerId/:status",
    { onRequest: app.authenticate, schema: { params: customerOrdersParams, querystring: customerOrdersQuery } },
    (request): Promise<CustomerOrdersAnswer> => {
      const customerId = request.params.customerId.toLowerCase();
      requireSelfOrAdmin(request, customerId);
      return customerOrders(db, customerId, request.params.status, request.query.page, request.query.parPage);
    },
  );

  routes.get(
    "/home/customer/get-order/:orderId",
    { onRequest: app.authenticate, schema: { params: orderParams } },
    async (request): Promise<CustomerOrderAnswer> => ({ order: await customerOrderDetail(db, request.params.orderId.toLowerCase(), currentUser(request)) }),
  );

  routes.get(
    "/home/customer/get-offers/:orderId",
    { onRequest: app.authenticate, schema: { params: orderParams } },
    async (request): Promise<CustomerOrderOffersAnswer> => ({
      offers: await customerOrderOffers(db, request.params.orderId.toLowerCase(), currentUser(request)),
    }),
  );
}
