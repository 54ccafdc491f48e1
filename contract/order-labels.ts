/**
 * What an order's statuses and payment methods are, the customer's order filters, and what pages
 * call them, without zod: a page that only shows orders does not load the schema library. orders.ts
 * and customer.ts build their schemas on these.
 */

/** The short number a customer sees for an order (expiry's SQL in migration 0011 writes it the same way). */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

/**
 * What an accepted offer took off one shop's part: its lines at the prices ordered, less the subtotal
 * agreed. 0 where no offer was accepted.
 */
export function acceptedOfferDiscount(part: { subtotal: number; products: { lineTotal: number }[] }): number {
  return Math.max(0, part.products.reduce((sum, line) => sum + line.lineTotal, 0) - part.subtotal);
}

/** What a customer and a seller read beside that amount. */
export const ACCEPTED_OFFER_LABEL = "Oferta aceptada";

/**
 * How a part's handing over is dated: a part delivered without being sent first (the status
 * service stamps both moments in one statement, so they are equal) was handed over, not shipped.
 */
export function deliveredWithoutShipping(part: { shippedAt: string | null; deliveredAt: string | null }): boolean {
  return part.shippedAt !== null && part.shippedAt === part.deliveredAt;
}

/** Shown where a part was sent without a tracking number. */
export const NO_TRACKING_NUMBER = "sin número de seguimiento";

export function handedOverLabel(part: { shippedAt: string | null; deliveredAt: string | null }): string {
  return deliveredWithoutShipping(part) ? "Entregado el" : "Enviado el";
}

/** Where an order, or one shop's part of it, is on its way (the database's enum follows this one). */
export const DELIVERY_STATUSES = ["pendiente", "procesando", "enviado", "entregado", "cancelado"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What a customer reads for each delivery status, on every page and in every notice. */
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pendiente: "Pendiente",
  procesando: "En preparación",
  enviado: "Enviado",
  entregado: "Entregado",
  cancelado: "Cancelado",
};

export const PAYMENT_STATUSES = ["sin_pagar", "pagado", "reembolsado"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a customer reads for each payment status. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  sin_pagar: "Sin pagar",
  pagado: "Pagado",
  reembolsado: "Reembolsado",
};

export const PAYMENT_METHODS = ["cartera", "tarjeta_prueba", "paypal"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How an order was paid, as its pages say it. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cartera: "Cartera",
  tarjeta_prueba: "Tarjeta (modo de prueba)",
  paypal: "PayPal",
};

/** The filters of GET /home/customer/get-orders: every order, one delivery status, or the unpaid ones still payable. */
export const CUSTOMER_ORDER_FILTERS = ["all", "sin_pagar", ...DELIVERY_STATUSES] as const;
export type CustomerOrderFilter = (typeof CUSTOMER_ORDER_FILTERS)[number];

/** What the filters read on /dashboard/my-orders. */
export const ORDER_FILTER_LABELS: Record<CustomerOrderFilter, string> = {
  all: "Todos",
  sin_pagar: PAYMENT_STATUS_LABELS.sin_pagar,
  pendiente: "Pendientes",
  procesando: DELIVERY_STATUS_LABELS.procesando,
  enviado: "Enviados",
  entregado: "Entregados",
  cancelado: "Cancelados",
};
