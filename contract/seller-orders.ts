import { z } from "zod";
import { isoDateTime, queryChoice, queryPage, queryPageSize, queryText, uuid } from "./fields";
import { endpoint, noInput } from "./http";
import { SEARCH_MAX_LENGTH } from "./limits";
import { DELIVERY_STATUSES } from "./order-labels";
import { deliveryStatus, orderItem, paymentStatus, saleMoney, shippingInfo } from "./orders";

/**
 * A seller's orders (issue 12, SPEC.md sections 2 and 7): the sub-orders of their own shop, newest
 * first, and one of them with its lines, address, money and the delivery statuses it may move to
 * (through `PUT /seller/order-status/update/{id}`). Money is integer cents (USD).
 */

export const SELLER_ORDERS_PER_PAGE = 10;
export const MAX_SELLER_ORDERS_PER_PAGE = 50;

export const SELLER_ORDER_NOT_FOUND = "Pedido no encontrado.";
export const SELLER_ORDERS_NOT_YOURS = "Solo puedes ver los pedidos de tu propia tienda.";
export const INVALID_SELLER = "El vendedor no es válido.";

export const sellerOrdersParams = z.object({ sellerId: uuid(INVALID_SELLER) });
export const sellerOrdersQuery = z.object({
  page: queryPage(),
  parPage: queryPageSize(MAX_SELLER_ORDERS_PER_PAGE, SELLER_ORDERS_PER_PAGE),
  /** An order number (or its start) or part of the customer's name. */
  searchValue: queryText({
    max: SEARCH_MAX_LENGTH,
    message: `La búsqueda no puede superar los ${SEARCH_MAX_LENGTH} caracteres.`,
  }),
  status: queryChoice(DELIVERY_STATUSES, `Estado no válido: usa ${DELIVERY_STATUSES.join(", ")}.`),
});
export type SellerOrdersQuery = z.infer<typeof sellerOrdersQuery>;

export const sellerOrderParams = z.object({ id: uuid(SELLER_ORDER_NOT_FOUND) });

/** One sub-order in the seller's list. */
export const sellerOrderSummary = z.object({
  /** The sub-order (what `PUT /seller/order-status/update/{id}` moves). */
  _id: z.string(),
  orderId: z.string(),
  number: z.string(),
  customerName: z.string(),
  createdAt: isoDateTime,
  /** Units bought from this shop. */
  itemsCount: z.number().int(),
  subtotal: z.number().int(),
  /** The shop's own coupon on this part (issue 34) and what it took off; the shop bears it. */
  couponCode: z.string().nullable(),
  discount: z.number().int(),
  shipping_fee: z.number().int(),
  /** subtotal - discount + shipping_fee. */
  total: z.number().int(),
  /** The store's commission on the subtotal after the shop's coupon. */
  commission: z.number().int(),
  /** What the shop is credited: total - commission. */
  sellerNet: z.number().int(),
  payment_status: paymentStatus,
  delivery_status: deliveryStatus,
});
export type SellerOrderSummary = z.infer<typeof sellerOrderSummary>;

export const sellerOrdersAnswer = z.object({
  orders: z.array(sellerOrderSummary),
  totalOrder: z.number().int(),
  page: z.number().int(),
  parPage: z.number().int(),
});
export type SellerOrdersAnswer = z.infer<typeof sellerOrdersAnswer>;

/** An order line as the customer's order shows it (without its image), with the seller's money. */
export const sellerOrderLine = orderItem.omit({ image: true, imageUrl: true }).extend({
  /** The line's part of the shop's subtotal: lineTotal, or its share of a lower subtotal an accepted offer agreed. */
  saleTotal: z.number().int(),
  /** The commission share of this line (the sub-order's, split by sale total at each line's rate). */
  commission: z.number().int(),
  /** The rate this line was placed with, in basis points (500 = 5 %). */
  commissionBp: z.number().int(),
  /** saleTotal - commission. */
  sellerNet: z.number().int(),
});
export type SellerOrderLine = z.infer<typeof sellerOrderLine>;

export const sellerOrderDetail = sellerOrderSummary.extend({
  shopName: z.string(),
  shippingInfo,
  products: z.array(sellerOrderLine),
  /** The carrier's tracking number, given when it was shipped. */
  trackingNumber: z.string().nullable(),
  shippedAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
  /** When the customer confirmed they received it («Lo he recibido»); null before. */
  receivedAt: isoDateTime.nullable(),
  ...saleMoney.shape,
  /** The delivery statuses this sub-order may move to now (empty when none). */
  nextStatuses: z.array(deliveryStatus),
});
export type SellerOrderDetail = z.infer<typeof sellerOrderDetail>;

export const sellerOrderAnswer = z.object({ order: sellerOrderDetail });
export type SellerOrderAnswer = z.infer<typeof sellerOrderAnswer>;

/** Bearer calls: the seller owning the shop (an admin reads any); customers get 403. */
export const sellerOrderEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/seller/orders/:sellerId",
    params: sellerOrdersParams,
    query: sellerOrdersQuery,
    answer: sellerOrdersAnswer,
  }),
  detail: endpoint({
    method: "GET",
    path: "/seller/order/:id",
    params: sellerOrderParams,
    query: noInput,
    answer: sellerOrderAnswer,
  }),
};
