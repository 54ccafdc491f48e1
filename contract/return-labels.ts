import type { PaymentMethod } from "./order-labels";

/** What a return's pages show, without zod: the order pages show them without loading the schema library. */

/**
 * solicitada → aceptada (the shop's instructions) | rechazada (its reason); aceptada → reembolsada
 * when the shop marks the goods received, in the refund's own transaction (decision 0056).
 */
export const RETURN_STATUSES = ["solicitada", "aceptada", "rechazada", "reembolsada"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  solicitada: "Solicitada",
  aceptada: "Aceptada: envía los productos",
  rechazada: "Rechazada",
  reembolsada: "Recibida y reembolsada",
};

/** Where a refund went, by how the order was paid. */
export const REFUND_METHOD_LABELS: Record<PaymentMethod, string> = {
  cartera: "a tu cartera",
  tarjeta_prueba: "a la tarjeta de prueba (modo de prueba: no se movió dinero real)",
  paypal: "a tu tarjeta, a través de PayPal",
};
