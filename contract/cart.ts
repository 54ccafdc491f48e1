import { z } from "zod";
import { endpoint, messageAnswer, noBody, noInput } from "./http";
import { objectExpected } from "./fields";
import { MAX_ADD_QUANTITY, SIZE_MAX_LENGTH } from "./limits";
import { productCard, productDetail } from "./catalog";

/**
 * The cart, wishlist and compare calls (SPEC.md section 7 "Cart, wishlist, compare"), the header's
 * counts and the sign-in merge of a visitor's lists. Money is integer cents (USD). A shopper is a
 * signed-in user (bearer token) or a visitor (header `Authorization: Guest <guestId>`); the
 * `{userId}` of a path is that owner's id.
 */

// ---- Messages -----------------------------------------------------------------------------------
/** What the API answers on success, and what the web says when an answer carries no message. */
export const ADDED_TO_CART = "Producto agregado al carrito.";
/** Asked for more units than are left: the line holds every one there is, `quantity`. */
export const addedUpToStock = (quantity: number) =>
  `No quedan tantas unidades: agregamos las que había y tu carrito tiene ahora ${quantity} ${quantity === 1 ? "unidad" : "unidades"} de este producto.`;
export const REMOVED_FROM_CART = "Producto eliminado del carrito.";
export const QUANTITY_UPDATED = "Cantidad actualizada.";
export const ADDED_TO_WISHLIST = "Producto agregado a favoritos.";
export const REMOVED_FROM_WISHLIST = "Producto eliminado de favoritos.";
export const ADDED_TO_COMPARE = "Producto agregado a la comparación.";
export const REMOVED_FROM_COMPARE = "Producto eliminado de la comparación.";
export const LISTS_MERGED = "Listas combinadas.";
/** Placing an order with a line of the buyer's own shop (added before the rule, or as a visitor). */
export const ownProductInOrder = (productName: string) =>
  `«${productName}» es de tu propia tienda: quítalo del carrito para hacer el pedido.`;
/** The sign-in merge left the visitor's lines of the user's own shop out of the cart. */
export const ownProductsLeftOut = (count: number) =>
  `${LISTS_MERGED} ${count === 1 ? "Un producto de tu carrito es de tu propia tienda y se quitó" : `${count} productos de tu carrito son de tu propia tienda y se quitaron`}: no puedes comprarlos.`;

/** Refusals of a cart line's quantity and size, by the schema and by the API's stock checks alike. */
export const MINIMUM_QUANTITY = "La cantidad mínima es 1.";
export const SIZE_UNKNOWN = "La talla elegida no existe.";

// ---- Answers ------------------------------------------------------------------------------------

export const cartLine = z.object({
  /** The cart line's id: what the quantity and delete calls take. */
  _id: z.string(),
  productId: z.string(),
  quantity: z.number().int(),
  /** null for a product without sizes. */
  size: z.string().nullable(),
  /** Units available for this product and size right now. */
  stock: z.number().int(),
  /** Price after discount, per unit. */
  unitPrice: z.number().int(),
  lineTotal: z.number().int(),
  productInfo: productCard,
});
export type CartLine = z.infer<typeof cartLine>;

export const cartShopGroup = z.object({
  shopId: z.string(),
  shopName: z.string(),
  /** Subtotal of this shop's available lines. */
  price: z.number().int(),
  /** What this shop charges for shipping its part (its own fee, or the store's rule; issue 34). */
  shipping_fee: z.number().int(),
  /** The shop's return date (YYYY-MM-DD) while it is on vacation: its lines cannot be ordered till then (issue 34). */
  vacationUntil: z.string().nullable(),
  products: z.array(cartLine),
});
export type CartShopGroup = z.infer<typeof cartShopGroup>;

export const cartAnswer = z.object({
  card_products: z.array(cartShopGroup),
  /** Sum of the available lines. */
  price: z.number().int(),
  /** The shops' shipping fees summed (each group's `shipping_fee`). */
  shipping_fee: z.number().int(),
  /** Units in the cart, available or not: the header's badge. */
  card_product_count: z.number().int(),
  /** Units that can be bought now. */
  buy_product_item: z.number().int(),
  /** Lines that cannot be bought now: sold out, or their shop is not selling (`productInfo.available` false). */
  outOfStockProduct: z.array(cartLine),
});
export type CartAnswer = z.infer<typeof cartAnswer>;

export const addedToCartAnswer = z.object({ message: z.string(), card_product_count: z.number().int() });
export type AddedToCartAnswer = z.infer<typeof addedToCartAnswer>;

export const wishlistAnswer = z.object({
  wishlists: z.array(z.object({ _id: z.string(), productId: z.string(), productInfo: productCard })),
  wishlistCount: z.number().int(),
});
export type WishlistAnswer = z.infer<typeof wishlistAnswer>;

export const compareAnswer = z.object({
  comparelist: z.array(z.object({ _id: z.string(), productId: z.string(), productInfo: productDetail })),
  compareCount: z.number().int(),
});
export type CompareAnswer = z.infer<typeof compareAnswer>;

export const shopperCountsAnswer = z.object({
  card_product_count: z.number().int(),
  wishlist_count: z.number().int(),
  comparelist_count: z.number().int(),
  /** The header bell's unread notifications (always 0 for a visitor), so a page makes one call for all its badges. */
  notification_count: z.number().int(),
});
export type ShopperCountsAnswer = z.infer<typeof shopperCountsAnswer>;

// ---- Inputs -------------------------------------------------------------------------------------

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A record's id: `what` missing, or not a UUID. */
function id(what: string) {
  return z
    .string({ required_error: `Falta ${what}.`, invalid_type_error: `${capitalise(what)} no es válido.` })
    .uuid(`${capitalise(what)} no es válido.`);
}

const QUANTITY_NOT_INTEGER = "La cantidad debe ser un número entero.";

/** Units of one product and size a single add-to-cart call asks for. */
export const cartQuantity = z
  .number({ invalid_type_error: QUANTITY_NOT_INTEGER })
  .int(QUANTITY_NOT_INTEGER)
  .min(1, MINIMUM_QUANTITY)
  .max(MAX_ADD_QUANTITY, `La cantidad máxima es ${MAX_ADD_QUANTITY}.`);

/** A size of the product, trimmed; blank is no size (the API then asks for one if the product has sizes). */
export const cartSize = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.string({ invalid_type_error: "La talla no es válida." }).trim().max(SIZE_MAX_LENGTH, SIZE_UNKNOWN).optional(),
);

export const userParams = z.object({ userId: id("el usuario") });
export const lineParams = z.object({ id: id("el producto de la lista") });

/**
 * `userId`, when a client sends it, must be the caller's own id; the caller's identity comes from
 * the Authorization header. Unknown fields (a price, say) are dropped: the server computes prices.
 */
const productListBody = {
  userId: id("el usuario").optional(),
  productId: id("el producto"),
};

const NO_PRODUCT_SENT = "Envía el producto que quieres agregar.";

export const addToCartBody = z.object(
  { ...productListBody, quantity: cartQuantity.default(1), size: cartSize },
  objectExpected(NO_PRODUCT_SENT),
);
export type AddToCartBody = z.infer<typeof addToCartBody>;

export const productListItemBody = z.object(productListBody, objectExpected(NO_PRODUCT_SENT));

export const mergeGuestListsBody = z.object(
  { guestId: id("el invitado") },
  objectExpected("Envía el invitado cuyas listas quieres combinar."),
);

// ---- Calls --------------------------------------------------------------------------------------

/** Every call needs a shopper: `Authorization: Bearer <token>` or `Authorization: Guest <uuid>`. */
export const cartEndpoints = {
  addToCart: endpoint({
    method: "POST",
    path: "/home/product/add-to-card",
    body: addToCartBody,
    answer: addedToCartAnswer,
    statuses: [201],
  }),
  cart: endpoint({
    method: "GET",
    path: "/home/product/get-card-product/:userId",
    params: userParams,
    query: noInput,
    answer: cartAnswer,
  }),
  deleteCartLine: endpoint({
    method: "DELETE",
    path: "/home/product/delete-card-product/:id",
    params: lineParams,
    query: noInput,
    answer: messageAnswer,
  }),
  quantityInc: endpoint({
    method: "PUT",
    path: "/home/product/quantity-inc/:id",
    params: lineParams,
    body: noBody,
    answer: messageAnswer,
  }),
  quantityDec: endpoint({
    method: "PUT",
    path: "/home/product/quantity-dec/:id",
    params: lineParams,
    body: noBody,
    answer: messageAnswer,
  }),

  addToWishlist: endpoint({
    method: "POST",
    path: "/home/product/add-to-wishlist",
    body: productListItemBody,
    answer: messageAnswer,
    statuses: [201],
  }),
  wishlist: endpoint({
    method: "GET",
    path: "/home/product/get-wishlist-products/:userId",
    params: userParams,
    query: noInput,
    answer: wishlistAnswer,
  }),
  deleteWishlistLine: endpoint({
    method: "DELETE",
    path: "/home/product/delete-wishlist-product/:id",
    params: lineParams,
    query: noInput,
    answer: messageAnswer,
  }),

  addToCompare: endpoint({
    method: "POST",
    path: "/home/product/add-to-compare",
    body: productListItemBody,
    answer: messageAnswer,
    statuses: [201],
  }),
  compareList: endpoint({
    method: "GET",
    path: "/home/product/get-compare-products/:userId",
    params: userParams,
    query: noInput,
    answer: compareAnswer,
  }),
  deleteCompareLine: endpoint({
    method: "DELETE",
    path: "/home/product/delete-compare-product/:id",
    params: lineParams,
    query: noInput,
    answer: messageAnswer,
  }),

  /** The header's badges in one call. */
  counts: endpoint({
    method: "GET",
    path: "/home/product/get-counts/:userId",
    params: userParams,
    query: noInput,
    answer: shopperCountsAnswer,
  }),
  /** Bearer only: right after a sign-in, the visitor's lists join the user's. */
  mergeGuestLists: endpoint({
    method: "POST",
    path: "/home/product/merge-guest-lists",
    body: mergeGuestListsBody,
    answer: messageAnswer,
  }),
};
