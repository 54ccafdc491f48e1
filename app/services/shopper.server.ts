import type { AppLoadContext } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { cartEndpoints } from "#contract/cart";
import type * as Contract from "#contract/cart";
import type { AnswerOf, Endpoint } from "#contract/http";
import { GENERIC_ERROR } from "#contract/messages";
import { ApiError, callApi, type CallArgs, type CallInput } from "./api.server";
import { getUser, requireAccount, type AccountClient, type RequestArgs, type SignedInUser } from "./auth.server";
import { toDetails, toSummary, type ProductDetails, type ProductSummary } from "./catalog.server";

/**
 * The shopper of one request: the signed-in user (through the account client, which refreshes its
 * tokens on a 401) or a visitor known by the guest id in the session cookie. The cart, favourites
 * and compare calls (SPEC.md section 7) all go through here.
 */
export interface Shopper {
  user: SignedInUser | null;
  /** The `{userId}` of the API's paths: the user's id, the visitor's guest id, or null for a visitor with no lists yet. */
  readonly id: string | null;
  /** A read: a visitor without a guest id has nothing, so `empty` comes back without calling the API. */
  read<E extends Endpoint>(
    definition: E,
    input: (shopperId: string) => CallInput<E>,
    empty: AnswerOf<E>,
  ): Promise<AnswerOf<E>>;
  /** A write: a visitor without a guest id gets one now. */
  write<E extends Endpoint>(definition: E, ...args: CallArgs<E>): Promise<AnswerOf<E>>;
}

const shoppers = new WeakMap<AppLoadContext, Shopper>();

/** One shopper per request, so the root loader and a page's loader share one refresh. */
export function getShopper(args: RequestArgs): Shopper {
  let shopper = shoppers.get(args.context);
  if (!shopper) {
    shopper = makeShopper(args);
    shoppers.set(args.context, shopper);
  }
  return shopper;
}

function makeShopper(args: RequestArgs): Shopper {
  const { context } = args;
  const { session } = context;
  const user = getUser(args);
  const account: AccountClient | null = user ? requireAccount(args) : null;

  function call(definition: Endpoint, input: CallInput<Endpoint> = {}): Promise<unknown> {
    if (account) return account.call(definition, input);
    let guestId = session.get("guestId");
    if (!guestId) {
      guestId = randomUUID();
      session.set("guestId", guestId);
    }
    const headers = { ...input.headers, authorization: `Guest ${guestId}` };
    return callApi(context.api.caller, definition, { ...input, headers });
  }

  const shopper = {
    user,
    get id() {
      return user?.id ?? session.get("guestId") ?? null;
    },
    read(definition: Endpoint, input: (shopperId: string) => CallInput<Endpoint>, empty: unknown) {
      const id = shopper.id;
      if (!id) return Promise.resolve(empty);
      return call(definition, input(id));
    },
    write(definition: Endpoint, input?: CallInput<Endpoint>) {
      return call(definition, input);
    },
  };
  return shopper as Shopper;
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

const NO_COUNTS_ANSWER: Contract.ShopperCountsAnswer = {
  card_product_count: 0,
  wishlist_count: 0,
  comparelist_count: 0,
  notification_count: 0,
};

/** The `{userId}` of the cart, favourites, compare and counts paths: the shopper's own id. */
function byShopper(shopperId: string) {
  return { params: { userId: shopperId } };
}

/** The header's badges in one call; a visitor with no lists costs none. */
export async function getCounts(shopper: Shopper): Promise<ShopperCounts> {
  const answer = await shopper.read(cartEndpoints.counts, byShopper, NO_COUNTS_ANSWER);
  return {
    cart: answer.card_product_count,
    wishlist: answer.wishlist_count,
    compare: answer.comparelist_count,
    notifications: answer.notification_count,
  };
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
  const answer = await shopper.read(cartEndpoints.cart, byShopper, EMPTY_CART);
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
  const answer = await shopper.read(cartEndpoints.wishlist, byShopper, { wishlists: [], wishlistCount: 0 });
  return answer.wishlists.map(({ productInfo, ...item }) => ({ ...item, product: toSummary(productInfo) }));
}

export interface CompareItem {
  _id: string;
  productId: string;
  product: ProductDetails;
}

export async function getCompareList(shopper: Shopper): Promise<CompareItem[]> {
  const answer = await shopper.read(cartEndpoints.compareList, byShopper, { comparelist: [], compareCount: 0 });
  return answer.comparelist.map(({ productInfo, ...item }) => ({ ...item, product: toDetails(productInfo) }));
}

/** The API's message of a refused call, or the generic one. */
export function refusalMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return GENERIC_ERROR;
}
