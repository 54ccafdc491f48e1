import { z } from "zod";
import {
  DOCUMENT_TOO_LARGE,
  DOCUMENT_TYPE_REFUSED,
  DOCUMENTS_MISSING,
  DOCUMENTS_TOO_MANY,
  REPLACEMENT_MISSING,
  shopApplicationFields,
  shopCorrectionFields,
} from "#contract/shops";
import {
  SHOP_DOCUMENT_MAX_BYTES,
  SHOP_DOCUMENT_TYPES,
  SHOP_DOCUMENTS_MAX,
  SHOP_DOCUMENTS_MIN,
} from "#contract/shop-labels";
import { replacementField, type ChangesAsked } from "./shop-request.forms";

/**
 * The forms of a customer's shop request (issue 10): the application on /dashboard/shop and the
 * replacement of documents on /dashboard/shop/confirmation. The fields are the contract's; the
 * web checks the files' count and size (and a type the browser already knows is wrong), the API
 * checks their content. What the pages need without zod is in shop-request.forms.ts.
 */

/**
 * One chosen document. A type the browser names and that is not one of ours is refused here; an
 * unnamed type (or a renamed file) goes on, and the API judges it by its content.
 */
function documentFile(missing: string) {
  return z
    .instanceof(File, { message: missing })
    .refine((file) => file.size > 0, missing)
    .refine((file) => file.type === "" || file.type in SHOP_DOCUMENT_TYPES, DOCUMENT_TYPE_REFUSED)
    .refine((file) => file.size <= SHOP_DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE);
}

/** The application: the contract's fields (tax id and phone checked for the country) and the documents. */
export const shopApplicationSchema = z.intersection(
  shopApplicationFields,
  z.object({
    documents: z
      .array(documentFile(DOCUMENTS_MISSING), {
        required_error: DOCUMENTS_MISSING,
        invalid_type_error: DOCUMENTS_MISSING,
      })
      .min(SHOP_DOCUMENTS_MIN, DOCUMENTS_MISSING)
      .max(SHOP_DOCUMENTS_MAX, DOCUMENTS_TOO_MANY),
  }),
);
export type ShopApplicationForm = z.output<typeof shopApplicationSchema>;

/** The application's fields, as the form names them and the API's errors name them. */
export const SHOP_APPLICATION_FIELDS = [
  "shopName",
  "rif",
  "country",
  "province",
  "city",
  "address",
  "phone",
  "documents",
] as const;

/** One new file for each document the admin asked to change. */
function replacementSchema(documentIds: readonly string[]) {
  return z.object(
    Object.fromEntries(documentIds.map((id) => [replacementField(id), documentFile(REPLACEMENT_MISSING)])) as Record<
      string,
      ReturnType<typeof documentFile>
    >,
  );
}

/**
 * The request sent again (issue 34): the named data checked as in the application (the contract's
 * `shopCorrectionFields`) and a new file for each document to replace.
 */
export function changesSchema(
  asked: ChangesAsked,
): z.ZodType<Record<string, string | File>, z.ZodTypeDef, Record<string, unknown>> {
  return z.intersection(shopCorrectionFields(asked.fields, asked.current), replacementSchema(asked.documentIds));
}
