import type { SubmissionResult } from "@conform-to/react";
import type { StockProduct } from "#contract/stock";

/**
 * The seller's stock control pages without zod, so they load it only with a form's schema
 * (stock-schemas.ts): each form's `intent`, what the pages receive, and their words.
 */
export const stockIntents = {
  /** A product's stock (its sizes' stocks, or the single stock). */
  save: "guardar-stock",
  /** A product's low-stock threshold. */
  threshold: "guardar-umbral",
} as const;

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
