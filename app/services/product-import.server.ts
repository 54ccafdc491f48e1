import { data } from "@remix-run/node";
import {
  IMPORT_FILE_NOT_TEXT,
  IMPORT_FILE_TOO_LARGE,
  PRODUCT_IMPORT_MAX_BYTES,
  PRODUCT_IMPORT_MAX_ROWS,
  productImportEndpoints,
} from "#contract/product-import";
import { PRODUCT_IMPORT_UPLOAD } from "#contract/uploads";
import { answer, answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { productImportIntents, type ImportPreviewAnswer } from "~/routes/dashboard/seller/products-import.forms";
import { importFileForm, PRODUCT_IMPORT_FORMS } from "~/routes/dashboard/seller/products-import.schema";
import type { RequestArgs } from "./auth.server";
import type { SellerArea } from "./seller.server";
import { redirectWithFlash } from "./session.server";
import type { UploadForm } from "./uploads.server";

/** The file field of step 1. */
const FILE_FIELD = "file";

/** The CSV file read as it streams, within the API's limits (uploads.server.ts). */
const IMPORT_UPLOAD_FORM: UploadForm = {
  limits: PRODUCT_IMPORT_UPLOAD,
  fileField: (part) => (part === FILE_FIELD ? FILE_FIELD : null),
  filesField: FILE_FIELD,
  tooLarge: IMPORT_FILE_TOO_LARGE,
  tooMany: IMPORT_FILE_TOO_LARGE,
  intentOf: () => productImportIntents.preview,
};

/** /dashboard/seller/products/import: the limits the page states and the file form's constraints. */
export function loadProductImport(area: SellerArea) {
  return {
    locked: area.refusal,
    maxRows: PRODUCT_IMPORT_MAX_ROWS,
    maxMegabytes: PRODUCT_IMPORT_MAX_BYTES / (1024 * 1024),
    constraint: formConstraints({ file: importFileForm }).file,
  };
}

/** The file's text: UTF-8, its BOM kept (the API drops it); null for bytes that are not UTF-8. */
async function fileText(file: File): Promise<string | null> {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(await file.arrayBuffer());
  } catch {
    return null;
  }
}

/**
 * Step 1 (`vista-previa`): the file to `POST /seller/products/import`, answered with what it would
 * do and its text for step 2. Step 2 (`importar`): that text to `.../apply`, which checks it again,
 * then the products list with a flash. A file the API cannot read is said next to the file field.
 */
export async function productImportAction(args: RequestArgs, area: SellerArea) {
  const form = await parseIntentForm(args.request, PRODUCT_IMPORT_FORMS, {
    upload: { form: IMPORT_UPLOAD_FORM, scope: args.context.uploads },
  });
  if (!form.ok) return form.answer;
  // Either step's refusal of the file is said where the file is chosen.
  const refusedFile = (error: unknown) =>
    answerRefused(
      error,
      { intent: productImportIntents.preview, reply: form.reply },
      { fields: [FILE_FIELD], fieldNames: { csv: FILE_FIELD } },
    );
  try {
    switch (form.intent) {
      case productImportIntents.preview: {
        const csv = await fileText(form.value.file);
        if (csv === null)
          return answer(
            {
              intent: productImportIntents.preview,
              result: form.reply({ fieldErrors: { [FILE_FIELD]: [IMPORT_FILE_NOT_TEXT] } }),
            },
            400,
          );
        const preview = await area.account.call(productImportEndpoints.preview, { body: { csv } });
        return data<ImportPreviewAnswer>({
          intent: productImportIntents.preview,
          result: null,
          preview,
          csv,
          fileName: form.value.file.name,
        });
      }
      case productImportIntents.apply: {
        const { message } = await area.account.call(productImportEndpoints.apply, { body: { csv: form.value.csv } });
        return redirectWithFlash(args.context, sellerPaths.products, { kind: "success", message });
      }
    }
  } catch (error) {
    return refusedFile(error);
  }
}
