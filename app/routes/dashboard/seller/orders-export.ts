import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { csvDownloadOf } from "~/services/csv.server";
import { exportedOrders, ordersCsv, ordersExportForm } from "~/services/seller-exports.server";
import { requireSeller } from "~/services/seller.server";
import { sellerPaths } from "./paths";

/**
 * /dashboard/seller/orders/export?from=YYYY-MM-DD&to=YYYY-MM-DD: the shop's order parts of those
 * store days as a CSV file (issue 34). A wrong range goes back to the orders page with what was
 * typed, where each field says what is wrong (its loader reads the same address).
 */
export async function loader(args: LoaderFunctionArgs) {
  const area = await requireSeller(args);
  const params = new URL(args.request.url).searchParams;
  const form = ordersExportForm(params);
  if (!form.range) {
    const back = new URLSearchParams({ from: form.from, to: form.to });
    throw redirect(`${sellerPaths.orders}?${back}#exportar-pedidos`);
  }
  const rows = await exportedOrders(area, form.range);
  return csvDownloadOf(`pedidos-${form.range.from}-a-${form.range.to}.csv`, ordersCsv(rows));
}
