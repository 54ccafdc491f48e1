import type { FormAnswer } from "./form-answer";

/**
 * The seller's stock forms (issue 11) as their pages name them, without zod: each form's `intent`,
 * its schema's loader, and what a form read at an older version answers. The schemas are in
 * stock.schema.ts; both control pages (the list and one product's) hold these forms.
 */
export const stockIntents = {
  /** A product's stock (its sizes' stocks, or the single stock). */
  save: "guardar-stock",
  /** A product's low-stock threshold. */
  threshold: "guardar-umbral",
} as const;

/** Each form's schema, loaded when the form is first used (useSchemaForm). */
export const stockSchemas = {
  stock: () => import("./stock.schema").then((module) => module.stockFormSchema),
  threshold: () => import("./stock.schema").then((module) => module.thresholdFormSchema),
};

/** What a stock form typed when the stock changed meanwhile: shown beside the fresh form, so nothing typed is lost. */
export interface TypedStock {
  sizes: { size: string; stock: number }[];
  newStock: number | null;
  lowStockThreshold: number | null;
}

/**
 * A stock form's answer (its `target` is the product): a refusal with what was typed kept in its
 * fields, or, when the stock changed after the page was read (409), the API's message as `notice`
 * and what was typed as `typed`, shown beside a fresh form with the current figures.
 */
export interface StockFormAnswer extends FormAnswer {
  typed?: TypedStock;
}
