import { catalogEndpoints, type QueryProductsAnswer } from "#contract/catalog";
import type { ApiClient } from "./api.server";
import { listShopSlugs } from "./catalog.server";
import { webEnv } from "./env.server";

/** Search engines accept up to 50,000 URLs per sitemap; this store stops well before that. */
const SITEMAP_URL_LIMIT = 5000;
const PRODUCTS_PER_CALL = 48;
/** Enough to build a cold sitemap quickly without flooding the API. */
const PARALLEL_CALLS = 6;

const staticPaths = ["/", "/products", "/racket-finder", "/blog", "/gift", "/about", "/contact", "/policy"];

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function productsPage(api: ApiClient, pageNumber: number): Promise<QueryProductsAnswer> {
  return api.call(catalogEndpoints.queryProducts, { query: { pageNumber, parPage: PRODUCTS_PER_CALL } });
}

/** Every product page up to `limit`: the first call tells how many there are, the rest go a few at a time. */
async function productPaths(api: ApiClient, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const first = await productsPage(api, 1);
  const pageCount = Math.ceil(Math.min(first.totalProduct, limit) / PRODUCTS_PER_CALL);
  const pages = [first];
  for (let next = 2; next <= pageCount; next += PARALLEL_CALLS) {
    const batch = Array.from({ length: Math.min(PARALLEL_CALLS, pageCount - next + 1) }, (_, index) =>
      productsPage(api, next + index),
    );
    pages.push(...(await Promise.all(batch)));
  }
  return pages
    .flatMap((page) => page.products)
    .slice(0, limit)
    .map((product) => `/product/details/${encodeURIComponent(product.slug)}`);
}

/**
 * The XML sitemap: static pages, each category's listing, each approved shop's page and every
 * product in the store (the API lists only those of approved shops), at most SITEMAP_URL_LIMIT URLs.
 */
export async function buildSitemap(api: ApiClient): Promise<string> {
  const [{ categorys }, shopSlugs] = await Promise.all([api.call(catalogEndpoints.homeCategories), listShopSlugs(api)]);
  const categoryPaths = categorys.map((category) => `/products?category=${encodeURIComponent(category.slug)}`);
  const shopPaths = shopSlugs.map((slug) => `/tienda/${encodeURIComponent(slug)}`);
  const fixedPaths = [...staticPaths, ...categoryPaths, ...shopPaths].slice(0, SITEMAP_URL_LIMIT);
  const paths = [...fixedPaths, ...(await productPaths(api, SITEMAP_URL_LIMIT - fixedPaths.length))];

  const urls = paths.map((path) => `  <url><loc>${escapeXml(new URL(path, webEnv.publicWebUrl).href)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
