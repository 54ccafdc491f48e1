import { z } from "zod";
import { adminOrderRow } from "./admin-orders";
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD } from "./dashboard-periods";
import { isoDateTime } from "./fields";
import { endpoint } from "./http";
import { sellerOrderSummary } from "./seller-orders";

/**
 * The seller's and the admin's dashboards (issue 12; SPEC.md section 7 "Dashboards", spec names
 * `totalSale, totalOrder, totalProduct, totalPendingOrder, totalSeller, recentOrders`). Money is
 * integer cents (USD).
 *
 * What the figures count (docs/api/money.md, "Dashboards"):
 * - A sale is a paid shop part: `shop_orders.payment_status = 'pagado'` and not cancelled. A part
 *   refunded (`reembolsado`) or cancelled is no sale; an unpaid one is none yet.
 * - It belongs to the day its order was paid (`orders.paid_at`) in the store's time zone
 *   (contract/store-time.ts). A period of N days is today and the N - 1 days before it, from
 *   midnight of its first day to now; the previous period is the N whole days before that.
 * - Its amount is the part's total (products + shipping, before the store's coupons, which the store
 *   bears); the commission is the one fixed on the part when it was ordered.
 */

// The periods themselves, and how a figure compares with the previous one, are dashboard-periods.ts's (no zod there, for the pages).
export const INVALID_DASHBOARD_PERIOD = "El periodo debe ser de 7, 30 o 90 días.";

/** How many rows the lists of a dashboard hold (recent orders, best sellers, each to-do). */
export const DASHBOARD_LIST_SIZE = 5;

export const dashboardQuery = z.object({
  /** Days, counting today; absent or empty: 30. */
  period: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .enum(DASHBOARD_PERIODS, { errorMap: () => ({ message: INVALID_DASHBOARD_PERIOD }) })
      .default(DEFAULT_DASHBOARD_PERIOD),
  ),
});
export type DashboardQuery = z.output<typeof dashboardQuery>;

/** The period the figures cover. */
export const dashboardPeriod = z.object({
  days: z.number().int(),
  /** Midnight (store time) of the period's first day. */
  from: isoDateTime,
  /** When the figures were read. */
  to: isoDateTime,
  /** Midnight (store time) of the previous period's first day; it ends where `from` starts. */
  previousFrom: isoDateTime,
});

/** One calendar day of the chart (store time), oldest first, every day of the period present. */
export const dailySales = z.object({
  /** YYYY-MM-DD. */
  day: z.string(),
  /** Sum of the day's sales (cents). */
  sale: z.number().int(),
  /** Paid parts that day. */
  orders: z.number().int(),
});
export type DailySales = z.infer<typeof dailySales>;

/** A product among the period's best sellers: units in paid parts, most first (then amount, then name). */
export const bestSeller = z.object({
  productId: z.string(),
  /** The product's current name. */
  name: z.string(),
  slug: z.string(),
  /** Deleted by its seller but kept for its orders: no page to link to. */
  archived: z.boolean(),
  units: z.number().int(),
  /** What those units sold for (cents). */
  sale: z.number().int(),
});
export type BestSeller = z.infer<typeof bestSeller>;

/** The figures of the seller's period (and of the previous period, to compare). */
export const sellerFigures = z.object({
  /** Sum of the shop's paid parts' totals. */
  totalSale: z.number().int(),
  /** The shop's paid parts. */
  totalOrder: z.number().int(),
  /** Of those, the ones still 'pendiente' (to prepare). */
  totalPendingOrder: z.number().int(),
  /** The store's commission on them. */
  commission: z.number().int(),
  /** totalSale - commission: what they credit the shop. */
  netEarnings: z.number().int(),
});
export type SellerFigures = z.infer<typeof sellerFigures>;

/** An offer waiting for the seller's answer, on one of their parts. */
export const dashboardOffer = z.object({
  _id: z.string(),
  /** The part (what /dashboard/seller/orders/details/{id} opens). */
  subOrderId: z.string(),
  number: z.string(),
  customerName: z.string(),
  /** The proposed subtotal and the part's current one (cents). */
  price: z.number().int(),
  currentSubtotal: z.number().int(),
  createdAt: isoDateTime,
});

/** A product of the shop with some size (or its single stock) at or below its low-stock threshold. */
export const lowStockProduct = z.object({
  productId: z.string(),
  name: z.string(),
  /** Total units now. */
  stock: z.number().int(),
  lowStockThreshold: z.number().int(),
  /** The sizes at or below the threshold (empty for a product without sizes). */
  lowSizes: z.array(z.object({ size: z.string(), stock: z.number().int() })),
});

export const sellerDashboardAnswer = z.object({
  period: dashboardPeriod,
  ...sellerFigures.shape,
  /** The shop's products that are not deleted (whatever the period). */
  totalProduct: z.number().int(),
  previous: sellerFigures,
  salesByDay: z.array(dailySales),
  bestSellers: z.array(bestSeller),
  /** The shop's newest parts, paid or not (DASHBOARD_LIST_SIZE). */
  recentOrders: z.array(sellerOrderSummary),
  /**
   * A new shop's first steps, each true once done (issue 34): a profile with a description and a
   * logo, a payout method, a published product, and its shipping chosen (its own fee, or the store's rule
   * confirmed on the shipping screen). The panel lists them until all are done.
   */
  onboarding: z.object({
    profile: z.boolean(),
    payout: z.boolean(),
    product: z.boolean(),
    shipping: z.boolean(),
  }),
  /** What needs the seller now, whatever the period. */
  todo: z.object({
    /** Paid parts still 'pendiente': to prepare. */
    toPrepare: z.number().int(),
    pendingOffers: z.object({ total: z.number().int(), offers: z.array(dashboardOffer) }),
    lowStock: z.object({ total: z.number().int(), products: z.array(lowStockProduct) }),
  }),
});
export type SellerDashboardAnswer = z.infer<typeof sellerDashboardAnswer>;

/** The figures of the admin's period (and of the previous period). */
export const adminFigures = z.object({
  /** Sum of every shop's paid parts' totals. */
  totalSale: z.number().int(),
  /** Orders with a paid part. */
  totalOrder: z.number().int(),
  /** Of those, the ones with a paid part still 'pendiente'. */
  totalPendingOrder: z.number().int(),
  /** The store's commission on the paid parts: what it earned. */
  commission: z.number().int(),
  /**
   * What the store's coupons took off the orders counted (the store bears them, so the shops' sales
   * above are before them): an order with at least one paid part not cancelled, by its payment day.
   */
  couponDiscounts: z.number().int(),
});
export type AdminFigures = z.infer<typeof adminFigures>;

/** A paid part nobody has started preparing for longer than the API's setting. */
export const unpreparedPart = z.object({
  subOrderId: z.string(),
  orderId: z.string(),
  number: z.string(),
  shopName: z.string(),
  paidAt: isoDateTime,
  /** Whole hours since it was paid. */
  hoursWaiting: z.number().int(),
});

export const adminDashboardAnswer = z.object({
  period: dashboardPeriod,
  ...adminFigures.shape,
  /** Products on sale: not deleted, of an approved shop (whatever the period). */
  totalProduct: z.number().int(),
  /** Approved shops (whatever the period). */
  totalSeller: z.number().int(),
  previous: adminFigures,
  salesByDay: z.array(dailySales),
  bestSellers: z.array(bestSeller),
  /** The store's newest orders, paid or not (DASHBOARD_LIST_SIZE). */
  recentOrders: z.array(adminOrderRow),
  todo: z.object({
    /** Shop requests waiting for an admin ('pendiente'). */
    shopRequests: z.number().int(),
    /** Withdrawal requests waiting for an admin ('pendiente') and what they add up to (cents). */
    withdrawals: z.object({ total: z.number().int(), amount: z.number().int() }),
    /** Paid parts still 'pendiente' more than `hours` after payment, the longest waiting first. */
    unprepared: z.object({ hours: z.number().int(), total: z.number().int(), parts: z.array(unpreparedPart) }),
  }),
});
export type AdminDashboardAnswer = z.infer<typeof adminDashboardAnswer>;

/** Bearer calls: the seller of an approved or suspended shop, and admins, each their own. */
export const dashboardEndpoints = {
  seller: endpoint({
    method: "GET",
    path: "/seller/get-dashboard-index-data",
    query: dashboardQuery,
    answer: sellerDashboardAnswer,
  }),
  admin: endpoint({
    method: "GET",
    path: "/admin/get-dashboard-index-data",
    query: dashboardQuery,
    answer: adminDashboardAnswer,
  }),
};
