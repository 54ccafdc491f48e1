import { z } from "zod";
import { cartQuantity, cartSize } from "#contract/cart";
import { shopperIntents } from "./shopper.forms";

/**
 * The shopper's buttons, as the action behind them parses them (shopperAction). Every form also
 * carries `redirectTo` (where to come back to without JavaScript) and, once the page is
 * interactive, `js` (a fetcher sent it: the action answers data instead of redirecting).
 */

const uuid = z.string().uuid();

/** A product's buttons: the product page's purchase form and the listing's cards. */
const productForm = z.object({ productId: uuid });

/** 'Agregar al carrito': the product page sends the size and quantity chosen, a card neither. */
export const addToCartSchema = productForm.extend({
  slug: z.string().max(300).optional(),
  size: cartSize,
  quantity: z.coerce.number().pipe(cartQuantity).optional(),
  /** Set by the product page: a size or quantity refusal is shown next to its field there. */
  fieldErrors: z.literal("inline").optional(),
});

/** A line's buttons on /card, /favorites and /my-compare: the line's id. */
const lineForm = z.object({ id: uuid });

/** Every shopper button by the intent it sends (parseIntentForm). */
export const SHOPPER_FORMS = {
  [shopperIntents.addToCart]: addToCartSchema,
  [shopperIntents.addToWishlist]: productForm,
  [shopperIntents.addToCompare]: productForm,
  [shopperIntents.increase]: lineForm,
  [shopperIntents.decrease]: lineForm,
  [shopperIntents.removeFromCart]: lineForm,
  [shopperIntents.removeFromWishlist]: lineForm,
  [shopperIntents.removeFromCompare]: lineForm,
};
