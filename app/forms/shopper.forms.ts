/**
 * The shopper's cart, favourites and compare buttons (SPEC.md section 7), without zod: the value of
 * each button's `intent` and where the listing's cards post. Their schemas are in shopper.schema.ts.
 */

export const shopperIntents = {
  addToCart: "add-to-cart",
  addToWishlist: "add-to-wishlist",
  addToCompare: "add-to-compare",
  increase: "increase",
  decrease: "decrease",
  removeFromCart: "remove-cart",
  removeFromWishlist: "remove-wishlist",
  removeFromCompare: "remove-compare",
} as const;

/** Where the listing's cards post: the resource route app/routes/shopper-lists.ts. */
export const SHOPPER_LISTS_ACTION = "/shopper-lists";
