import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/admin.server";
import { adminOrdersCsv } from "~/services/admin-orders.server";

/** /dashboard/admin/orders.csv?<the list's filters>: every order they match, as the list's «Descargar CSV» file. */
export async function loader(args: LoaderFunctionArgs) {
  return adminOrdersCsv(args, requireAdmin(args));
}
