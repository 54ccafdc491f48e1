import { STOCK_MOVEMENT_LABELS, stockEndpoints, type StockProduct } from "#contract/stock";
import { shortDateTime } from "./times.server";
import { answer, answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { stockIntents, type StockFormAnswer, type TypedStock } from "~/forms/stock.forms";
import {
  movementsPageOf,
  productIdField,
  STOCK_FORMS,
  stockControlListQuery,
  stockFormSchema,
  thresholdFormSchema,
  type StockFormValue,
} from "~/forms/stock.schema";
import { pageErrorOf } from "./admin.server";
import { ApiError, imageUrl } from "./api.server";
import type { RequestArgs } from "./auth.server";
import type { SellerArea } from "./seller.server";
import { redirectWithFlash } from "./session.server";

/**
 * The seller's stock control (issue 11): the shop's products with their stock, low marks and
 * demand, one product's movements, and the stock and threshold forms both pages share.
 */

/** A product of the control pages, its image as an address. */
export interface ControlProduct extends Omit<StockProduct, "image"> {
  image: string | null;
}

function toControlProduct({ image, ...product }: StockProduct): ControlProduct {
  return { ...product, image: image ? imageUrl(image, 200) : null };
}

/** The forms' constraints, worked out once for every product's forms on the page. */
function stockConstraints() {
  return formConstraints({ stock: stockFormSchema, threshold: thresholdFormSchema });
}

/**
 * /dashboard/seller/control?searchValue=&lowOnly=1&pageNumber=: `GET /seller/stock-control`, one
 * page of the shop's products by name; anything unreadable in the address is left out.
 */
export async function loadStockControl(area: SellerArea, url: URL) {
  const filter = stockControlListQuery(url.searchParams);
  const answer = await area.account
    .call(stockEndpoints.control, {
      query: { page: filter.page, searchValue: filter.searchValue, lowOnly: filter.lowOnly ? "1" : undefined },
    })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return {
    filter: { searchValue: filter.searchValue ?? "", lowOnly: filter.lowOnly },
    products: answer.products.map(toControlProduct),
    totalProduct: answer.totalProduct,
    totalLow: answer.totalLow,
    page: answer.page,
    totalPages: Math.max(1, Math.ceil(answer.totalProduct / answer.parPage)),
    constraints: stockConstraints(),
  };
}

/** The product of a control page's address (`/control/{productId}`); anything else is the 404 page. */
export function stockProductIdOf(params: { productId?: string }): string {
  const checked = productIdField.safeParse(params.productId);
  if (!checked.success) throw new Response(null, { status: 404, statusText: "No encontrado" });
  return checked.data;
}

/** `GET /seller/stock/{productId}?page=`: one product's figures and a page of its movements, newest first. */
export async function loadProductStock(area: SellerArea, params: { productId?: string }, url: URL) {
  const productId = stockProductIdOf(params);
  const answer = await area.account
    .call(stockEndpoints.product, { params: { productId }, query: { page: movementsPageOf(url.searchParams) } })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return {
    product: toControlProduct(answer.product),
    movements: answer.movements.map((movement) => ({
      ...movement,
      kindLabel: STOCK_MOVEMENT_LABELS[movement.kind],
      when: shortDateTime(movement.createdAt),
    })),
    totalMovement: answer.totalMovement,
    page: answer.page,
    totalPages: Math.max(1, Math.ceil(answer.totalMovement / answer.parPage)),
    constraints: stockConstraints(),
  };
}

function typedOf(value: StockFormValue): TypedStock {
  return {
    sizes: value.sizes ?? [],
    newStock: value.sizes?.length ? null : (value.newStock ?? null),
    lowStockThreshold: value.lowStockThreshold ?? null,
  };
}

/** The API's field (`sizes.3.stock`) as the form names it (`sizes[3].stock`). */
function formFieldOf(field: string): string {
  return field.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/** Each form is named by its product: a page holds one per product, and two on the product's own page. */
function productOf(formData: FormData): string {
  return String(formData.get("productId") ?? "");
}

/**
 * The stock form (`guardar-stock`) and the threshold form (`guardar-umbral`) of either control page:
 * checked with the form's schema, refused with the reason when the shop is suspended, sent as
 * `POST /update-stock` with the version it was read at; saved, back to `back` with a flash.
 */
export async function stockFormAction(args: RequestArgs, area: SellerArea, back: string) {
  const form = await parseIntentForm(args.request, STOCK_FORMS, { target: productOf });
  if (!form.ok) return form.answer;
  const target = form.value.productId;
  // A suspended shop sees its figures, but every change is refused with the reason; the typed values stay.
  if (area.refusal)
    return answer({ intent: form.intent, target, result: form.reply({ formErrors: [area.refusal] }) }, 403);

  try {
    const saved = await area.account.call(stockEndpoints.updateStock, {
      body: { ...form.value, sellerId: area.account.user.id },
    });
    return redirectWithFlash(args.context, back, { kind: "success", message: saved.message });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const stale: StockFormAnswer = {
        intent: form.intent,
        target,
        result: null,
        notice: error.message,
        typed: typedOf(form.value),
      };
      return answer(stale, 409);
    }
    // Field messages under their fields (a size's stock, the threshold); anything else, the sum rule
    // included, beside the form. (The threshold form shows only its threshold: its figures are hidden.)
    const fields =
      form.intent === stockIntents.threshold
        ? ["lowStockThreshold"]
        : Array.from(form.formData.keys()).filter((name) => name === "newStock" || /^sizes\[\d+\]\.stock$/.test(name));
    const named = error instanceof ApiError ? error.errors.map((issue) => issue.field) : [];
    const fieldNames = Object.fromEntries(named.map((field) => [field, formFieldOf(field)]));
    return answerRefused(error, form, { fields, fieldNames, target, pageErrors: [401, 404] });
  }
}
