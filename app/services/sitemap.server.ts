import type { HomeCategoriesAnswer, QueryProductsAnswer } from "../../api/src/modules/catalog/contract";
import { api } from "./api.server";
import { webEnv } from "./env.server";

/** Search engines accept up to 50,000 URLs per sitemap; this store stops well before that. */
const SITEMAP_URL_LIMIT = 5000;
const PRODUCTS_PER_CALL = 48;
/** Enough to build a cold sitemap quickly without flooding the API. */
const PARALLEL_CALLS = 6;

const staticPaths = ["/", "/products", "/blog", "/gift", "/about", "/contact", "/policy"];

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

function productsPage(pageNumber: number): Promise<QueryProductsAnswer> {
  return api<QueryProductsAnswer>("/home/query-products", { query: { pageNumber, parPage: PRODUCTS_PER_CALL } });
}

/** Every product page up to `limit`: the first call tells how many there are, the rest go a few at a time. */
async function productPaths(limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const first = await productsPage(1);
  const pageCount = Math.ceil(Math.min(first.totalProduct, limit) / PRODUCTS_PER_CALL);
  const pages = [first];
  for (let next = 2; next <= pageCount; next += PARALLEL_CALLS) {
    const batch = Array.from({ length: Math.min(PARALLEL_CALLS, pageCount - next + 1) }, (_, index) => productsPage(next + index));
    pages.push(...(await Promise.all(batch)));
  }
  return pages
    .flatMap((page) => page.products)
    .slice(0, limit)
    .map((product) => `/product/details/${encodeURIComponent(product.slug)}`);
}

/** The XML sitemap: static pages, each category's listing and every product, at most SITEMAP_URL_LIMIT URLs. */
export async function buildSitemap(): Promise<string> {
  const { categorys } = await api<HomeCategoriesAnswer>("/home/get-categorys");
  const categoryPaths = categorys.map((category) => `/products?category=${encodeURIComponent(category.slug)}`);
  const fixedPaths = [...staticPaths, ...categoryPaths].slice(0, SITEMAP_URL_LIMIT);
  const paths = [...fixedPaths, ...(await productPaths(SITEMAP_URL_LIMIT - fixedPaths.length))];

  const urls = paths.map((path) => `  <url><loc>${escapeXml(new URL(path, webEnv.publicWebUrl).href)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join("\n");
}
