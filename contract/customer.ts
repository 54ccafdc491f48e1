import { z } from "zod";
import { endpoint, noBody, noInput } from "./http";
import { isoDateTime, queryInteger, queryPage, uuid } from "./fields";
import { CUSTOMER_ORDERS_PER_PAGE, MAX_ORDERS_PER_PAGE } from "./limits";
import { INVALID_PAGE, INVALID_PAGE_SIZE, INVALID_USER } from "./messages";
import { offer } from "./offers";
import { CUSTOMER_ORDER_FILTERS } from "./order-labels";
import {
  deliveryStatus,
  INVALID_ORDER,
  orderDetail,
  orderParams,
  paymentStatus,
  shopOrder,
  statusChange,
} from "./orders";

/**
 * The customer's dashboard and orders (SPEC.md section 7 "Dashboards", "Orders"): a `{userId}` or
 * `{customerId}` must be the caller unless an admin asks. Money is integer cents (USD); dates are
 * ISO 8601 strings.
 */

// ---- Inputs -------------------------------------------------------------------------------------

export const dashboardParams = z.object({ userId: uuid(INVALID_USER) });

export const customerOrdersParams = z.object({
  customerId: uuid(INVALID_USER),
  status: z.enum(CUSTOMER_ORDER_FILTERS, { errorMap: () => ({ message: "El estado del pedido no es válido." }) }),
});

/** One shop's part of the customer's order (`suborders[]._id`). */
export const receiptParams = z.object({ shopOrderId: uuid(INVALID_ORDER) });

export const customerOrdersQuery = z.object({
  page: queryPage(1, INVALID_PAGE),
  /** Orders a page: a whole number from 1, at most MAX_ORDERS_PER_PAGE (which has its own message). */
  parPage: queryInteger({ min: 1, max: Number.MAX_SAFE_INTEGER, message: INVALID_PAGE_SIZE })
    .pipe(
      z
        .number()
        .max(MAX_ORDERS_PER_PAGE, `Se muestran como mucho ${MAX_ORDERS_PER_PAGE} pedidos por página.`)
        .optional(),
    )
    .transform((size) => size ?? CUSTOMER_ORDERS_PER_PAGE),
});

// ---- Answers ------------------------------------------------------------------------------------

/** One order of the customer's lists. */
export const customerOrderSummary = z.object({
  _id: z.string(),
  number: z.string(),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  expired: z.boolean(),
  /** What the customer pays. */
  price: z.number().int(),
  delivery_status: deliveryStatus,
  payment_status: paymentStatus,
  /** True while the order can still be paid (unpaid, not expired, not cancelled). */
  payable: z.boolean(),
  /** Shops the order was split between. */
  shopCount: z.number().int(),
  /** Units bought. */
  itemCount: z.number().int(),
});
export type CustomerOrderSummary = z.infer<typeof customerOrderSummary>;

export const customerDashboardAnswer = z.object({
  totalOrder: z.number().int(),
  /** Orders whose delivery is still 'pendiente'. */
  pendingOrder: z.number().int(),
  cancelledOrder: z.number().int(),
  /** The five newest. */
  recentOrders: z.array(customerOrderSummary),
});
export type CustomerDashboardAnswer = z.infer<typeof customerDashboardAnswer>;

export const customerOrdersAnswer = z.object({
  orders: z.array(customerOrderSummary),
  /** Orders matching the filter, on every page. */
  totalOrder: z.number().int(),
  page: z.number().int(),
  parPage: z.number().int(),
});
export type CustomerOrdersAnswer = z.infer<typeof customerOrdersAnswer>;

export const customerShopOrder = shopOrder.extend({
  /** Every offer made on this shop order, newest first. */
  offers: z.array(offer),
  /** True while an offer may be proposed: the order is unpaid and payable, with no offer pending here. */
  canOffer: z.boolean(),
  /** True while the customer may say «Lo he recibido»: sent (or marked delivered by the seller) and not yet confirmed. */
  canConfirmReceipt: z.boolean(),
});
export type CustomerShopOrder = z.infer<typeof customerShopOrder>;

export const customerOrderDetail = orderDetail.extend({
  /** True while the order can still be paid (unpaid, not expired, not cancelled). */
  payable: z.boolean(),
  suborders: z.array(customerShopOrder),
});
export type CustomerOrderDetail = z.infer<typeof customerOrderDetail>;

export const customerOrderAnswer = z.object({ order: customerOrderDetail });
export type CustomerOrderAnswer = z.infer<typeof customerOrderAnswer>;

export const customerOrderOffersAnswer = z.object({
  /** Every offer on the order's shop orders, newest first. */
  offers: z.array(offer),
});
export type CustomerOrderOffersAnswer = z.infer<typeof customerOrderOffersAnswer>;

// ---- Calls --------------------------------------------------------------------------------------

/** Bearer calls; someone else's order answers 404. */
export const customerEndpoints = {
  dashboard: endpoint({
    method: "GET",
    path: "/home/customer/get-dashboard-data/:userId",
    params: dashboardParams,
    query: noInput,
    answer: customerDashboardAnswer,
  }),
  orders: endpoint({
    method: "GET",
    path: "/home/customer/get-orders/:customerId/:status",
    params: customerOrdersParams,
    query: customerOrdersQuery,
    answer: customerOrdersAnswer,
  }),
  order: endpoint({
    method: "GET",
    path: "/home/customer/get-order/:orderId",
    params: orderParams,
    query: noInput,
    answer: customerOrderAnswer,
  }),
  offers: endpoint({
    method: "GET",
    path: "/home/customer/get-offers/:orderId",
    params: orderParams,
    query: noInput,
    answer: customerOrderOffersAnswer,
  }),
  /** «Lo he recibido»: the customer confirms they received one shop's part of their order. */
  confirmReceipt: endpoint({
    method: "POST",
    path: "/home/customer/order-received/:shopOrderId",
    params: receiptParams,
    body: noBody,
    answer: statusChange,
  }),
};
