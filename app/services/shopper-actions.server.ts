import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import {
  ADDED_TO_CART,
  ADDED_TO_COMPARE,
  ADDED_TO_WISHLIST,
  cartEndpoints,
  cartQuantity,
  cartSize,
  QUANTITY_UPDATED,
  REMOVED_FROM_CART,
  REMOVED_FROM_COMPARE,
  REMOVED_FROM_WISHLIST,
} from "#contract/cart";
import { INVALID_REQUEST, NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { ApiError } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { getShopper, type Shopper } from "./shopper.server";
import type { ShopperActionResult } from "~/components/product/shopper-forms";
import { redirectWithFlash } from "./session.server";
import { logError } from "./log.server";
import { safeRedirect } from "./redirect.server";
import { readForm } from "./form.server";

/**
 * The one action behind every cart, favourites and compare button (SPEC.md section 7): the
 * listing's cards post to /shopper-lists, the product page, /card, /favorites and /my-compare to
 * themselves. Without JavaScript it redirects back to `redirectTo` with a flash message; with
 * JavaScript (a fetcher, which adds `js`) it answers data and the flash arrives with the
 * revalidated root loader, so the page keeps its place and the header's counts follow.
 */

const uuid = z.string().uuid();

const schema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add-to-cart"),
    productId: uuid,
    slug: z.string().max(300).optional(),
    size: cartSize,
    quantity: z.coerce.number().pipe(cartQuantity).optional(),
    /** Set by the product page: a size or quantity refusal is shown next to its field there. */
    fieldErrors: z.literal("inline").optional(),
  }),
  z.object({ intent: z.literal("add-to-wishlist"), productId: uuid }),
  z.object({ intent: z.literal("add-to-compare"), productId: uuid }),
  z.object({ intent: z.enum(["increase", "decrease", "remove-cart", "remove-wishlist", "remove-compare"]), id: uuid }),
]);

function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string" && value !== "") values[key] = value;
  return values;
}

type Parsed = z.infer<typeof schema>;

const SUCCESS_FALLBACK: Record<Parsed["intent"], string> = {
  "add-to-cart": ADDED_TO_CART,
  "add-to-wishlist": ADDED_TO_WISHLIST,
  "add-to-compare": ADDED_TO_COMPARE,
  increase: QUANTITY_UPDATED,
  decrease: QUANTITY_UPDATED,
  "remove-cart": REMOVED_FROM_CART,
  "remove-wishlist": REMOVED_FROM_WISHLIST,
  "remove-compare": REMOVED_FROM_COMPARE,
};

async function perform(shopper: Shopper, form: Parsed): Promise<{ message?: string }> {
  switch (form.intent) {
    case "add-to-cart":
      return shopper.write(cartEndpoints.addToCart, {
        body: { productId: form.productId, quantity: form.quantity ?? 1, ...(form.size ? { size: form.size } : {}) },
      });
    case "add-to-wishlist":
      return shopper.write(cartEndpoints.addToWishlist, { body: { productId: form.productId } });
    case "add-to-compare":
      return shopper.write(cartEndpoints.addToCompare, { body: { productId: form.productId } });
    case "increase":
      return shopper.write(cartEndpoints.quantityInc, { params: { id: form.id } });
    case "decrease":
      return shopper.write(cartEndpoints.quantityDec, { params: { id: form.id } });
    case "remove-cart":
      return shopper.write(cartEndpoints.deleteCartLine, { params: { id: form.id } });
    case "remove-wishlist":
      return shopper.write(cartEndpoints.deleteWishlistLine, { params: { id: form.id } });
    case "remove-compare":
      return shopper.write(cartEndpoints.deleteCompareLine, { params: { id: form.id } });
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

export async function shopperAction(args: RequestArgs) {
  const formData = await readForm(args.request);
  const viaFetcher = formData.get("js") === "1";
  const back = safeRedirect(formData.get("redirectTo"), "/");
  const parsed = schema.safeParse(formValues(formData));
  const shopper = getShopper(args);

  async function answer(result: ShopperActionResult, status = 200) {
    if (!result.fieldErrors)
      args.context.session.flash({ kind: result.ok ? "success" : "error", message: result.message });
    if (viaFetcher || result.fieldErrors) return data(result, { status });
    return redirect(back);
  }

  if (!parsed.success) return answer({ ok: false, message: INVALID_REQUEST }, 200);
  const form = parsed.data;

  try {
    const result = await perform(shopper, form);
    return answer({ ok: true, message: result.message || SUCCESS_FALLBACK[form.intent] });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof ApiError) || error.status >= 500) {
      logError(`La acción ${form.intent} falló`, error);
      return answer({ ok: false, message: NETWORK_OR_SERVER_ERROR });
    }
    if (form.intent === "add-to-cart") {
      const field = fieldOf(error);
      if (field && form.fieldErrors === "inline") {
        return answer({ ok: false, message: error.message, fieldErrors: { [field]: [error.message] } }, 400);
      }
      // A card cannot offer sizes: the product's page can.
      if (field === "size" && form.slug) {
        return redirectWithFlash(args.context, `/product/details/${encodeURIComponent(form.slug)}`, {
          kind: "error",
          message: error.message,
        });
      }
    }
    return answer({ ok: false, message: error.message });
  }
}
