import { z } from "zod";
import {
  stockControlQuery,
  STOCK_TOTAL_REQUIRED,
  stockVersionField,
  updateStockBody,
  type UpdateStockBody,
} from "#contract/stock";
import { stockIntents } from "./stock.forms";

/**
 * The seller's stock forms of issue 11: a product's stock line and its low-stock threshold. Each
 * is checked by the browser (Conform) and by its action with the same schema, built from the
 * contract's body, so a form accepts exactly what the API accepts. Every mutation carries its
 * `intent` (stock.forms.ts).
 */

/** What a stock form sends, before the action adds the seller (`sellerId` is the signed-in user). */
export type StockFormValue = Omit<UpdateStockBody, "sellerId">;

const body = updateStockBody.shape;

/** A product's id, as the control page's address carries it. */
export const productIdField = body.productId;

export const THRESHOLD_REQUIRED = "Indica el umbral de stock bajo (0 para no recibir avisos).";

/**
 * The figures every stock form carries: the product, the version it was read at (hidden), and
 * either one stock per size (`sizes[i].size` hidden, `sizes[i].stock` typed) or the single stock
 * (`newStock`). With sizes, `newStock` is their sum (SPEC.md section 5), worked out here.
 */
const stockFields = {
  productId: body.productId,
  // Always sent by the web: a sale meanwhile is a 409, never an overwrite.
  stockVersion: stockVersionField,
  newStock: body.newStock,
  sizes: body.sizes,
};

function toStockBody(
  form: { productId: string; stockVersion: number; newStock?: number; sizes?: { size: string; stock: number }[] },
  context: z.RefinementCtx,
): StockFormValue {
  const { productId, stockVersion } = form;
  if (form.sizes && form.sizes.length > 0) {
    return {
      productId,
      stockVersion,
      sizes: form.sizes,
      newStock: form.sizes.reduce((total, size) => total + size.stock, 0),
    };
  }
  if (form.newStock === undefined) {
    context.addIssue({ code: "custom", message: STOCK_TOTAL_REQUIRED, path: ["newStock"] });
    return z.NEVER;
  }
  return { productId, stockVersion, newStock: form.newStock };
}

/** A product's stock line: the control page's row and the product's own control page. */
export const stockFormSchema = z.object(stockFields).transform(toStockBody);

/**
 * The low-stock threshold. The API saves it with the stock, so the form carries the figures it was
 * read at (hidden): a purchase meanwhile is a 409 like the stock form's, never an overwrite.
 */
export const thresholdFormSchema = z
  .object({ ...stockFields, lowStockThreshold: body.lowStockThreshold })
  .transform((form, context): StockFormValue => {
    if (form.lowStockThreshold === undefined) {
      context.addIssue({ code: "custom", message: THRESHOLD_REQUIRED, path: ["lowStockThreshold"] });
      return z.NEVER;
    }
    const stock = toStockBody(form, context);
    return { ...stock, lowStockThreshold: form.lowStockThreshold };
  });

/** The control pages' forms by the intent their button sends (parseIntentForm). */
export const STOCK_FORMS = {
  [stockIntents.save]: stockFormSchema,
  [stockIntents.threshold]: thresholdFormSchema,
};

// ---- The control list's GET form ----------------------------------------------------------------

export interface StockControlFilter {
  searchValue?: string;
  lowOnly: boolean;
  page: number;
}

/** The control list's address (`?searchValue=&lowOnly=1&pageNumber=`) as the API's query; anything unreadable is left out. */
export function stockControlListQuery(searchParams: URLSearchParams): StockControlFilter {
  const { shape } = stockControlQuery;
  const searchValue = shape.searchValue.safeParse(searchParams.get("searchValue") ?? undefined);
  const lowOnly = shape.lowOnly.safeParse(searchParams.get("lowOnly") ?? undefined);
  const page = shape.page.safeParse(searchParams.get("pageNumber") ?? undefined);
  return {
    searchValue: searchValue.success ? searchValue.data : undefined,
    lowOnly: lowOnly.success ? lowOnly.data : false,
    page: page.success ? page.data : 1,
  };
}

/** The movements' page of a product's control page (`?pageNumber=`). */
export function movementsPageOf(searchParams: URLSearchParams): number {
  const page = stockControlQuery.shape.page.safeParse(searchParams.get("pageNumber") ?? undefined);
  return page.success ? page.data : 1;
}
