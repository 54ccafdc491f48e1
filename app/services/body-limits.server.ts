import {
  CATEGORY_UPLOAD,
  PRODUCT_IMPORT_UPLOAD,
  PRODUCT_UPLOAD,
  PROFILE_IMAGE_UPLOAD,
  SHOP_DOCUMENT_UPLOAD,
  uploadBodyMaxBytes,
} from "#contract/uploads";

/**
 * How large a request body the web reads, per page. server.ts refuses anything larger with 413
 * before it is read (issue 9: a 50 MB form took the web process from 121 to 697 MB).
 */

/** Every form of the store fits well within this. */
export const FORM_BODY_LIMIT = 1024 * 1024;

/** The documents of one shop request, each at its largest, with the form's fields and framing. */
export const SHOP_DOCUMENT_UPLOAD_MAX_BYTES = uploadBodyMaxBytes(SHOP_DOCUMENT_UPLOAD);

/** A product's images (issue 11), as many as a product may have, each at its largest, with the form's fields. */
export const PRODUCT_UPLOAD_MAX_BYTES = uploadBodyMaxBytes(PRODUCT_UPLOAD);

/**
 * Pages that take files, and the largest form each can send (contract/uploads.ts). Their action
 * reads the body as it streams and refuses a file past the API's limits (size, count) with a
 * message on the form before reading the rest (uploads.server.ts); this outer bound stops at the
 * door, unread, a body no form of ours sends.
 */
const UPLOAD_PAGES: Record<string, number> = {
  "/dashboard/edit-profile": uploadBodyMaxBytes(PROFILE_IMAGE_UPLOAD),
  // A shop request's documents (issue 10), and their replacements: at most as many as a request carries.
  "/dashboard/shop": SHOP_DOCUMENT_UPLOAD_MAX_BYTES,
  "/dashboard/shop/confirmation": SHOP_DOCUMENT_UPLOAD_MAX_BYTES,
  // A category's image (issue 11), added or replaced.
  "/dashboard/admin/categories": uploadBodyMaxBytes(CATEGORY_UPLOAD),
  // A seller's product (issue 11): up to eight images at once; its edit page is below.
  "/dashboard/seller/add-product": PRODUCT_UPLOAD_MAX_BYTES,
  // A catalogue CSV (issue 34), and on its second step the same text in a hidden field (decision 0054).
  "/dashboard/seller/products/import": uploadBodyMaxBytes(PRODUCT_IMPORT_UPLOAD),
};

/** Upload pages with a record's id in their path (a product's edit page: new images, or one image swapped). */
const UPLOAD_PAGE_PATTERNS: [RegExp, number][] = [
  [/^\/dashboard\/seller\/edit-product\/[^/]+$/, PRODUCT_UPLOAD_MAX_BYTES],
];

/** The body limit of a request path (a single-fetch `.data` request counts as its page). */
export function bodyLimitFor(pathname: string): number {
  const page = pathname.replace(/\.data$/, "");
  return UPLOAD_PAGES[page] ?? UPLOAD_PAGE_PATTERNS.find(([pattern]) => pattern.test(page))?.[1] ?? FORM_BODY_LIMIT;
}
