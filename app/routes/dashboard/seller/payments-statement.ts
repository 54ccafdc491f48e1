import type { LoaderFunctionArgs } from "@remix-run/node";
import { MONTH_PATTERN } from "#contract/withdrawals";
import { requireSeller } from "~/services/seller.server";
import { csvDownloadOf } from "~/services/csv.server";
import { ledgerOf, statementCsv } from "~/services/seller-payments.server";

/**
 * /dashboard/seller/payments/statement?month=YYYY-MM: the shop's ledger rows of that month as a CSV
 * file (the payments page's download link), for the seller's own books.
 */
export async function loader(args: LoaderFunctionArgs) {
  const area = await requireSeller(args);
  const month = new URL(args.request.url).searchParams.get("month") ?? "";
  if (!MONTH_PATTERN.test(month)) throw new Response(null, { status: 400, statusText: "Mes no válido" });
  const rows = await ledgerOf(area, month);
  return csvDownloadOf(`estado-de-cuenta-${month}.csv`, statementCsv(rows));
}
