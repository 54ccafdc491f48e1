import { data, redirect } from "@remix-run/node";
import {
  ADDED_TO_CART,
  ADDED_TO_COMPARE,
  ADDED_TO_WISHLIST,
  cartEndpoints,
  QUANTITY_UPDATED,
  REMOVED_FROM_CART,
  REMOVED_FROM_COMPARE,
  REMOVED_FROM_WISHLIST,
} from "#contract/cart";
import { INVALID_REQUEST, NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { answer, parseIntentForm, type ParsedForm } from "~/forms/form-answer.server";
import { shopperIntents } from "~/forms/shopper.forms";
import { SHOPPER_FORMS } from "~/forms/shopper.schema";
import { ApiError } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { getShopper, type Shopper } from "./shopper.server";
import { redirectWithFlash } from "./session.server";
import { logError } from "./log.server";
import { safeRedirect } from "./redirect.server";

/**
 * The one action behind every cart, favourites and compare button (SPEC.md section 7): the
 * listing's cards post to /shopper-lists, the product page, /card, /favorites and /my-compare to
 * themselves. Without JavaScript it redirects back to `redirectTo` with a flash message; with
 * JavaScript (a fetcher, which adds `js`) it answers data and the flash arrives with the
 * revalidated root loader, so the page keeps its place and the header's counts follow.
 */

type ShopperForm = ParsedForm<typeof SHOPPER_FORMS>;

/** A form as sent, parsed or refused: which one, and its fields. */
type SentForm = { intent: string; formData: FormData };

const SUCCESS_FALLBACK: Record<ShopperForm["intent"], string> = {
  [shopperIntents.addToCart]: ADDED_TO_CART,
  [shopperIntents.addToWishlist]: ADDED_TO_WISHLIST,
  [shopperIntents.addToCompare]: ADDED_TO_COMPARE,
  [shopperIntents.increase]: QUANTITY_UPDATED,
  [shopperIntents.decrease]: QUANTITY_UPDATED,
  [shopperIntents.removeFromCart]: REMOVED_FROM_CART,
  [shopperIntents.removeFromWishlist]: REMOVED_FROM_WISHLIST,
  [shopperIntents.removeFromCompare]: REMOVED_FROM_COMPARE,
};

async function perform(shopper: Shopper, form: ShopperForm): Promise<{ message?: string }> {
  switch (form.intent) {
    case shopperIntents.addToCart: {
      const { productId, quantity, size } = form.value;
      return shopper.write(cartEndpoints.addToCart, {
        body: { productId, quantity: quantity ?? 1, ...(size ? { size } : {}) },
      });
    }
    case shopperIntents.addToWishlist:
      return shopper.write(cartEndpoints.addToWishlist, { body: { productId: form.value.productId } });
    case shopperIntents.addToCompare:
      return shopper.write(cartEndpoints.addToCompare, { body: { productId: form.value.productId } });
    case shopperIntents.increase:
      return shopper.write(cartEndpoints.quantityInc, { params: { id: form.value.id } });
    case shopperIntents.decrease:
      return shopper.write(cartEndpoints.quantityDec, { params: { id: form.value.id } });
    case shopperIntents.removeFromCart:
      return shopper.write(cartEndpoints.deleteCartLine, { params: { id: form.value.id } });
    case shopperIntents.removeFromWishlist:
      return shopper.write(cartEndpoints.deleteWishlistLine, { params: { id: form.value.id } });
    case shopperIntents.removeFromCompare:
      return shopper.write(cartEndpoints.deleteCompareLine, { params: { id: form.value.id } });
  }
}

/** Which field of the product page's form an add-to-cart refusal belongs to, if any. */
function fieldOf(error: ApiError): "size" | "quantity" | null {
  for (const { field } of error.errors) {
    if (field === "size" || field === "quantity") return field;
  }
  if (/talla/i.test(error.message)) return "size";
  return null;
}

/**
 * The answer of a shopper button, once its message is flashed: back to the page without
 * JavaScript; with it, data for the fetcher (null on success, the refusal as the page's notice).
 */
function answerShopper(args: RequestArgs, form: SentForm, ok: boolean, message: string) {
  args.context.session.flash({ kind: ok ? "success" : "error", message });
  if (form.formData.get("js") !== "1") return redirect(safeRedirect(form.formData.get("redirectTo"), "/"));
  return ok ? data(null) : answer({ intent: form.intent, result: null, notice: message }, 200);
}

/** A shopper button of a page whose action has other forms too (the product page, the cart). */
export async function shopperFormAction(args: RequestArgs, form: ShopperForm) {
  const shopper = getShopper(args);
  try {
    const result = await perform(shopper, form);
    return answerShopper(args, form, true, result.message || SUCCESS_FALLBACK[form.intent]);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof ApiError) || error.status >= 500) {
      logError(`La acción ${form.intent} falló`, error);
      return answerShopper(args, form, false, NETWORK_OR_SERVER_ERROR);
    }
    if (form.intent === shopperIntents.addToCart) {
      const field = fieldOf(error);
      // The product page shows a size or quantity refusal next to its field, with or without JavaScript.
      if (field && form.value.fieldErrors === "inline")
        return answer({ intent: form.intent, result: form.reply({ fieldErrors: { [field]: [error.message] } }) }, 400);
      // A card cannot offer sizes: the product's page can.
      if (field === "size" && form.value.slug) {
        return redirectWithFlash(args.context, `/product/details/${encodeURIComponent(form.value.slug)}`, {
          kind: "error",
          message: error.message,
        });
      }
    }
    return answerShopper(args, form, false, error.message);
  }
}

/** A shopper button whose form the page's own hidden values make: a refused one was tampered with. */
export function refusedShopperForm(args: RequestArgs, form: SentForm) {
  return answerShopper(args, form, false, INVALID_REQUEST);
}

/** The action of a page whose only forms are shopper buttons (/shopper-lists, /favorites, /my-compare). */
export async function shopperAction(args: RequestArgs) {
  const form = await parseIntentForm(args.request, SHOPPER_FORMS);
  if (!form.ok) return refusedShopperForm(args, form);
  return shopperFormAction(args, form);
}
