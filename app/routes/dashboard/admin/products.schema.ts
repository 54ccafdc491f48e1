import { hideProductForm } from "#contract/product-moderation";
import { productIdParams } from "#contract/seller-products";
import { adminProductIntents } from "./products.forms";

/** The contract's form, which the API checks again: the browser and the action parse with the same. */
export { hideProductForm };

/** The page's forms by the intent their button sends (parseIntentForm); one of each per product. */
export const ADMIN_PRODUCT_FORMS = {
  [adminProductIntents.hide]: hideProductForm,
  [adminProductIntents.show]: productIdParams,
};
