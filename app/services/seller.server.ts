import type { ShopStatus } from "#contract/shop-labels";
import { forbidden } from "./admin.server";
import { getUser, requireAccount, type AccountClient, type RequestArgs } from "./auth.server";
import { getMyShopRequest } from "./shops.server";

/**
 * The seller area (issue 11): who may enter it, and what a suspended shop may still do there.
 * Sellers with an approved shop work here; a seller whose shop an admin suspended still sees their
 * products and stock (with a banner saying why) but every change is refused with that message.
 */

/** The seller's shop as the area shows it. */
export interface SellerShop {
  name: string;
  slug: string;
  status: ShopStatus;
  /** Why an admin suspended it (null while it sells). */
  statusReason: string | null;
}

export interface SellerArea {
  account: AccountClient;
  shop: SellerShop;
  /** Why no change may be made now (a suspended shop), or null when the seller may act. */
  refusal: string | null;
}

/** The banner's and every refused action's message for a suspended shop. */
export function suspendedShopMessage(reason: string | null): string {
  const why = reason?.trim() ? ` Motivo: ${reason.trim().replace(/\.?$/, ".")}` : "";
  return `Tu tienda está suspendida y tus productos no se muestran en la tienda.${why} Mientras tanto no puedes crear, cambiar ni borrar productos, ni cambiar tu stock; escríbenos desde Contacto si crees que es un error.`;
}

/** Statuses whose owner enters the area: 'aprobada' sells, 'suspendida' only looks. */
const AREA_STATUSES: readonly ShopStatus[] = ["aprobada", "suspendida"];

/**
 * The signed-in seller with their shop. A visitor is sent to sign in (and brought back); a customer,
 * an admin, or a seller without an approved or suspended shop gets the 403 page. The shop is read
 * first: a role changed by an approval makes the session's token stale, the call refreshes it, and
 * the role is then read from the fresh token.
 */
export async function requireSeller(args: RequestArgs): Promise<SellerArea> {
  const account = requireAccount(args);
  const request = await getMyShopRequest(account);
  const role = getUser(args)?.role ?? account.user.role;
  if (role !== "seller" || !request || !AREA_STATUSES.includes(request.status)) throw forbidden();
  const shop: SellerShop = {
    name: request.shopName,
    slug: request.slug,
    status: request.status,
    statusReason: request.statusReason,
  };
  const refusal = shop.status === "aprobada" ? null : suspendedShopMessage(shop.statusReason);
  return { account: { ...account, user: { ...account.user, role } }, shop, refusal };
}
