import { stockEndpoints } from "#contract/stock";
import type { ParsedForm } from "~/forms/form-answer.server";
import { stockAlertIntents } from "~/routes/product-details.forms";
import type { PRODUCT_FORMS } from "~/routes/product-details.schema";
import { ApiError } from "./api.server";
import { getUser, requireAccount, type RequestArgs } from "./auth.server";
import type { ProductDetails } from "./catalog.server";
import { signInPath } from "./coupons.server";
import { logError } from "./log.server";
import { redirectWithFlash } from "./session.server";

/**
 * The shopper's side of issue 11's back-in-stock alerts, on the product page: which sold-out sizes
 * the signed-in shopper waits for, and the 'Avísame cuando vuelva' form and its cancel button.
 */

/** Whether the product (shop selling) has a sold-out size, or is sold out without sizes. */
function hasSoldOut(product: ProductDetails): boolean {
  if (!product.available) return false;
  return product.sizes.length > 0 ? product.sizes.some((size) => size.stock === 0) : product.stock === 0;
}

/**
 * The sizes ('' without sizes) the signed-in shopper waits for on this product; null for a visitor.
 * Nothing sold out, nothing to ask. A failed read only costs the 'Le avisaremos' state, never the page.
 */
export async function getMyStockAlerts(args: RequestArgs, product: ProductDetails): Promise<string[] | null> {
  if (!getUser(args)) return null;
  if (!hasSoldOut(product)) return [];
  try {
    const answer = await requireAccount(args).call(stockEndpoints.mine, { params: { productId: product._id } });
    return answer.sizes;
  } catch (error) {
    if (error instanceof Response) throw error;
    logError("No se pudieron leer los avisos de stock del cliente", error);
    return [];
  }
}

type StockAlertForm = Extract<
  ParsedForm<typeof PRODUCT_FORMS>,
  { intent: (typeof stockAlertIntents)[keyof typeof stockAlertIntents] }
>;

/**
 * 'Avísame cuando vuelva' (`POST /home/stock-alert`) or its cancel (`POST /home/stock-alert/cancel`):
 * a plain form, answered with a redirect back to the product and a flash. A visitor is sent to sign
 * in and comes back to the product.
 */
export async function stockAlertAction(args: RequestArgs, form: StockAlertForm, productPath: string) {
  if (!getUser(args))
    return redirectWithFlash(args.context, signInPath(productPath), {
      kind: "error",
      message: "Inicia sesión para que te avisemos cuando vuelva.",
    });
  const account = requireAccount(args);
  const { intent: _intent, ...body } = form.value;
  try {
    const answer = await account.call(
      form.intent === stockAlertIntents.subscribe ? stockEndpoints.subscribe : stockEndpoints.cancel,
      { body },
    );
    return redirectWithFlash(args.context, productPath, { kind: "success", message: answer.message });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status < 500 && error.status !== 401)
      return redirectWithFlash(args.context, productPath, { kind: "error", message: error.message });
    throw error;
  }
}
