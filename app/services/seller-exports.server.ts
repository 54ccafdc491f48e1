import { DELIVERY_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "#contract/order-labels";
import {
  ordersExportQuery,
  sellerExportEndpoints,
  type ExportedOrder,
  type ExportedProduct,
  type OrdersExportQuery,
} from "#contract/seller-exports";
import { LIST_SEPARATOR, listCell, priceCell, PRODUCT_CSV_COLUMNS } from "#contract/product-csv";
import { storeDay } from "#contract/store-time";
import { csvText, type CsvColumn } from "./csv.server";
import { formatPrice } from "./money";
import { pageErrorOf } from "./admin.server";
import type { SellerArea } from "./seller.server";
import { shortDateTime } from "./times.server";

/**
 * The seller's CSV downloads (issue 34): the whole catalogue and the order parts of a date range,
 * written by csvText (BOM, `;`, quoted, CRLF, formula guard).
 */

/** Products as a spreadsheet: one row a product; its sizes (with their stock) in one cell. */
export function productsCsv(rows: readonly ExportedProduct[]): string {
  return csvText(
    PRODUCT_CSV_COLUMNS,
    rows.map((product) => [
      product._id,
      product.name,
      product.categorySlug,
      product.brand,
      priceCell(product.price),
      String(product.discount),
      product.color,
      product.tag,
      product.description,
      product.state,
      String(product.lowStockThreshold),
      String(product.stock),
      listCell(product.sizes.map((entry) => [entry.size, entry.stock])),
      listCell(Object.entries(product.specs)),
    ]),
  );
}

const ORDER_COLUMNS: CsvColumn[] = [
  { header: "Pedido" },
  { header: "Fecha" },
  { header: "Cliente", text: true },
  { header: "Productos", text: true },
  { header: "Unidades" },
  { header: "Subtotal" },
  { header: "Cupón", text: true },
  { header: "Descuento" },
  { header: "Envío" },
  { header: "Total" },
  { header: "Comisión" },
  { header: "Neto para la tienda" },
  { header: "Pago" },
  { header: "Entrega" },
];

/** Order parts as a spreadsheet: one row a part, its lines in one cell («2 × Pelotas (M)»). */
export function ordersCsv(rows: readonly ExportedOrder[]): string {
  return csvText(
    ORDER_COLUMNS,
    rows.map((order) => [
      `#${order.number}`,
      shortDateTime(order.createdAt),
      order.customerName,
      order.lines
        .map((line) => `${line.quantity} × ${line.name}${line.size ? ` (${line.size})` : ""}`)
        .join(LIST_SEPARATOR),
      String(order.itemsCount),
      formatPrice(order.subtotal),
      order.couponCode ?? "",
      formatPrice(order.discount),
      formatPrice(order.shipping_fee),
      formatPrice(order.total),
      formatPrice(order.commission),
      formatPrice(order.sellerNet),
      PAYMENT_STATUS_LABELS[order.payment_status],
      DELIVERY_STATUS_LABELS[order.delivery_status],
    ]),
  );
}

/** `GET /seller/export/products`: the shop's whole catalogue. */
export async function exportedProducts(area: SellerArea): Promise<ExportedProduct[]> {
  const answer = await area.account.call(sellerExportEndpoints.products, {}).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return answer.products;
}

/** `GET /seller/export/orders`: the shop's order parts of the range. */
export async function exportedOrders(area: SellerArea, range: OrdersExportQuery): Promise<ExportedOrder[]> {
  const answer = await area.account.call(sellerExportEndpoints.orders, { query: range }).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return answer.orders;
}

/**
 * The orders page's export form: what the address says once it came back refused (with each
 * field's message), else this month's first day to today, in the store's calendar.
 */
export function ordersExportDefaults(params: URLSearchParams, now: Date): OrdersExportForm {
  if (params.has("from") || params.has("to")) return ordersExportForm(params);
  const today = storeDay(now.toISOString());
  return { from: `${today.slice(0, 8)}01`, to: today, errors: {}, range: null };
}

/** The export form's values and, when it was sent and is wrong, each field's message. */
export interface OrdersExportForm {
  from: string;
  to: string;
  errors: Partial<Record<"from" | "to", string>>;
  range: OrdersExportQuery | null;
}

/** Reads `?from&to` with the API's own rules (contract), so a wrong range is said beside its field. */
export function ordersExportForm(params: URLSearchParams): OrdersExportForm {
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const parsed = ordersExportQuery.safeParse({ from, to });
  if (parsed.success) return { from, to, errors: {}, range: parsed.data };
  const errors: OrdersExportForm["errors"] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "from" || field === "to") && !errors[field]) errors[field] = issue.message;
  }
  return { from, to, errors, range: null };
}
