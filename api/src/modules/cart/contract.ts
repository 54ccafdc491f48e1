import type { ProductCard, ProductDetail } from "../catalog/contract.js";

/**
 * Answer shapes of the cart, wishlist and compare calls (SPEC.md section 7), shared by the API
 * and the web. Money is integer cents (USD). A shopper is a signed-in user (bearer token) or a
 * visitor (header `Authorization: Guest <guestId>`); the `{userId}` of a path is that owner's id.
 */
export interface CartLine {
  /** The cart line's id: what the quantity and delete calls take. */
  _id: string;
  productId: string;
  quantity: number;
  /** null for a product without sizes. */
  size: string | null;
  /** Units available for this product and size right now. */
  stock: number;
  /** Price after discount, per unit. */
  unitPrice: number;
  lineTotal: number;
  productInfo: ProductCard;
}

export interface CartShopGroup {
  shopId: string;
  shopName: string;
  /** Subtotal of this shop's available lines. */
  price: number;
  products: CartLine[];
}

export interface CartAnswer {
  card_products: CartShopGroup[];
  /** Sum of the available lines. */
  price: number;
  /** Flat fee per shop with available lines; 0 when `price` reaches the free-shipping threshold. */
  shipping_fee: number;
  /** Units in the cart, available or not: the header's badge. */
  card_product_count: number;
  /** Units that can be bought now. */
  buy_product_item: number;
  outOfStockProduct: CartLine[];
}

export interface WishlistAnswer {
  wishlists: { _id: string; productId: string; productInfo: ProductCard }[];
  wishlistCount: number;
}

export interface CompareAnswer {
  comparelist: { _id: string; productId: string; productInfo: ProductDetail }[];
  compareCount: number;
}

export interface ShopperCountsAnswer {
  card_product_count: number;
  wishlist_count: number;
  comparelist_count: number;
  /** The header bell's unread notifications (always 0 for a visitor), so a page makes one call for all its badges. */
  notification_count: number;
}

/** At most this many products side by side on /my-compare. */
export const COMPARE_LIMIT = 4;
