import type { FastifyInstance } from "fastify";
import {
  ADDED_TO_CART,
  addedUpToStock,
  ADDED_TO_COMPARE,
  ADDED_TO_WISHLIST,
  cartEndpoints as endpoints,
  LISTS_MERGED,
  ownProductsLeftOut,
  QUANTITY_UPDATED,
  REMOVED_FROM_CART,
  REMOVED_FROM_COMPARE,
  REMOVED_FROM_WISHLIST,
} from "#contract/cart";
import { FORBIDDEN } from "#contract/messages";
import type { CartSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { cartItems, compareItems, wishlistItems } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { route } from "../../route.js";
import {
  addToCart,
  addToCompare,
  addToWishlist,
  cartOf,
  cartProductCount,
  compareListOf,
  deleteLine,
  deleteStaleGuestLists,
  FieldError,
  mergeGuestLists,
  shopperCounts,
  stepQuantity,
  wishlistOf,
} from "./service.js";
import { currentShopper, registerShopperIdentity } from "./shopper.js";
import { sweepPeriodically } from "../../periodic.js";

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export interface CartRoutesOptions {
  db: Db;
  cart: CartSettings;
}

/**
 * SPEC.md section 7 "Cart, wishlist, compare", for a signed-in user (bearer token) or a visitor
 * (`Authorization: Guest <uuid>`), plus the header's counts and the sign-in merge of a guest's lists.
 */
export async function cartRoutes(app: FastifyInstance, opts: CartRoutesOptions) {
  const { db } = opts;
  registerShopperIdentity(app);

  // Abandoned guest lists only take room.
  sweepPeriodically(app, CLEANUP_INTERVAL_MS, () => deleteStaleGuestLists(db));

  route(app, endpoints.addToCart, async (request, reply) => {
    const shopper = currentShopper(request, request.body.userId);
    let added: Awaited<ReturnType<typeof addToCart>>;
    try {
      added = await addToCart(db, shopper, request.body);
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      return reply
        .status(400)
        .send({ message: error.message, errors: [{ field: error.field, message: error.message }] });
    }
    reply.status(201);
    return {
      message: added.capped ? addedUpToStock(added.quantity) : ADDED_TO_CART,
      card_product_count: await cartProductCount(db, shopper),
    };
  });

  route(app, endpoints.cart, (request) => cartOf(db, currentShopper(request, request.params.userId), opts.cart));

  route(app, endpoints.deleteCartLine, async (request) => {
    await deleteLine(db, cartItems, currentShopper(request), request.params.id);
    return { message: REMOVED_FROM_CART };
  });

  route(app, endpoints.quantityInc, async (request) => {
    await stepQuantity(db, currentShopper(request), request.params.id, 1);
    return { message: QUANTITY_UPDATED };
  });

  route(app, endpoints.quantityDec, async (request) => {
    await stepQuantity(db, currentShopper(request), request.params.id, -1);
    return { message: QUANTITY_UPDATED };
  });

  route(app, endpoints.addToWishlist, async (request, reply) => {
    await addToWishlist(db, currentShopper(request, request.body.userId), request.body.productId);
    reply.status(201);
    return { message: ADDED_TO_WISHLIST };
  });

  route(app, endpoints.wishlist, (request) => wishlistOf(db, currentShopper(request, request.params.userId)));

  route(app, endpoints.deleteWishlistLine, async (request) => {
    await deleteLine(db, wishlistItems, currentShopper(request), request.params.id);
    return { message: REMOVED_FROM_WISHLIST };
  });

  route(app, endpoints.addToCompare, async (request, reply) => {
    await addToCompare(db, currentShopper(request, request.body.userId), request.body.productId);
    reply.status(201);
    return { message: ADDED_TO_COMPARE };
  });

  route(app, endpoints.compareList, (request) => compareListOf(db, currentShopper(request, request.params.userId)));

  route(app, endpoints.deleteCompareLine, async (request) => {
    await deleteLine(db, compareItems, currentShopper(request), request.params.id);
    return { message: REMOVED_FROM_COMPARE };
  });

  route(app, endpoints.counts, (request) => shopperCounts(db, currentShopper(request, request.params.userId)));

  // Only a signed-in user takes a guest's lists: a guest merging into another guest would be pointless.
  route(app, endpoints.mergeGuestLists, async (request) => {
    const shopper = currentShopper(request);
    if (shopper.kind !== "user") throw new HttpError(403, FORBIDDEN);
    const { ownProductsLeftOut: leftOut } = await mergeGuestLists(db, shopper.id, request.body.guestId.toLowerCase());
    return { message: leftOut > 0 ? ownProductsLeftOut(leftOut) : LISTS_MERGED };
  });
}
