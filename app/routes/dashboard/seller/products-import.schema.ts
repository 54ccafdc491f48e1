import { z } from "zod";
import { IMPORT_FILE_MISSING, IMPORT_FILE_TOO_LARGE, PRODUCT_IMPORT_MAX_BYTES } from "#contract/product-import";
import { productImportIntents } from "./products-import.forms";

/** Step 1: the CSV file, chosen and within the size limit (the API reads and checks its rows). */
export const importFileForm = z.object({
  file: z
    .instanceof(File, { message: IMPORT_FILE_MISSING })
    .refine((file) => file.size > 0, IMPORT_FILE_MISSING)
    .refine((file) => file.size <= PRODUCT_IMPORT_MAX_BYTES, IMPORT_FILE_TOO_LARGE),
});

/** Step 2: the previewed file's text, which the API reads and checks again before writing. */
export const importApplyForm = z.object({
  csv: z.string({ required_error: IMPORT_FILE_MISSING }).min(1, IMPORT_FILE_MISSING),
});

/** The page's forms by the intent their button sends (parseIntentForm). */
export const PRODUCT_IMPORT_FORMS = {
  [productImportIntents.preview]: importFileForm,
  [productImportIntents.apply]: importApplyForm,
};
