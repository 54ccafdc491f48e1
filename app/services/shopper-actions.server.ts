import { z } from "zod";
import { ApiError } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { getShopper, type Shopper } from "./shopper.server";
import type { ShopperActionResult } from "~/components/product/shopper-forms";

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
    size: z.string().max(40).optional(),
    quantity: z.coerce.number().int().min(1).max(999).optional(),
    /** Set by the product page: a size or quantity refusal is shown next to its field there. */
    fieldErrors: z.literal("inline").optional(),
  }),
  z.object({ intent: z.literal("add-to-wishlist"), productId: uuid }),
  z.object({ intent: z.literal("add-to-compare"), productId: uuid }),
  z.object({ intent: z.enum(["increase", "decrease", "remove-cart", "remove-wishlist", "remove-compare"]), id: uuid }),
]);

/** A path on this site to go back to; anything else goes home. */
export function sameSitePath(target: FormDataEntryValue | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}

function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string" && value !== "") values[key] = value;
  return values;
}

type Parsed = z.infer<typeof schema>;

const SUCCESS_FALLBACK: Record<Parsed["intent"], string> = {
  "add-to-cart": "Producto agregado al carrito.",
  "add-to-wishlist": "Producto agregado a favoritos.",
  "add-to-compare": "Producto agregado a la comparación.",
  increase: "Cantidad actualizada.",
  decrease: "Cantidad actualizada.",
  "remove-cart": "Producto eliminado del carrito.",
  "remove-wishlist": "Producto eliminado de favoritos.",
  "remove-compare": "Producto quitado de la comparación.",
};

async function perform(shopper: Shopper, form: Parsed): Promise<{ message?: string }> {
  const base = "/home/product";
  switch (form.intent) {
    case "add-to-cart":
      return shopper.write(`${base}/add-to-card`, {
        method: "POST",
        body: { productId: form.productId, quantity: form.quantity ?? 1, ...(form.size ? { size: form.size } : {}) },
      });
    case "add-to-wishlist":
      return shopper.write(`${base}/add-to-wishlist`, { method: "POST", body: { productId: form.productId } });
    case "add-to-compare":
      return shopper.write(`${base}/add-to-compare`, { method: "POST", body: { productId: form.productId } });
    case "increase":
      return shopper.write(`${base}/quantity-inc/${form.id}`, { method: "PUT" });
    case "decrease":
      return shopper.write(`${base}/quantity-dec/${form.id}`, { method: "PUT" });
    case "remove-cart":
      return shopper.write(`${base}/delete-card-product/${form.id}`, { method: "DELETE" });
    case "remove-wishlist":
      return shopper.write(`${base}/delete-wishlist-product/${form.id}`, { method: "DELETE" });
    case "remove-compare":
      return shopper.write(`${base}/delete-compare-product/${form.id}`, { method: "DELETE" });
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
  const formData = await args.request.formData();
  const viaFetcher = formData.get("js") === "1";
  const back = sameSitePath(formData.get("redirectTo"));
  const parsed = schema.safeParse(formValues(formData));
  const shopper = await getShopper(args);

  async function answer(result: ShopperActionResult, status = 200) {
    if (!result.fieldErrors) shopper.flash({ kind: result.ok ? "success" : "error", message: result.message });
    if (viaFetcher || result.fieldErrors) return shopper.data(result, status);
    return shopper.redirect(back);
  }

  if (!parsed.success) return answer({ ok: false, message: "Petición no válida." }, 200);
  const form = parsed.data;

  try {
    const result = await perform(shopper, form);
    return answer({ ok: true, message: result.message || SUCCESS_FALLBACK[form.intent] });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof ApiError) || error.status >= 500) {
      console.error(`La acción ${form.intent} falló:`, error);
      return answer({ ok: false, message: "Error de red o servidor" });
    }
    if (form.intent === "add-to-cart") {
      const field = fieldOf(error);
      if (field && form.fieldErrors === "inline") {
        return answer({ ok: false, message: error.message, fieldErrors: { [field]: [error.message] } }, 400);
      }
      // A card cannot offer sizes: the product's page can.
      if (field === "size" && form.slug) {
        return shopper.redirect(`/product/details/${encodeURIComponent(form.slug)}`, { kind: "error", message: error.message });
      }
    }
    return answer({ ok: false, message: error.message });
  }
}
