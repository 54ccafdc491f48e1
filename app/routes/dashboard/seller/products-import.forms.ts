import type { ProductImportPreview } from "#contract/product-import";
import type { FormAnswer } from "~/forms/form-answer";

/** The catalogue import page's forms (issue 34) as the page names them, without zod: intents and the schema loader. */

export const productImportIntents = {
  preview: "vista-previa",
  apply: "importar",
} as const;

/** The file form's schema, loaded when the form is first used (useSchemaForm). */
export const loadImportFileSchema = () => import("./products-import.schema").then((module) => module.importFileForm);

/**
 * The preview's answer: what the API found in the file, and the file's text, which the apply form
 * sends back in a hidden field to be checked again (decision 0054).
 */
export interface ImportPreviewAnswer extends FormAnswer {
  preview: ProductImportPreview;
  csv: string;
  fileName: string;
}
