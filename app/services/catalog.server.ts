import { catalogEndpoints } from "#contract/catalog";
import { BANNER_IMAGE_WIDTHS } from "#contract/media";
import type * as Contract from "#contract/catalog";
import { shopEndpoints, type PublicShop, type publicShopQuery } from "#contract/shops";
import { z } from "zod";
import { PRODUCTS_PER_PAGE } from "#contract/limits";
import { SHOP_NOT_FOUND } from "#contract/shops";
import { ApiError, imageUrl, type ApiClient } from "./api.server";

/**
 * Typed wrappers around the catalogue calls (SPEC.md section 7). Image ids become URLs here, on
 * the server, so components get ready-to-render shapes and never need the API's address.
 */

export interface ResponsiveImage {
  src: string;
  srcSet: string;
}

export interface Category extends Omit<Contract.HomeCategory, "image"> {
  image: ResponsiveImage | null;
}

export interface ProductSummary extends Omit<Contract.ProductCard, "images"> {
  image: ResponsiveImage | null;
}

export interface ProductPhoto extends ResponsiveImage {
  thumbnail: string;
}

export interface ProductDetails extends Omit<Contract.ProductDetail, "images"> {
  photos: ProductPhoto[];
}

export interface Banner extends Omit<Contract.Banner, "image"> {
  image: ResponsiveImage;
}

export interface SearchSuggestion {
  _id: string;
  name: string;
  slug: string;
  image: string | null;
}

/** Query of /home/query-products; prices in cents, as the API takes them. */
export type ProductQuery = Contract.QueryProductsQuery;

function cardImage(imageId: string): ResponsiveImage {
  return { src: imageUrl(imageId, 400), srcSet: `${imageUrl(imageId, 200)} 200w, ${imageUrl(imageId, 400)} 400w` };
}

/** A product card of any API answer (catalogue, cart, favourites) as components render it. */
export function toSummary({ images, ...product }: Contract.ProductCard): ProductSummary {
  return { ...product, image: images[0] ? cardImage(images[0]) : null };
}

function toCategory({ image, ...category }: Contract.HomeCategory): Category {
  return { ...category, image: image ? cardImage(image) : null };
}

/** A product's full record (product page, compare list) with its photos as URLs. */
export function toDetails({ images, ...product }: Contract.ProductDetail): ProductDetails {
  const photos = images.map((id) => ({
    src: imageUrl(id, 800),
    srcSet: `${imageUrl(id, 400)} 400w, ${imageUrl(id, 800)} 800w`,
    thumbnail: imageUrl(id, 200),
  }));
  return { ...product, photos };
}

export async function listCategories(api: ApiClient): Promise<Category[]> {
  const { categorys } = await api.call(catalogEndpoints.homeCategories);
  return categorys.map(toCategory);
}

export async function getHomeProducts(api: ApiClient) {
  const answer = await api.call(catalogEndpoints.homeProducts);
  return {
    latest: answer.latest_product.map(toSummary),
    topRated: answer.topRated_product.map(toSummary),
    discounted: answer.discount_product.map(toSummary),
  };
}

/** The bounds and choices the listing's filters offer. */
export function getListingOptions(api: ApiClient): Promise<Contract.ProductFiltersAnswer> {
  return api.call(catalogEndpoints.productFilters);
}

export async function queryProducts(api: ApiClient, query: ProductQuery) {
  const answer = await api.call(catalogEndpoints.queryProducts, { query });
  return { products: answer.products.map(toSummary), totalProduct: answer.totalProduct, parPage: answer.parPage };
}

export async function searchSuggestions(api: ApiClient, searchValue: string): Promise<SearchSuggestion[]> {
  const { advanced_search_prd } = await api.call(catalogEndpoints.advancedSearch, { query: { searchValue } });
  return advanced_search_prd.map(({ _id, name, slug, images }) => ({
    _id,
    name,
    slug,
    image: images[0] ? imageUrl(images[0], 200) : null,
  }));
}

/** The product and its related products, or null when no product has this slug. */
export async function getProduct(
  api: ApiClient,
  slug: string,
): Promise<{
  product: ProductDetails;
  relatedProducts: ProductSummary[];
  firstReviews: Contract.ProductAnswer["reviews"];
  /** The slug asked for is an old one (the product was renamed): its current slug. */
  redirectSlug?: string;
} | null> {
  try {
    const { product, relatedProducts, reviews, redirectSlug } = await api.call(catalogEndpoints.product, {
      params: { slug },
    });
    return {
      product: toDetails(product),
      relatedProducts: relatedProducts.map(toSummary),
      firstReviews: reviews,
      ...(redirectSlug === undefined ? {} : { redirectSlug }),
    };
  } catch (error) {
    // 404, and also 400/414 for a slug the API refuses to look up (too long, malformed): no such product.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

/** Query of /home/shop/{slug}: a page of the shop's products and its order. */
export type ShopPageQuery = Partial<z.output<typeof publicShopQuery>>;

/** An approved shop's page with a page of its products, or null when no approved shop has this slug. */
export async function getShopPage(
  api: ApiClient,
  slug: string,
  query: ShopPageQuery,
): Promise<{ shop: PublicShop; products: ProductSummary[]; totalProduct: number; parPage: number } | null> {
  try {
    const answer = await api.call(shopEndpoints.publicShop, { params: { slug }, query });
    return { ...answer, products: answer.products.map(toSummary) };
  } catch (error) {
    // 404 (unknown, pending, rejected or suspended), and 400 for a slug the API refuses to look up.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

/** A shop page's state lives in its URL; a value that is not one of the choices is ignored, never an error. */
const shopPageParams = z.object({
  sortPrice: z.enum(["low-to-high", "high-to-low"]).optional().catch(undefined),
  sortByDate: z.enum(["newest", "oldest"]).optional().catch(undefined),
  pageNumber: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** /tienda/{slug}: an approved shop's page of products, in the order its address asks for; any other shop is the 404 page. */
export async function loadShopPage(api: ApiClient, slug: string, url: URL) {
  const { searchParams } = url;
  const state = shopPageParams.parse({
    sortPrice: searchParams.get("sortPrice") || undefined,
    sortByDate: searchParams.get("sortByDate") || undefined,
    pageNumber: searchParams.get("pageNumber") ?? undefined,
  });
  const page = await getShopPage(api, slug, { ...state, parPage: PRODUCTS_PER_PAGE });
  if (!page) throw new Response(SHOP_NOT_FOUND, { status: 404 });
  const { logo, banner } = page.shop;
  return {
    state,
    shop: page.shop,
    // Its profile's images (issue 34): the logo small, the banner across the page in its widths.
    logoSrc: logo ? imageUrl(logo, 200) : null,
    banner: banner
      ? {
          src: imageUrl(banner, 800),
          srcSet: BANNER_IMAGE_WIDTHS.map((width) => `${imageUrl(banner, width)} ${width}w`).join(", "),
        }
      : null,
    products: page.products,
    totalPages: Math.max(1, Math.ceil(page.totalProduct / page.parPage)),
  };
}

/** The approved shops' slugs (the sitemap). */
export async function listShopSlugs(api: ApiClient): Promise<string[]> {
  const { shops } = await api.call(shopEndpoints.publicShops);
  return shops.map((shop) => shop.slug);
}

/** Banners are stored in widths up to twice the widest they are drawn (contract/media.ts). */
export async function listBanners(api: ApiClient): Promise<Banner[]> {
  const { banners } = await api.call(catalogEndpoints.banners);
  return banners.map(({ image, ...banner }) => ({
    ...banner,
    image: {
      src: imageUrl(image, 800),
      srcSet: BANNER_IMAGE_WIDTHS.map((width) => `${imageUrl(image, width)} ${width}w`).join(", "),
    },
  }));
}

/**
 * Cache policy of the anonymous catalogue pages (docs/decisions/0014-cdn-cache.md): a shared cache
 * (a CDN) may serve one for a minute and, while it asks again, a little longer; browsers ask again
 * every time (`max-age=0`). The API keeps its own answers fresh; only a CDN in front may lag by
 * that minute. A response that sets a cookie (a flash message) or shows a shopper's lists is
 * theirs: private and never stored.
 */
export const ANONYMOUS_CATALOGUE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=30";
export const PERSONAL_PAGE_CACHE = "private, no-store";

export function catalogPageHeaders({ parentHeaders }: { parentHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  // The root marks a shopper's pages (their cart counts in the header) private too.
  const personal = parentHeaders.has("Set-Cookie") || parentHeaders.get("Cache-Control")?.includes("private");
  headers.set("Cache-Control", personal ? PERSONAL_PAGE_CACHE : ANONYMOUS_CATALOGUE_CACHE);
  headers.set("Vary", "Cookie");
  return headers;
}
