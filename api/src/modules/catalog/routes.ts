import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import {
  catalogEndpoints as endpoints,
  PRODUCT_NOT_FOUND,
  type AdvancedSearchAnswer,
  type ProductAnswer,
  type QueryProductsAnswer,
} from "#contract/catalog";
import { REVIEWS_PER_PAGE } from "#contract/limits";
import { SHOP_NOT_FOUND, shopEndpoints } from "#contract/shops";
import { cachedFor } from "../../cache.js";
import type { Db, Listen } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { route } from "../../route.js";
import { categoryIdForFormerSlug } from "../categories/service.js";
import { productReviews } from "../reviews/service.js";
import { watchCatalogueChanges, watchCatalogueRows } from "./changes.js";
import { keyedCache, loadAlways, type KeyedCache } from "./keyed-cache.js";
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
/** Listing and product answers an instance keeps at most, each: about 10 KB apiece. */
const KEPT_ANSWERS = 500;

/**
 * Public catalogue reads of SPEC.md section 7 "Categories and catalogue", and the approved shops'
 * pages (issue 10). Only products of approved shops are in the catalogue (service.ts, inStore).
 */
export async function catalogRoutes(
  app: FastifyInstance,
  opts: { db: Db; catalogueCacheSeconds: number; listen?: Listen },
) {
  const { db, listen } = opts;
  /**
   * Whole answers, stock, prices and reviews included: a listing's per question, a product page's
   * per address. Kept until any row they show changes (changes.ts, watchCatalogueRows): a sale, a
   * review, an edit. Only where the database can say so (listen); otherwise read every time.
   */
  const kept = <T>(): KeyedCache<T> => (listen ? keyedCache(opts.catalogueCacheSeconds, KEPT_ANSWERS) : loadAlways);
  const freshAnswers = () => ({ listings: kept<QueryProductsAnswer>(), products: kept<ProductAnswer | null>() });
  const fresh = () => ({
    categories: cachedFor(opts.catalogueCacheSeconds, () => homeCategories(db)),
    facets: cachedFor(opts.catalogueCacheSeconds, () => catalogueFacets(db)),
    listing: {
      totals: keyedCache<number>(opts.catalogueCacheSeconds, KEPT_PER_KIND),
      rankedPages: keyedCache<string[]>(opts.catalogueCacheSeconds, KEPT_PER_KIND),
    },
    suggestions: keyedCache<AdvancedSearchAnswer>(opts.catalogueCacheSeconds, KEPT_PER_KIND),
    answers: freshAnswers(),
  });
  let cached = fresh();
  const categoriesCached = () => cached.categories();
  const facetsCached = () => cached.facets();
  /** This instance's catalogue generation: its own name, and how many changes it has seen. */
  const instance = randomUUID();
  let changesSeen = 0;
  // A product or category write on any instance (changes.ts) drops them all, a row's write the
  // answers: new ones, so a load already under way keeps its old answer to itself.
  const unwatch = await watchCatalogueChanges(() => {
    cached = fresh();
    changesSeen++;
  }, listen);
  const unwatchRows = await watchCatalogueRows(() => {
    cached = { ...cached, answers: freshAnswers() };
    changesSeen++;
  }, listen);
  app.addHook("onClose", async () => {
    await unwatch();
    await unwatchRows();
  });

  route(app, endpoints.listCategories, (request) => listCategories(db, request.query));

  route(app, endpoints.homeCategories, async () => ({ categorys: await categoriesCached() }));

  route(app, endpoints.homeProducts, () => homeProducts(db));

  route(app, endpoints.priceRangeLatestProduct, async () => {
    const [facets, latest] = await Promise.all([facetsCached(), latestProducts(db)]);
    return { ...facets, latest_product: latest };
  });

  // The listing's filter panel needs only the facets, not the latest products of the call above.
  route(app, endpoints.productFilters, () => facetsCached());

  route(app, endpoints.queryProducts, (request) => {
    const { category, ...filters } = request.query;
    const { answers, listing } = cached;
    return answers.listings(JSON.stringify(request.query), async () => {
      if (category === undefined) return queryProducts(db, filters, listing);
      // The id, not the slug, lets PostgreSQL walk the (category, price) index in order.
      // A slug no category has now may be one a category had before a rename (issue 11): old links keep working.
      const categoryId =
        (await categoriesCached()).find((candidate) => candidate.slug === category)?._id ??
        (await categoryIdForFormerSlug(db, category));
      if (!categoryId) return { products: [], totalProduct: 0, parPage: filters.parPage };
      return queryProducts(db, { ...filters, categoryId }, listing);
    });
  });

  // Kept per text: a suggestion shows only a name, a slug and images, never stock or price.
  route(app, endpoints.advancedSearch, (request) =>
    cached.suggestions(request.query.searchValue, () => advancedSearch(db, request.query.searchValue)),
  );

  route(app, endpoints.product, async (request) => {
    const { slug } = request.params;
    // Its first reviews too: a new review, or a reviewer's new name, drops the kept answer (migration 0019).
    const answer = await cached.answers.products(slug, async () => {
      const found = await productBySlug(db, slug);
      return (
        found && {
          ...found,
          reviews: await productReviews(db, found.product._id, { pageNo: 1, perPage: REVIEWS_PER_PAGE }),
        }
      );
    });
    if (!answer) throw new HttpError(404, PRODUCT_NOT_FOUND);
    return answer;
  });

  route(app, endpoints.banners, () => listBanners(db));

  // Without the database's notices no generation can be trusted twice: a new one every time.
  route(app, endpoints.catalogueGeneration, () => ({
    generation: listen ? `${instance}.${changesSeen}` : randomUUID(),
  }));

  // An approved shop's public page; any other status is 404, as an unknown slug.
  route(app, shopEndpoints.publicShop, async (request) => {
    const page = await publicShopPage(db, request.params.slug, request.query);
    if (!page) throw new HttpError(404, SHOP_NOT_FOUND);
    return page;
  });

  route(app, shopEndpoints.publicShops, () => publicShops(db));
}
