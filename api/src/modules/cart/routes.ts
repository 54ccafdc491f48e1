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
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
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

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "cart",
  description:
    'The cart, favourites (wishlist) and compare list (SPEC.md section 7 "Cart, wishlist, compare"), the ' +
    "header's counts and the sign-in merge of a visitor's lists. Shapes: `contract/cart.ts`.\n\n" +
    "**Who.** Every call names its shopper in `Authorization`: `Bearer <access token>` for a signed-in " +
    "user, `Guest <uuid>` for a visitor (a random id the web keeps in its session). Without either, or " +
    "with an invalid one, the answer is 401 `No autorizado.`. A `{userId}` in the path, and a `userId` " +
    "in a body when sent, must be the shopper's own id (403 `No tienes permiso para esta acción.`); a " +
    "line `{id}` of someone else answers 404 `Producto no encontrado en tu lista.`. An unknown product " +
    "answers 404 `Producto no encontrado`.\n\n" +
    "**Money.** Prices, totals and fees are computed by the server; any price a client sends is ignored. " +
    "Shipping: `SHIPPING_FEE_CENTS` for each shop with available lines, nothing once the available total " +
    "reaches `FREE_SHIPPING_THRESHOLD_CENTS`. Lines of a shop that is not selling (pending, rejected, " +
    "suspended) are listed apart as unavailable and cannot be raised or added (400 `Este producto no " +
    "está disponible: la tienda no está vendiendo ahora.`).\n\n" +
    "**Concurrency.** Stock limits, the compare limit and the merge hold under concurrent calls (single " +
    "SQL statements with the bound in them; an advisory lock per compare list). Guest rows added more " +
    "than 30 days ago are deleted by an hourly sweep.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  addToCart: {
    summary: "Add a product to the cart",
    description:
      "`{productId, quantity? (1-99, default 1), size?, userId?}`: 201 `{message, card_product_count}`. " +
      "The line is capped at the stock (then `message` says how many units the line holds). 400 `Elige una " +
      "talla.` / `La talla elegida no existe.` (with `errors[size]`), `Producto agotado.`, `No hay más " +
      "unidades disponibles.`; 400 `Este producto es de tu propia tienda: no puedes comprarlo.` for a " +
      "seller's own product. A size for a product without sizes is ignored.",
  },
  cart: {
    summary: "The shopper's cart",
    description:
      "`CartAnswer`: the available lines grouped by shop (shops by name, lines by time added), with the " +
      "shops' subtotals, the shipping fee and the units; sold-out lines, and those of a shop not selling, " +
      "in `outOfStockProduct`. Lines above the stock are lowered to it first.",
  },
  deleteCartLine: {
    summary: "Remove a cart line",
    description: "`{message}`; 404 `Producto no encontrado en tu lista.` for a line that is not the shopper's.",
  },
  quantityInc: {
    summary: "One more unit of a cart line",
    description: "One unit per call: `{message}`; 400 `No hay más unidades disponibles.` at the stock.",
  },
  quantityDec: {
    summary: "One unit less of a cart line",
    description:
      "One unit per call: `{message}`; 400 `La cantidad mínima es 1.` at one unit (remove the line " + "instead).",
  },
  addToWishlist: {
    summary: "Add a product to the favourites",
    description: "`{productId, userId?}`: 201 `{message}`; 409 if it is already there.",
  },
  wishlist: {
    summary: "The shopper's favourites",
    description: "`WishlistAnswer`, newest first.",
  },
  deleteWishlistLine: {
    summary: "Remove a favourite",
    description: "`{message}`; 404 for a line that is not the shopper's.",
  },
  addToCompare: {
    summary: "Add a product to the compare list",
    description:
      "`{productId, userId?}`: 201 `{message}`; 409 if it is already there; 400 `Puedes comparar hasta 4 " +
      "productos.`. The limit holds under concurrent calls (an advisory lock per compare list).",
  },
  compareList: {
    summary: "The shopper's compare list",
    description: "`CompareAnswer`, oldest first, each with the full product detail (sizes, specs).",
  },
  deleteCompareLine: {
    summary: "Remove a product from the compare list",
    description: "`{message}`; 404 for a line that is not the shopper's.",
  },
  counts: {
    summary: "The header's badges in one call",
    description:
      "`{card_product_count, wishlist_count, comparelist_count, notification_count}`: the cart in units, " +
      "the unread notifications (0 for a visitor).",
  },
  mergeGuestLists: {
    summary: "Move a visitor's lists into the signed-in user's",
    description:
      "Bearer only (403 for a guest caller); `{guestId}`: `{message}`. Moves the guest's lists and cart " +
      "coupon into the user's in one transaction (cart quantities summed up to the stock, duplicates " +
      "dropped, compare keeps the user's own first and at most 4), then empties the guest's; repeatable. " +
      "The visitor's coupon joins the user's cart unless the user already has one or has used it. Lines of " +
      "the user's own shop are left out of the cart and the message says how many.",
  },
} satisfies Record<string, RouteWords>;

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
  documentModule(app, section);
  const { db } = opts;
  registerShopperIdentity(app);

  // Abandoned guest lists only take room.
  sweepPeriodically(app, CLEANUP_INTERVAL_MS, () => deleteStaleGuestLists(db));

  route(app, endpoints.addToCart, words.addToCart, async (request, reply) => {
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

  route(app, endpoints.cart, words.cart, (request) =>
    cartOf(db, currentShopper(request, request.params.userId), opts.cart),
  );

  route(app, endpoints.deleteCartLine, words.deleteCartLine, async (request) => {
    await deleteLine(db, cartItems, currentShopper(request), request.params.id);
    return { message: REMOVED_FROM_CART };
  });

  route(app, endpoints.quantityInc, words.quantityInc, async (request) => {
    await stepQuantity(db, currentShopper(request), request.params.id, 1);
    return { message: QUANTITY_UPDATED };
  });

  route(app, endpoints.quantityDec, words.quantityDec, async (request) => {
    await stepQuantity(db, currentShopper(request), request.params.id, -1);
    return { message: QUANTITY_UPDATED };
  });

  route(app, endpoints.addToWishlist, words.addToWishlist, async (request, reply) => {
    await addToWishlist(db, currentShopper(request, request.body.userId), request.body.productId);
    reply.status(201);
    return { message: ADDED_TO_WISHLIST };
  });

  route(app, endpoints.wishlist, words.wishlist, (request) =>
    wishlistOf(db, currentShopper(request, request.params.userId)),
  );

  route(app, endpoints.deleteWishlistLine, words.deleteWishlistLine, async (request) => {
    await deleteLine(db, wishlistItems, currentShopper(request), request.params.id);
    return { message: REMOVED_FROM_WISHLIST };
  });

  route(app, endpoints.addToCompare, words.addToCompare, async (request, reply) => {
    await addToCompare(db, currentShopper(request, request.body.userId), request.body.productId);
    reply.status(201);
    return { message: ADDED_TO_COMPARE };
  });

  route(app, endpoints.compareList, words.compareList, (request) =>
    compareListOf(db, currentShopper(request, request.params.userId)),
  );

  route(app, endpoints.deleteCompareLine, words.deleteCompareLine, async (request) => {
    await deleteLine(db, compareItems, currentShopper(request), request.params.id);
    return { message: REMOVED_FROM_COMPARE };
  });

  route(app, endpoints.counts, words.counts, (request) =>
    shopperCounts(db, currentShopper(request, request.params.userId)),
  );

  // Only a signed-in user takes a guest's lists: a guest merging into another guest would be pointless.
  route(app, endpoints.mergeGuestLists, words.mergeGuestLists, async (request) => {
    const shopper = currentShopper(request);
    if (shopper.kind !== "user") throw new HttpError(403, FORBIDDEN);
    const { ownProductsLeftOut: leftOut } = await mergeGuestLists(db, shopper.id, request.body.guestId.toLowerCase());
    return { message: leftOut > 0 ? ownProductsLeftOut(leftOut) : LISTS_MERGED };
  });
}
