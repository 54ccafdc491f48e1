/**
 * What an order's statuses and payment methods are, and what pages call them, without zod: a page
 * that only shows orders does not load the schema library. orders.ts builds its schemas on these.
 */

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
