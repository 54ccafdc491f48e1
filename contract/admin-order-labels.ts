import { formatSpanishNumber } from "./number-format";
import { DELIVERY_STATUSES, DELIVERY_STATUS_LABELS } from "./order-labels";

/**
 * The admin's orders filters' values and words and the CSV's cap (issue 35), without zod: the page
 * reads them before any form is used (tests/build/budget.spec.ts). The schemas are admin-orders.ts's.
 */

/** The most orders one CSV download holds: past it the admin narrows the filters (issue 35). */
export const ADMIN_ORDERS_CSV_MAX = 5000;
export const ADMIN_ORDERS_CSV_TOO_MANY = `La descarga admite hasta ${formatSpanishNumber(ADMIN_ORDERS_CSV_MAX, 0, 0)} pedidos: acota los filtros (por ejemplo, las fechas) para descargarlos.`;

/**
 * The delivery filter: one status, or «sin enviar» (pending or being prepared), so that "paid and
 * not yet sent" is one question with the payment filter.
 */
export const ADMIN_DELIVERY_FILTERS = ["sin_enviar", ...DELIVERY_STATUSES] as const;
export type AdminDeliveryFilter = (typeof ADMIN_DELIVERY_FILTERS)[number];
export const ADMIN_DELIVERY_FILTER_LABELS: Record<AdminDeliveryFilter, string> = {
  sin_enviar: "Sin enviar (pendiente o en preparación)",
  ...DELIVERY_STATUS_LABELS,
};
/** The delivery statuses «sin enviar» stands for. */
export const UNSENT_DELIVERY_STATUSES = ["pendiente", "procesando"] as const;
