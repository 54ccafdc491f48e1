/** The product page's addresses. */

export function productPath(slug: string): string {
  return `/product/details/${encodeURIComponent(slug)}`;
}

/** A product's size guide as a page of its own (issue 36): what the product page's dialog shows, without JavaScript. */
export function sizeGuidePath(slug: string): string {
  return `${productPath(slug)}/size-guide`;
}

/** The product page's query parameter of the reviews' page number, so every page has its own link. */
export const REVIEWS_PAGE_PARAM = "resenas";

/** Where a visitor signs in to ask for a back-in-stock alert, and comes back to the product afterwards. */
export function signInToWaitHref(productPath: string): string {
  return `/login?${new URLSearchParams({ redirectTo: productPath })}`;
}
