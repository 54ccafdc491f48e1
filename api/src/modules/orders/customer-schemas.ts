import { z } from "zod";
import type { DeliveryStatus, OrderDetail, PaymentStatus, ShopOrder } from "./contract.js";

/**
 * The customer's dashboard and order calls, and the offers on unpaid shop orders (SPEC.md section
 * 7 "Dashboards", "Orders"): their inputs and answer shapes, shared by the API and the web. Money
 * is integer cents (USD); dates are ISO 8601 strings.
 */

/** An empty body arrives as null, not undefined: one text serves both cases. */
const objectExpected = (message: string) => ({ required_error: message, invalid_type_error: message });

const uuid = (invalid: string) => z.string({ required_error: invalid, invalid_type_error: invalid }).uuid(invalid);

/** The filters of GET /home/customer/get-orders: every order, one delivery status, or the unpaid ones still payable. */
export const CUSTOMER_ORDER_FILTERS = ["all", "sin_pagar", "pendiente", "procesando", "enviado", "entregado", "cancelado"] as const;
export type CustomerOrderFilter = (typeof CUSTOMER_ORDER_FILTERS)[number];

/** Orders per page of the customer's list unless `parPage` says otherwise. */
export const CUSTOMER_ORDERS_PER_PAGE = 10;
const MAX_ORDERS_PER_PAGE = 50;

export const dashboardParams = z.object({ userId: uuid("El usuario no es válido.") });

export const customerOrdersParams = z.object({
  customerId: uuid("El usuario no es válido."),
  status: z.enum(CUSTOMER_ORDER_FILTERS, { errorMap: () => ({ message: "El estado del pedido no es válido." }) }),
});

export const customerOrdersQuery = z.object({
  page: z.coerce.number({ invalid_type_error: "La página no es válida." }).int("La página no es válida.").min(1, "La página no es válida.").max(100_000, "La página no es válida.").default(1),
  parPage: z.coerce
    .number({ invalid_type_error: "El tamaño de página no es válido." })
    .int("El tamaño de página no es válido.")
    .min(1, "El tamaño de página no es válido.")
    .max(MAX_ORDERS_PER_PAGE, `Se muestran como mucho ${MAX_ORDERS_PER_PAGE} pedidos por página.`)
    .default(CUSTOMER_ORDERS_PER_PAGE),
});

/** Highest offer the form accepts, in cents: far above any order, only a guard against absurd input. */
export const MAX_OFFER_CENTS = 100_000_000;

const offerPrice = z
  .number({ required_error: "Escriba el precio que propone.", invalid_type_error: "Escriba el precio que propone." })
  .int("El precio no es válido.")
  .min(1, "El precio propuesto debe ser mayor que cero.")
  .max(MAX_OFFER_CENTS, "El precio propuesto no es válido.");

/** A customer's proposal of a lower subtotal (cents) for one shop's part of their unpaid order. */
export const offerBody = z.object(
  { shopOrderId: uuid("La tienda del pedido no es válida."), price: offerPrice },
  objectExpected("Envíe la oferta."),
);
export type OfferBody = z.infer<typeof offerBody>;

export const sellerOfferParams = z.object({ orderId: uuid("El pedido no es válido."), userId: uuid("El usuario no es válido.") });

/** The seller's answer to a pending offer. */
export const sellerResponseBody = z.object(
  {
    offerId: uuid("La oferta no es válida."),
    status: z.enum(["aceptada", "rechazada"], { errorMap: () => ({ message: "Elija aceptar o rechazar la oferta." }) }),
  },
  objectExpected("Envíe la respuesta a la oferta."),
);
export type SellerResponseBody = z.infer<typeof sellerResponseBody>;

// ---- Answers ------------------------------------------------------------------------------------

/** One order of the customer's lists. */
export interface CustomerOrderSummary {
  _id: string;
  number: string;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  /** What the customer pays. */
  price: number;
  delivery_status: DeliveryStatus;
  payment_status: PaymentStatus;
  /** True while the order can still be paid (unpaid, not expired, not cancelled). */
  payable: boolean;
  /** Shops the order was split between. */
  shopCount: number;
  /** Units bought. */
  itemCount: number;
}

export interface CustomerDashboardAnswer {
  totalOrder: number;
  /** Orders whose delivery is still 'pendiente'. */
  pendingOrder: number;
  cancelledOrder: number;
  /** The five newest. */
  recentOrders: CustomerOrderSummary[];
}

export interface CustomerOrdersAnswer {
  orders: CustomerOrderSummary[];
  /** Orders matching the filter, on every page. */
  totalOrder: number;
  page: number;
  parPage: number;
}

export type OfferStatus = "pendiente" | "aceptada" | "rechazada";

export interface Offer {
  _id: string;
  shopOrderId: string;
  /** The proposed subtotal of the shop order. */
  price: number;
  status: OfferStatus;
  createdAt: string;
  answeredAt: string | null;
}

export interface CustomerShopOrder extends ShopOrder {
  /** Every offer made on this shop order, newest first. */
  offers: Offer[];
  /** True while an offer may be proposed: the order is unpaid and payable, with no offer pending here. */
  canOffer: boolean;
}

export interface CustomerOrderDetail extends Omit<OrderDetail, "suborders"> {
  /** True while the order can still be paid (unpaid, not expired, not cancelled). */
  payable: boolean;
  suborders: CustomerShopOrder[];
}

export interface CustomerOrderAnswer {
  order: CustomerOrderDetail;
}

export interface CustomerOrderOffersAnswer {
  /** Every offer on the order's shop orders, newest first. */
  offers: Offer[];
}

export interface OfferCreatedAnswer {
  message: string;
  offer: Offer;
}

/** A pending offer as its seller sees it. */
export interface SellerOffer extends Offer {
  orderId: string;
  orderNumber: string;
  shopName: string;
  customerName: string;
  /** The shop order's subtotal now, which the offer would replace. */
  currentSubtotal: number;
}

export interface SellerOffersAnswer {
  offers: SellerOffer[];
}

export interface SellerResponseAnswer {
  message: string;
  offer: Offer;
}
