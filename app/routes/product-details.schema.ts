import { z } from "zod";
import { reviewFields } from "#contract/reviews";
import { stockAlertBody } from "#contract/stock";
import { SHOPPER_FORMS } from "~/forms/shopper.schema";
import { productIntents, stockAlertIntents } from "./product-details.forms";

/**
 * The review form, checked in the browser (Conform) and again by the page's action with the fields
 * the API's body is made of (same limits, same words). The API decides who may review.
 */
export const reviewSchema = z.object(reviewFields);

/**
 * 'Avísame cuando vuelva' or its cancel: which product and size ('' for a product without sizes),
 * and which of the two. The contract's body plus the intent.
 */
export const stockAlertFormSchema = stockAlertBody.extend({
  intent: z.enum([stockAlertIntents.subscribe, stockAlertIntents.cancel], { message: "Acción no válida." }),
});

/** The page's forms by the intent their button sends (parseIntentForm): the purchase form's buttons and its own. */
export const PRODUCT_FORMS = {
  ...SHOPPER_FORMS,
  [productIntents.review]: reviewSchema,
  [stockAlertIntents.subscribe]: stockAlertFormSchema,
  [stockAlertIntents.cancel]: stockAlertFormSchema,
};
