import { z } from "zod";
import { BULK_ACTIONS, BULK_MAX_PRODUCTS } from "#contract/seller-product-labels";
import {
  BULK_ACTION_MISSING,
  BULK_DISCOUNT_INVALID,
  BULK_NOTHING_SELECTED,
  BULK_NOT_YOURS,
  BULK_PERCENT_INVALID,
  BULK_PRICE_INVALID,
  BULK_TOO_MANY,
  bulkAction,
  parsePriceText,
  productIdParams,
  type BulkProductsBody,
} from "#contract/seller-products";
import { productListIntents } from "./products.forms";

/** The confirmation's form: the product to delete, as the API names it. */
export const deleteProductSchema = z.object({ productId: productIdParams.shape.id });

const PERCENT_MISSING = "Escribe el porcentaje, por ejemplo -10 para bajar un 10 %.";
const PRICE_MISSING = "Escribe el precio nuevo en dólares.";
const DISCOUNT_MISSING = "Escribe el descuento, de 0 a 100.";

/** What the one text box means for each action, and how it is read. */
function actionOf(kind: (typeof BULK_ACTIONS)[number], typed: string, context: z.RefinementCtx) {
  const refuse = (message: string) => {
    context.addIssue({ code: z.ZodIssueCode.custom, path: ["value"], message });
    return z.NEVER;
  };
  switch (kind) {
    case "precio_porcentaje": {
      if (typed === "") return refuse(PERCENT_MISSING);
      const percent = /^[-+−]?\d{1,4}$/.test(typed) ? Number(typed.replace("−", "-")) : Number.NaN;
      return Number.isNaN(percent) ? refuse(BULK_PERCENT_INVALID) : { kind, percent };
    }
    case "precio_fijo": {
      if (typed === "") return refuse(PRICE_MISSING);
      const price = parsePriceText(typed);
      return price === null ? refuse(BULK_PRICE_INVALID) : { kind, price };
    }
    case "descuento": {
      if (typed === "") return refuse(DISCOUNT_MISSING);
      return /^\d{1,3}$/.test(typed) ? { kind, discount: Number(typed) } : refuse(BULK_DISCOUNT_INVALID);
    }
    default:
      return { kind };
  }
}

/**
 * The bulk form: the chosen rows (`ids`, repeated), the action and, for the price and discount
 * actions, one typed value (a percentage, a price in dollars, a discount); sent as the API's body,
 * whose own rules (ranges) are checked here too and then again by the API.
 */
export const bulkFormSchema = z
  .object({
    ids: z.preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z.array(z.string().uuid(BULK_NOT_YOURS)).min(1, BULK_NOTHING_SELECTED).max(BULK_MAX_PRODUCTS, BULK_TOO_MANY),
    ),
    action: z.enum(BULK_ACTIONS, { errorMap: () => ({ message: BULK_ACTION_MISSING }) }),
    value: z.string().trim().optional().default(""),
  })
  .transform((form, context): BulkProductsBody => {
    const action = actionOf(form.action, form.value, context);
    if (action === z.NEVER) return z.NEVER;
    const checked = bulkAction.safeParse(action);
    if (!checked.success) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["value"], message: checked.error.issues[0]!.message });
      return z.NEVER;
    }
    return { ids: form.ids, action: checked.data };
  });

/** The page's forms by the intent their button sends (parseIntentForm). */
export const PRODUCT_LIST_FORMS = {
  [productListIntents.delete]: deleteProductSchema,
  [productListIntents.bulk]: bulkFormSchema,
};
