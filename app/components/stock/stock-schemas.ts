import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { stockControlQuery, STOCK_TOTAL_REQUIRED, updateStockBody, type StockProduct, type UpdateStockBody } from "#contract/stock";

/**
 * The seller's stock forms of issue 11: a product's stock line and its low-stock threshold. Each
 * is checked by the browser (Conform) and by its action with the same schema, built from the
 * contract's body, so a form accepts exactly what the API accepts. Every mutation carries its
 * `intent`.
 */
export const stockIntents = {
  /** A product's stock (its sizes' stocks, or the single stock). */
  save: "guardar-stock",
  /** A product's low-stock threshold. */
  threshold: "guardar-umbral",
} as const;

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
  stockVersion: body.stockVersion,
  newStock: body.newStock,
  sizes: body.sizes,
};

function toStockBody(form: { productId: string; stockVersion: number; newStock?: number; sizes?: { size: string; stock: number }[] }, context: z.RefinementCtx): StockFormValue {
  const { productId, stockVersion } = form;
  if (form.sizes && form.sizes.length > 0) {
    return { productId, stockVersion, sizes: form.sizes, newStock: form.sizes.reduce((total, size) => total + size.stock, 0) };
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
export const thresholdFormSchema = z.object({ ...stockFields, lowStockThreshold: body.lowStockThreshold }).transform((form, context): StockFormValue => {
  if (form.lowStockThreshold === undefined) {
    context.addIssue({ code: "custom", message: THRESHOLD_REQUIRED, path: ["lowStockThreshold"] });
    return z.NEVER;
  }
  const stock = toStockBody(form, context);
  return { ...stock, lowStockThreshold: form.lowStockThreshold };
});

// ---- What the pages receive ---------------------------------------------------------------------

/** A product of the control pages, its image as an address. */
export interface ControlProduct extends Omit<StockProduct, "image"> {
  image: string | null;
}

/** What a stock form typed when the stock changed meanwhile: shown beside the fresh form, so nothing typed is lost. */
export interface TypedStock {
  sizes: { size: string; stock: number }[];
  newStock: number | null;
  lowStockThreshold: number | null;
}

/** What a stock or threshold form's action answers when it did not save (a redirect with a flash when it did). */
export interface StockActionAnswer {
  intent: string;
  productId: string;
  /** The form's errors, with what was typed kept in its fields (400, a refusal, a suspended shop). */
  result: SubmissionResult<string[]> | null;
  /** 409: the stock changed after the page was read; the page shows the current figures and a fresh form. */
  stale: { message: string; typed: TypedStock } | null;
}

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

// ---- Words ---------------------------------------------------------------------------------------

/** 'N clientes esperan la talla 42' (or 'este producto' without sizes). */
export function demandText(waiting: number, size: string): string {
  const who = waiting === 1 ? "1 cliente espera" : `${waiting} clientes esperan`;
  return size === "" ? `${who} este producto` : `${who} la talla ${size}`;
}

/** A size as a list names it: 'Talla 42', or 'Stock' for a product without sizes. */
export function sizeLabel(size: string): string {
  return size === "" ? "Stock" : `Talla ${size}`;
}

/** A movement's change with its sign: '+5', '−1'. */
export function signedChange(change: number): string {
  return change > 0 ? `+${change}` : change < 0 ? `−${Math.abs(change)}` : "0";
}
