import { CATEGORY_IMAGE_MAX_BYTES } from "#contract/category-labels";
import { PROFILE_IMAGE_MAX_BYTES } from "#contract/limits";
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from "#contract/seller-product-labels";
import { SHOP_DOCUMENT_MAX_BYTES, SHOP_DOCUMENTS_MAX } from "#contract/shop-labels";

/**
 * How large a request body the web reads, per page. server.ts refuses anything larger with 413
 * before it is read (issue 9: a 50 MB form took the web process from 121 to 697 MB).
 */

/** Every form of the store fits well within this. */
export const FORM_BODY_LIMIT = 1024 * 1024;
/** Multipart framing around a file: boundaries, part headers and the form's other fields. */
export const MULTIPART_OVERHEAD = 64 * 1024;

/** The documents of one shop request, each at its largest, with their multipart framing. */
export const SHOP_DOCUMENT_UPLOAD_MAX_BYTES = SHOP_DOCUMENTS_MAX * (SHOP_DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD);

/** A product's images (issue 11), as many as a product may have, each at its largest, with its framing. */
export const PRODUCT_UPLOAD_MAX_BYTES = PRODUCT_IMAGES_MAX * (PRODUCT_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD);

/**
 * Pages that take a file. Their own action refuses a file over the API's limit with a message on
 * the form; this outer bound (twice that) only stops bodies no form of ours sends.
 */
const UPLOAD_PAGES: Record<string, number> = {
  "/dashboard/edit-profile": 2 * PROFILE_IMAGE_MAX_BYTES,
  // A shop request's documents (issue 10): as many as one request may carry, each at the API's
  // largest, each with its framing. The action refuses a larger file or one file too many with a
  // message beside the field; replacements are at most as many as the documents in force.
  "/dashboard/shop": SHOP_DOCUMENT_UPLOAD_MAX_BYTES,
  "/dashboard/shop/confirmation": SHOP_DOCUMENT_UPLOAD_MAX_BYTES,
  // A category's image (issue 11), added or replaced: one file, twice the API's largest.
  "/dashboard/admin/categories": 2 * (CATEGORY_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD),
  // A seller's product (issue 11): up to eight images at once; its edit page is below.
  "/dashboard/seller/add-product": PRODUCT_UPLOAD_MAX_BYTES,
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
