import { z } from "zod";
import { isoDateTime, queryPage, queryPageSize, queryText, uuid } from "./fields";
import { endpoint, noInput } from "./http";
import { ADMIN_ORDER_SEARCH_MAX } from "./limits";
import { deliveryStatus, orderDetail, paymentStatus, saleMoney, shopOrder } from "./orders";

/**
 * The admin's view of every order (issue 12): the list, searched by number or customer, and one
 * order with every shop's part, its commission and the statuses it may move to next. Status changes
 * and cancellations with refund go through the existing calls of contract/orders.ts
 * (`orderStatusEndpoints`).
 */

export const ADMIN_ORDERS_PER_PAGE = 20;
export const MAX_ADMIN_ORDERS_PER_PAGE = 100;

export const adminOrdersQuery = z.object({
  page: queryPage(),
  parPage: queryPageSize(MAX_ADMIN_ORDERS_PER_PAGE, ADMIN_ORDERS_PER_PAGE),
  /** An order number (or the start of one), or part of the customer's name or e-mail. */
  searchValue: queryText({
    max: ADMIN_ORDER_SEARCH_MAX,
    message: `La búsqueda admite hasta ${ADMIN_ORDER_SEARCH_MAX} caracteres.`,
  }),
});

export const adminOrderCustomer = z.object({ _id: z.string(), name: z.string(), email: z.string() });

export const adminOrderRow = z.object({
  _id: z.string(),
  number: z.string(),
  customer: adminOrderCustomer,
  createdAt: isoDateTime,
  price: z.number().int(),
  payment_status: paymentStatus,
  delivery_status: deliveryStatus,
  shopCount: z.number().int(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

export const adminOrdersAnswer = z.object({
  orders: z.array(adminOrderRow),
  totalOrder: z.number().int(),
  page: z.number().int(),
  parPage: z.number().int(),
});
export type AdminOrdersAnswer = z.infer<typeof adminOrdersAnswer>;

/** One shop's part as the admin sees it: the store's commission and where it may go next. */
export const adminShopOrder = shopOrder.extend({
  commission: z.number().int(),
  ...saleMoney.shape,
  /** The statuses `PUT /seller/order-status/update/{id}` accepts now for this part (empty when none). */
  nextStatuses: z.array(deliveryStatus),
});
export type AdminShopOrder = z.infer<typeof adminShopOrder>;

export const adminOrderDetail = orderDetail.extend({
  customer: adminOrderCustomer,
  suborders: z.array(adminShopOrder),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const adminOrderAnswer = z.object({ order: adminOrderDetail });
export type AdminOrderAnswer = z.infer<typeof adminOrderAnswer>;

export const adminOrderParams = z.object({ id: uuid("El pedido no es válido.") });

export const adminOrderEndpoints = {
  /** Admin only: every order, newest first. */
  list: endpoint({ method: "GET", path: "/admin/orders", query: adminOrdersQuery, answer: adminOrdersAnswer }),
  /** Admin only: one order with every shop's part. */
  order: endpoint({
    method: "GET",
    path: "/admin/order/:id",
    params: adminOrderParams,
    query: noInput,
    answer: adminOrderAnswer,
  }),
};
