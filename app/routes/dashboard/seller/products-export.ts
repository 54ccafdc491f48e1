import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvDownloadOf } from "~/services/csv.server";
import { exportedProducts, productsCsv } from "~/services/seller-exports.server";
import { requireSeller } from "~/services/seller.server";

/**
 * /dashboard/seller/products/export: every product of the shop (any state) as a CSV file, the
 * products page's download link (issue 34).
 */
export async function loader(args: LoaderFunctionArgs) {
  const area = await requireSeller(args);
  return csvDownloadOf("productos.csv", productsCsv(await exportedProducts(area)));
}
