import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { stockEndpoints, type StockProduct } from "#contract/stock";
import {
  stockIntents,
  type ControlProduct,
  type StockActionAnswer,
  type TypedStock,
} from "~/components/stock/stock-control";
import {
  stockFormSchema,
  thresholdFormSchema,
  type StockControlFilter,
  type StockFormValue,
} from "~/components/stock/stock-schemas";
import { refusalOf } from "./account.server";
import { forbidden, pageErrorOf } from "./admin.server";
import { ApiError, imageUrl } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { readForm } from "./form.server";
import type { SellerArea } from "./seller.server";
import { redirectWithFlash } from "./session.server";

/**
 * The seller's stock control (issue 11): the shop's products with their stock, low marks and
 * demand, one product's movements, and the stock and threshold forms both pages share.
 */

function toControlProduct({ image, ...product }: StockProduct): ControlProduct {
  return { ...product, image: image ? imageUrl(image, 200) : null };
}

/** `GET /seller/stock-control`: one page of the shop's products, by name. */
export async function getStockControl(area: SellerArea, filter: StockControlFilter) {
  const answer = await area.account
    .call(stockEndpoints.control, {
      query: { page: filter.page, searchValue: filter.searchValue, lowOnly: filter.lowOnly ? "1" : undefined },
    })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return { ...answer, products: answer.products.map(toControlProduct) };
}

/** `GET /seller/stock/{productId}`: one product's figures and a page of its movements, newest first. */
export async function getProductStock(area: SellerArea, productId: string, page: number) {
  const answer = await area.account
    .call(stockEndpoints.product, { params: { productId }, query: { page } })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return { ...answer, product: toControlProduct(answer.product) };
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

/**
 * The stock form (`guardar-stock`) and the threshold form (`guardar-umbral`) of either control page:
 * checked with the form's schema, refused with the reason when the shop is suspended, sent as
 * `POST /update-stock` with the version it was read at; saved, back to `back` with a flash.
 */
export async function stockFormAction(args: RequestArgs, area: SellerArea, back: string) {
  const formData = await readForm(args.request);
  const intent = String(formData.get("intent") ?? "");
  const schema =
    intent === stockIntents.save ? stockFormSchema : intent === stockIntents.threshold ? thresholdFormSchema : null;
  if (!schema) throw new Response(null, { status: 400, statusText: "Acción no válida" });
  const productId = String(formData.get("productId") ?? "");
  const answer = (
    status: number,
    result: SubmissionResult<string[]> | null,
    stale: StockActionAnswer["stale"] = null,
  ) => data<StockActionAnswer>({ intent, productId, result, stale }, { status });

  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return answer(400, submission.reply());
  // A suspended shop sees its figures, but every change is refused with the reason; the typed values stay.
  if (area.refusal) return answer(403, submission.reply({ formErrors: [area.refusal] }));

  try {
    const saved = await area.account.call(stockEndpoints.updateStock, {
      body: { ...submission.value, sellerId: area.account.user.id },
    });
    return redirectWithFlash(args.context, back, { kind: "success", message: saved.message });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) throw forbidden();
    if (error instanceof ApiError && error.status === 404)
      throw new Response(null, { status: 404, statusText: "No encontrado" });
    if (error instanceof ApiError && error.status === 409)
      return answer(409, null, { message: error.message, typed: typedOf(submission.value) });
    // Field messages under their fields (a size's stock, the threshold); anything else, the sum rule
    // included, beside the form.
    // (The threshold form shows only its threshold: its figures are hidden.)
    const typedFields =
      intent === stockIntents.threshold
        ? ["lowStockThreshold"]
        : Array.from(formData.keys()).filter((name) => name === "newStock" || /^sizes\[\d+\]\.stock$/.test(name));
    const named = error instanceof ApiError ? error.errors.map((issue) => issue.field) : [];
    const fieldNames = Object.fromEntries(named.map((field) => [field, formFieldOf(field)]));
    const refusal = refusalOf(error, typedFields, fieldNames);
    return answer(
      refusal.status,
      submission.reply({ formErrors: refusal.formErrors, fieldErrors: refusal.fieldErrors }),
    );
  }
}
