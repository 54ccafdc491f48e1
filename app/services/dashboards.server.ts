import { dashboardEndpoints } from "#contract/dashboards";
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod } from "#contract/dashboard-periods";
import { formatUsd } from "#contract/money-format";
import { dateTime } from "./times.server";
import { pageErrorOf } from "./admin.server";
import type { AccountClient } from "./auth.server";
import type { SellerArea } from "./seller.server";

/**
 * The seller's and the admin's dashboards (issue 12): the period from the page's address, and the
 * API's figures with their dates written for the page.
 */

/** `?period=7|30|90` of the page's address; anything else is the default (30 days). */
export function dashboardPeriodOf(searchParams: URLSearchParams): DashboardPeriod {
  const period = searchParams.get("period") ?? "";
  return (DASHBOARD_PERIODS as readonly string[]).includes(period)
    ? (period as DashboardPeriod)
    : DEFAULT_DASHBOARD_PERIOD;
}

/** `GET /seller/get-dashboard-index-data` for the seller's own shop. */
export async function getSellerDashboard(area: SellerArea, period: DashboardPeriod) {
  const answer = await area.account.call(dashboardEndpoints.seller, { query: { period } }).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    ...answer,
    recentOrders: answer.recentOrders.map((order) => ({ ...order, placedAt: dateTime(order.createdAt) })),
    todo: {
      ...answer.todo,
      pendingOffers: {
        ...answer.todo.pendingOffers,
        offers: answer.todo.pendingOffers.offers.map((offer) => ({ ...offer, sentAt: dateTime(offer.createdAt) })),
      },
    },
  };
}

/** `GET /admin/get-dashboard-index-data`: the whole store. */
export async function getAdminDashboard(account: AccountClient, period: DashboardPeriod) {
  const answer = await account.call(dashboardEndpoints.admin, { query: { period } }).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    ...answer,
    recentOrders: answer.recentOrders.map((order) => ({
      ...order,
      date: dateTime(order.createdAt),
      total: formatUsd(order.price),
    })),
    todo: {
      ...answer.todo,
      unprepared: {
        ...answer.todo.unprepared,
        parts: answer.todo.unprepared.parts.map((part) => ({ ...part, paidDate: dateTime(part.paidAt) })),
      },
    },
  };
}
