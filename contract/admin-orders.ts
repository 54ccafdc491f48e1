import { z } from "zod";
import { blankToUndefined, isoDateTime, queryChoice, queryPage, queryPageSize, queryText, uuid } from "./fields";
import { endpoint, noInput } from "./http";
import { ADMIN_ORDER_SEARCH_MAX } from "./limits";
import { ADMIN_DELIVERY_FILTERS } from "./admin-order-labels";
import { PAYMENT_STATUSES } from "./order-labels";
import { deliveryStatus, orderDetail, paymentStatus, saleMoney, shopOrder } from "./orders";
import { orderedWindow, storeDay } from "./promotions";

/**
 * The admin's view of every order (issue 12): the list, searched by number or customer and filtered
 * by payment, delivery, shop and days (issue 35), the same list as a CSV download, and one
 * order with every shop's part, its commission and the statuses it may move to next. Status changes
 * and cancellations with refund go through the existing calls of contract/orders.ts
 * (`orderStatusEndpoints`).
 */

export const ADMIN_ORDERS_PER_PAGE = 20;
export const MAX_ADMIN_ORDERS_PER_PAGE = 100;

const dayFilter = (message: string) => z.preprocess(blankToUndefined, storeDay(message).optional());

/** The days of the filters: placed from the start of `from` to the end of `to` (store days, Europe/Madrid). */
const adminOrderDays = z
  .object({ from: dayFilter("Escribe el primer día."), to: dayFilter("Escribe el último día.") })
  .superRefine((value, context) => {
    // The last day not before the first, beside `to`, judged whatever the other filters hold (decision 0025).
    if (value.from && value.to) orderedWindow({ validFrom: value.from, validUntil: value.to }, context, "to");
  });

/** What narrows the list and its CSV besides the days: each is optional and they all apply together. */
const adminOrderFilterFields = {
  /** An order number (or the start of one), or part of the customer's name or e-mail. */
  searchValue: queryText({
    max: ADMIN_ORDER_SEARCH_MAX,
    message: `La búsqueda admite hasta ${ADMIN_ORDER_SEARCH_MAX} caracteres.`,
  }),
  paymentStatus: queryChoice(PAYMENT_STATUSES, "Elige un estado de pago de la lista."),
  deliveryStatus: queryChoice(ADMIN_DELIVERY_FILTERS, "Elige un estado de entrega de la lista."),
  /** Orders with a part of this shop. */
  shopId: z.preprocess(blankToUndefined, uuid("Elige una tienda de la lista.").optional()),
};

/** The filters as the CSV download takes them (every matching order, up to ADMIN_ORDERS_CSV_MAX). */
export const adminOrdersFilters = z.intersection(adminOrderDays, z.object(adminOrderFilterFields));
export type AdminOrdersFilters = z.output<typeof adminOrdersFilters>;
export const ADMIN_ORDER_FILTER_FIELDS = [
  "searchValue",
  "paymentStatus",
  "deliveryStatus",
  "shopId",
  "from",
  "to",
] as const;
export type AdminOrderFilterField = (typeof ADMIN_ORDER_FILTER_FIELDS)[number];

export const adminOrdersQuery = z.intersection(
  adminOrderDays,
  z.object({
    page: queryPage(),
    parPage: queryPageSize(MAX_ADMIN_ORDERS_PER_PAGE, ADMIN_ORDERS_PER_PAGE),
    ...adminOrderFilterFields,
  }),
);

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
  /** Every shop, by name, for the shop filter. */
  shops: z.array(z.object({ _id: z.string(), name: z.string() })),
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
  /** Admin only: every order the filters match, newest first, for a CSV; 400 past ADMIN_ORDERS_CSV_MAX. */
  export: endpoint({
    method: "GET",
    path: "/admin/orders/export",
    query: adminOrdersFilters,
    answer: z.object({ orders: z.array(adminOrderRow) }),
  }),
  /** Admin only: one order with every shop's part. */
  order: endpoint({
    method: "GET",
    path: "/admin/order/:id",
    params: adminOrderParams,
    query: noInput,
    answer: adminOrderAnswer,
  }),
};
