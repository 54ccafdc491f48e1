import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { sellerPaths } from "~/components/seller/seller-paths";
import { requireSeller } from "~/services/seller.server";

/** /dashboard/seller: the area opens on the seller's products (a seller may enter; anyone else gets the 403 page first). */
export async function loader(args: LoaderFunctionArgs) {
  await requireSeller(args);
  throw redirect(sellerPaths.products);
}
