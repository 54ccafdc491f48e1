import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { CartSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { cartItems, compareItems, wishlistItems } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { FORBIDDEN } from "../accounts/auth.js";
import type { MessageAnswer } from "../accounts/schemas.js";
import { addToCartBody, lineParams, mergeGuestListsBody, productListItemBody, userParams } from "./schemas.js";
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

const ADDED_TO_CART = "Producto agregado al carrito.";
const REMOVED_FROM_CART = "Producto eliminado del carrito.";
const QUANTITY_UPDATED = "Cantidad actualizada.";
const ADDED_TO_WISHLIST = "Producto agregado a favoritos.";
const REMOVED_FROM_WISHLIST = "Producto eliminado de favoritos.";
const ADDED_TO_COMPARE = "Producto agregado a la comparación.";
const REMOVED_FROM_COMPARE = "Producto eliminado de la comparación.";
const LISTS_MERGED = "Listas combinadas.";

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
  const routes = app.withTypeProvider<ZodTypeProvider>();
  registerShopperIdentity(app);

  // Abandoned guest lists only take room.
  sweepPeriodically(app, CLEANUP_INTERVAL_MS, () => deleteStaleGuestLists(db));

  routes.post("/home/product/add-to-card", { schema: { body: addToCartBody } }, async (request, reply) => {
    const shopper = currentShopper(request, request.body.userId);
    try {
      await addToCart(db, shopper, request.body);
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      return reply.status(400).send({ message: error.message, errors: [{ field: error.field, message: error.message }] });
    }
    reply.status(201);
    return { message: ADDED_TO_CART, card_product_count: await cartProductCount(db, shopper) };
  });

  routes.get("/home/product/get-card-product/:userId", { schema: { params: userParams } }, (request) =>
    cartOf(db, currentShopper(request, request.params.userId), opts.cart),
  );

  routes.delete("/home/product/delete-card-product/:id", { schema: { params: lineParams } }, async (request): Promise<MessageAnswer> => {
    await deleteLine(db, cartItems, currentShopper(request), request.params.id);
    return { message: REMOVED_FROM_CART };
  });

  routes.put("/home/product/quantity-inc/:id", { schema: { params: lineParams } }, async (request): Promise<MessageAnswer> => {
    await stepQuantity(db, currentShopper(request), request.params.id, 1);
    return { message: QUANTITY_UPDATED };
  });

  routes.put("/home/product/quantity-dec/:id", { schema: { params: lineParams } }, async (request): Promise<MessageAnswer> => {
    await stepQuantity(db, currentShopper(request), request.params.id, -1);
    return { message: QUANTITY_UPDATED };
  });

  routes.post("/home/product/add-to-wishlist", { schema: { body: productListItemBody } }, async (request, reply): Promise<MessageAnswer> => {
    await addToWishlist(db, currentShopper(request, request.body.userId), request.body.productId);
    reply.status(201);
    return { message: ADDED_TO_WISHLIST };
  });

  routes.get("/home/product/get-wishlist-products/:userId", { schema: { params: userParams } }, (request) =>
    wishlistOf(db, currentShopper(request, request.params.userId)),
  );

  routes.delete("/home/product/delete-wishlist-product/:id", { schema: { params: lineParams } }, async (request): Promise<MessageAnswer> => {
    await deleteLine(db, wishlistItems, currentShopper(request), request.params.id);
    return { message: REMOVED_FROM_WISHLIST };
  });

  routes.post("/home/product/add-to-compare", { schema: { body: productListItemBody } }, async (request, reply): Promise<MessageAnswer> => {
    await addToCompare(db, currentShopper(request, request.body.userId), request.body.productId);
    reply.status(201);
    return { message: ADDED_TO_COMPARE };
  });

  routes.get("/home/product/get-compare-products/:userId", { schema: { params: userParams } }, (request) =>
    compareListOf(db, currentShopper(request, request.params.userId)),
  );

  routes.delete("/home/product/delete-compare-product/:id", { schema: { params: lineParams } }, async (request): Promise<MessageAnswer> => {
    await deleteLine(db, compareItems, currentShopper(request), request.params.id);
    return { message: REMOVED_FROM_COMPARE };
  });

  routes.get("/home/product/get-counts/:userId", { schema: { params: userParams } }, (request) =>
    shopperCounts(db, currentShopper(request, request.params.userId)),
  );

  // Only a signed-in user takes a guest's lists: a guest merging into another guest would be pointless.
  routes.post("/home/product/merge-guest-lists", { schema: { body: mergeGuestListsBody } }, async (request): Promise<MessageAnswer> => {
    const shopper = currentShopper(request);
    if (shopper.kind !== "user") throw new HttpError(403, FORBIDDEN);
    await mergeGuestLists(db, shopper.id, request.body.guestId.toLowerCase());
    return { message: LISTS_MERGED };
  });
}
