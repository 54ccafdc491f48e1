import { z } from "zod";
import { endpoint, noInput } from "./http";
import { ORDERS_EXPORT_MAX_DAYS } from "./limits";
import { orderedWindow, storeDay } from "./promotions";
import { PRODUCT_STATES } from "./seller-product-labels";
import { sellerOrderSummary } from "./seller-orders";

/**
 * A seller's CSV downloads (issue 34): the shop's whole catalogue (every state, not archived) and
 * its order parts placed between two calendar days of the store (contract/store-time.ts). The API
 * answers rows; the web writes the CSV (app/services/csv.server.ts). Money is integer cents (USD).
 */

// The range's limit lives with the other limits, so the orders page states it without loading zod.
export { ORDERS_EXPORT_MAX_DAYS };

export const EXPORT_FROM_MISSING = "Elige el primer día.";
export const EXPORT_TO_MISSING = "Elige el último día.";
export const EXPORT_RANGE_TOO_LONG = `Elige como máximo ${ORDERS_EXPORT_MAX_DAYS} días.`;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: both days included, `to` not before `from`, at most ORDERS_EXPORT_MAX_DAYS. */
export const ordersExportQuery = z
  .object({ from: storeDay(EXPORT_FROM_MISSING), to: storeDay(EXPORT_TO_MISSING) })
  .superRefine((range, context) => {
    orderedWindow({ validFrom: range.from, validUntil: range.to }, context, "to");
    // A range the wrong way round counts no days: only its order is refused.
    if (dayNumber(range.to) - dayNumber(range.from) + 1 > ORDERS_EXPORT_MAX_DAYS)
      context.addIssue({ code: "custom", path: ["to"], message: EXPORT_RANGE_TOO_LONG });
  });
export type OrdersExportQuery = z.infer<typeof ordersExportQuery>;

/** One order part of the shop, as the orders list has it, with its lines. */
export const exportedOrder = sellerOrderSummary.extend({
  lines: z.array(z.object({ name: z.string(), size: z.string().nullable(), quantity: z.number().int() })),
});
export type ExportedOrder = z.infer<typeof exportedOrder>;

export const ordersExportAnswer = z.object({ orders: z.array(exportedOrder) });

/** One product of the shop as the CSV writes it: the fields the product form takes, category by slug. */
export const exportedProduct = z.object({
  _id: z.string(),
  name: z.string(),
  categorySlug: z.string(),
  brand: z.string(),
  price: z.number().int(),
  discount: z.number().int(),
  color: z.string(),
  tag: z.string(),
  description: z.string(),
  state: z.enum(PRODUCT_STATES),
  lowStockThreshold: z.number().int(),
  stock: z.number().int(),
  sizes: z.array(z.object({ size: z.string(), stock: z.number().int() })),
  specs: z.record(z.string(), z.string()),
});
export type ExportedProduct = z.infer<typeof exportedProduct>;

export const productsExportAnswer = z.object({ products: z.array(exportedProduct) });

/** Bearer calls of a seller, on their own shop only (admins and customers: 403). */
export const sellerExportEndpoints = {
  products: endpoint({ method: "GET", path: "/seller/export/products", query: noInput, answer: productsExportAnswer }),
  orders: endpoint({
    method: "GET",
    path: "/seller/export/orders",
    query: ordersExportQuery,
    answer: ordersExportAnswer,
  }),
};
