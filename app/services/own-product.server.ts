import { getUser, requireAccount, type RequestArgs } from "./auth.server";
import { logError } from "./log.server";
import { getMyShopRequest } from "./shops.server";

/**
 * Whether the signed-in user sells this product (its shop is theirs): their product page then
 * offers to edit it instead of buying it, which the API refuses. Only sellers and admins (who may
 * also own a shop) have a shop to ask about; when it cannot be read the page offers the usual form.
 */
export async function isOwnProduct(args: RequestArgs, product: { shop: { slug: string } }): Promise<boolean> {
  const user = getUser(args);
  if (!user || (user.role !== "seller" && user.role !== "admin")) return false;
  try {
    const request = await getMyShopRequest(requireAccount(args));
    return request?.slug === product.shop.slug;
  } catch (error) {
    if (error instanceof Response) throw error;
    logError("No se pudo leer la tienda del vendedor", error);
    return false;
  }
}
