import { data, redirect } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import type * as Contract from "../../api/src/modules/cart/contract";
import { api, ApiError, type ApiRequest } from "./api.server";
import { getUser, requireAccount, type AccountClient, type RequestArgs, type SignedInUser } from "./auth.server";
import { toDetails, toSummary, type ProductDetails, type ProductSummary } from "./catalog.server";
import { commitSession, getSession, type Flash } from "./session.server";

/**
 * The shopper of one loader or action: the signed-in user (through the account client, which
 * refreshes its tokens on a 401) or a visitor known by the guest id in the session cookie. The
 * cart, favourites and compare calls (SPEC.md section 7) all go through here.
 */
export interface Shopper {
  user: SignedInUser | null;
  /** The `{userId}` of the API's paths: the user's id, the visitor's guest id, or null for a visitor with no lists yet. */
  readonly id: string | null;
  /** A read: a visitor without a guest id has nothing, so `empty` comes back without calling the API. */
  read<T>(path: (id: string) => string, empty: T): Promise<T>;
  /** A write: a visitor without a guest id gets one now. */
  write<T>(path: string, request?: ApiRequest): Promise<T>;
  /** Leaves a one-time message for the next page (FlashMessage). */
  flash(flash: Flash): void;
  /** The session cookie when this shopper changed it (refreshed tokens, a new guest id, a flash). */
  headers(force?: boolean): Promise<HeadersInit | undefined>;
  data<T>(value: T, status?: number): Promise<ReturnType<typeof data<T>>>;
  redirect(to: string, flash?: Flash): Promise<Response>;
}

const shoppers = new WeakMap<RequestArgs["context"], Promise<Shopper>>();

/** One shopper per request, so the root loader and a page's loader share one refresh. */
export function getShopper(args: RequestArgs): Promise<Shopper> {
  let shopper = shoppers.get(args.context);
  if (!shopper) {
    shopper = makeShopper(args);
    shoppers.set(args.context, shopper);
  }
  return shopper;
}

async function makeShopper(args: RequestArgs): Promise<Shopper> {
  const session = await getSession(args.request, args.context);
  const user = await getUser(args);
  const account: AccountClient | null = user ? await requireAccount(args) : null;
  const startToken = session.get("accessToken");
  let changed = false;

  function guestHeaders(guestId: string): Record<string, string> {
    return { authorization: `Guest ${guestId}` };
  }

  async function call<T>(path: string, request: ApiRequest = {}): Promise<T> {
    if (account) return account.call<T>(path, request);
    let guestId = session.get("guestId");
    if (!guestId) {
      guestId = randomUUID();
      session.set("guestId", guestId);
      changed = true;
    }
    return api<T>(path, { ...request, headers: { ...request.headers, ...guestHeaders(guestId) }, clientAddress: args.context.clientAddress });
  }

  const shopper: Shopper = {
    user,
    get id() {
      return user?.id ?? session.get("guestId") ?? null;
    },
    async read<T>(path: (id: string) => string, empty: T) {
      const id = shopper.id;
      if (!id) return empty;
      return call<T>(path(encodeURIComponent(id)));
    },
    write<T>(path: string, request: ApiRequest = {}) {
      return call<T>(path, request);
    },
    flash(flash: Flash) {
      session.flash("flash", flash);
      changed = true;
    },
    async headers(force = false) {
      const refreshed = session.get("accessToken") !== startToken;
      return force || changed || refreshed ? { "Set-Cookie": await commitSession(session) } : undefined;
    },
    async data<T>(value: T, status?: number) {
      return data(value, { status, headers: await shopper.headers() });
    },
    async redirect(to: string, flash?: Flash) {
      if (flash) shopper.flash(flash);
      return redirect(to, { headers: await shopper.headers() });
    },
  };
  return shopper;
}

/**
 * Right after a sign-in: the visitor's cart, favourites and compare list join the user's, and the
 * guest id is forgotten. A failure only costs the visitor's lists, never the sign-in.
 */
export async function mergeGuestLists(
  session: { get(key: "guestId"): string | undefined; unset(key: "guestId"): void },
  accessToken: string,
  clientAddress: string | undefined,
): Promise<void> {
  const guestId = session.get("guestId");
  if (!guestId) return;
  await api("/home/product/merge-guest-lists", {
    method: "POST",
    body: { guestId },
    headers: { authorization: `Bearer ${accessToken}` },
    clientAddress,
  }).catch((error: unknown) => console.error("No se pudieron unir las listas del visitante:", error));
  session.unset("guestId");
}

// ---- Typed calls -------------------------------------------------------------------------------

export interface ShopperCounts {
  cart: number;
  wishlist: number;
  compare: number;
  /** Unread notifications, for the bell of a signed-in user. */
  notifications: number;
}

export const NO_COUNTS: ShopperCounts = { cart: 0, wishlist: 0, compare: 0, notifications: 0 };

/** The header's badges in one call; a visitor with no lists costs none. */
export async function getCounts(shopper: Shopper): Promise<ShopperCounts> {
  const answer = await shopper.read<Contract.ShopperCountsAnswer | null>((id) => `/home/product/get-counts/${id}`, null);
  if (!answer) return NO_COUNTS;
  return { cart: answer.card_product_count, wishlist: answer.wishlist_count, compare: answer.comparelist_count, notifications: answer.notification_count };
}

export interface CartLine extends Omit<Contract.CartLine, "productInfo"> {
  product: ProductSummary;
}

export interface CartShopGroup extends Omit<Contract.CartShopGroup, "products"> {
  products: CartLine[];
}

export interface Cart extends Omit<Contract.CartAnswer, "card_products" | "outOfStockProduct"> {
  card_products: CartShopGroup[];
  outOfStockProduct: CartLine[];
}

const EMPTY_CART: Contract.CartAnswer = {
  card_products: [],
  price: 0,
  shipping_fee: 0,
  card_product_count: 0,
  buy_product_item: 0,
  outOfStockProduct: [],
};

function toLine({ productInfo, ...line }: Contract.CartLine): CartLine {
  return { ...line, product: toSummary(productInfo) };
}

export async function getCart(shopper: Shopper): Promise<Cart> {
  const answer = await shopper.read<Contract.CartAnswer>((id) => `/home/product/get-card-product/${id}`, EMPTY_CART);
  return {
    ...answer,
    card_products: answer.card_products.map(({ products, ...group }) => ({ ...group, products: products.map(toLine) })),
    outOfStockProduct: answer.outOfStockProduct.map(toLine),
  };
}

export interface WishlistItem {
  _id: string;
  productId: string;
  product: ProductSummary;
}

export async function getWishlist(shopper: Shopper): Promise<WishlistItem[]> {
  const answer = await shopper.read<Contract.WishlistAnswer>((id) => `/home/product/get-wishlist-products/${id}`, {
    wishlists: [],
    wishlistCount: 0,
  });
  return answer.wishlists.map(({ productInfo, ...item }) => ({ ...item, product: toSummary(productInfo) }));
}

export interface CompareItem {
  _id: string;
  productId: string;
  product: ProductDetails;
}

export async function getCompareList(shopper: Shopper): Promise<CompareItem[]> {
  const answer = await shopper.read<Contract.CompareAnswer>((id) => `/home/product/get-compare-products/${id}`, {
    comparelist: [],
    compareCount: 0,
  });
  return answer.comparelist.map(({ productInfo, ...item }) => ({ ...item, product: toDetails(productInfo) }));
}

export { COMPARE_LIMIT } from "../../api/src/modules/cart/contract";

/** The API's message of a refused call, or the generic one. */
export function refusalMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return "Error en la operación";
}
