import { z } from "zod";
import { productIdParams } from "#contract/seller-products";
import { productListIntents } from "./products.forms";

/** The confirmation's form: the product to delete, as the API names it. */
export const deleteProductSchema = z.object({ productId: productIdParams.shape.id });

/** The page's forms by the intent their button sends (parseIntentForm). */
export const PRODUCT_LIST_FORMS = {
  [productListIntents.delete]: deleteProductSchema,
};
