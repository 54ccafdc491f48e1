import type { FastifyInstance } from "fastify";
import { catalogEndpoints as endpoints, PRODUCT_NOT_FOUND, type AdvancedSearchAnswer } from "#contract/catalog";
import { REVIEWS_PER_PAGE } from "#contract/limits";
import { SHOP_NOT_FOUND, shopEndpoints } from "#contract/shops";
import { cachedFor } from "../../cache.js";
import type { Db, Listen } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { route } from "../../route.js";
import { categoryIdForFormerSlug } from "../categories/service.js";
import { productReviews } from "../reviews/service.js";
import { watchCatalogueChanges } from "./changes.js";
import { keyedCache } from "./keyed-cache.js";
import { publicShopPage, publicShops } from "./public-shop.js";
import {
  advancedSearch,
  homeCategories,
  homeProducts,
  listBanners,
  listCategories,
  catalogueFacets,
  latestProducts,
  productBySlug,
  queryProducts,
} from "./service.js";

/** Listing totals, searched pages' rankings and suggestion lists an instance keeps at most, each (keyed-cache.ts): a few megabytes. */
const KEPT_PER_KIND = 2000;

/**
 * Public catalogue reads of SPEC.md section 7 "Categories and catalogue", and the approved shops'
 * pages (issue 10). Only products of approved shops are in the catalogue (service.ts, inStore).
 */
export async function catalogRoutes(app: FastifyInstance, opts: { db: Db; catalogueCacheSeconds: number; listen?: Listen }) {
  const { db } = opts;
  const fresh = () => ({
    categories: cachedFor(opts.catalogueCacheSeconds, () => homeCategories(db)),
    facets: cachedFor(opts.catalogueCacheSeconds, () => catalogueFacets(db)),
    listing: { totals: keyedCache<number>(opts.catalogueCacheSeconds, KEPT_PER_KIND), rankedPages: keyedCache<string[]>(opts.catalogueCacheSeconds, KEPT_PER_KIND) },
    suggestions: keyedCache<AdvancedSearchAnswer>(opts.catalogueCacheSeconds, KEPT_PER_KIND),
  });
  let cached = fresh();
  const categoriesCached = () => cached.categories();
  const facetsCached = () => cached.facets();
  // A product or category write on any instance (changes.ts) drops them all: new ones, so a load
  // already under way keeps its old answer to itself.
  const unwatch = await watchCatalogueChanges(() => {
    cached = fresh();
  }, opts.listen);
  app.addHook("onClose", async () => unwatch());

  route(app, endpoints.listCategories, (request) => listCategories(db, request.query));

  route(app, endpoints.homeCategories, async () => ({ categorys: await categoriesCached() }));

  route(app, endpoints.homeProducts, () => homeProducts(db));

  route(app, endpoints.priceRangeLatestProduct, async () => {
    const [facets, latest] = await Promise.all([facetsCached(), latestProducts(db)]);
    return { ...facets, latest_product: latest };
  });

  // The listing's filter panel needs only the facets, not the latest products of the call above.
  route(app, endpoints.productFilters, () => facetsCached());

  route(app, endpoints.queryProducts, async (request) => {
    const { category, ...filters } = request.query;
    if (category === undefined) return queryProducts(db, filters, cached.listing);
    // The id, not the slug, lets PostgreSQL walk the (category, price) index in order.
    // A slug no category has now may be one a category had before a rename (issue 11): old links keep working.
    const categoryId = (await categoriesCached()).find((candidate) => candidate.slug === category)?._id ?? (await categoryIdForFormerSlug(db, category));
    if (!categoryId) return { products: [], totalProduct: 0, parPage: filters.parPage };
    return queryProducts(db, { ...filters, categoryId }, cached.listing);
  });

  // Kept per text: a suggestion shows only a name, a slug and images, never stock or price.
  route(app, endpoints.advancedSearch, (request) => cached.suggestions(request.query.searchValue, () => advancedSearch(db, request.query.searchValue)));

  route(app, endpoints.product, async (request) => {
    const found = await productBySlug(db, request.params.slug);
    if (!found) throw new HttpError(404, PRODUCT_NOT_FOUND);
    // Reviews are read fresh on every call (never cached), so a new one shows at once.
    return { ...found, reviews: await productReviews(db, found.product._id, { pageNo: 1, perPage: REVIEWS_PER_PAGE }) };
  });

  route(app, endpoints.banners, () => listBanners(db));

  // An approved shop's public page; any other status is 404, as an unknown slug.
  route(app, shopEndpoints.publicShop, async (request) => {
    const page = await publicShopPage(db, request.params.slug, request.query);
    if (!page) throw new HttpError(404, SHOP_NOT_FOUND);
    return page;
  });

  route(app, shopEndpoints.publicShops, () => publicShops(db));
}
