import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { cachedFor } from "../../cache.js";
import type { Db } from "../../db/client.js";
import { HttpError } from "../../http-error.js";
import { advancedSearchQuery, categoryListQuery, productSlugParams, queryProductsQuery } from "./schemas.js";
import { REVIEWS_PER_PAGE } from "../reviews/schemas.js";
import { productReviews } from "../reviews/service.js";
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

/** Routes that take no input say so too, so every route states what it accepts. */
const noQuery = z.object({});

/** Public catalogue reads of SPEC.md section 7 "Categories and catalogue". */
export async function catalogRoutes(app: FastifyInstance, opts: { db: Db; catalogueCacheSeconds: number }) {
  const { db } = opts;
  const categoriesCached = cachedFor(opts.catalogueCacheSeconds, () => homeCategories(db));
  const facetsCached = cachedFor(opts.catalogueCacheSeconds, () => catalogueFacets(db));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/category-get", { schema: { querystring: categoryListQuery } }, (request) => listCategories(db, request.query));

  routes.get("/home/get-categorys", { schema: { querystring: noQuery } }, async () => ({ categorys: await categoriesCached() }));

  routes.get("/home/get-products", { schema: { querystring: noQuery } }, () => homeProducts(db));

  routes.get("/home/price-range-latest-product", { schema: { querystring: noQuery } }, async () => {
    const [facets, latest] = await Promise.all([facetsCached(), latestProducts(db)]);
    return { ...facets, latest_product: latest };
  });

  // The listing's filter panel needs only the facets, not the latest products of the call above.
  routes.get("/home/product-filters", { schema: { querystring: noQuery } }, () => facetsCached());

  routes.get("/home/query-products", { schema: { querystring: queryProductsQuery } }, async (request) => {
    const { category, ...filters } = request.query;
    if (category === undefined) return queryProducts(db, filters);
    // The id, not the slug, lets PostgreSQL walk the (category, price) index in order.
    const categoryId = (await categoriesCached()).find((candidate) => candidate.slug === category)?._id;
    if (categoryId === undefined) return { products: [], totalProduct: 0, parPage: filters.parPage };
    return queryProducts(db, { ...filters, categoryId });
  });

  routes.get("/home/advanced-search", { schema: { querystring: advancedSearchQuery } }, (request) =>
    advancedSearch(db, request.query.searchValue),
  );

  routes.get("/home/get-product/:slug", { schema: { params: productSlugParams } }, async (request) => {
    const found = await productBySlug(db, request.params.slug);
    if (!found) throw new HttpError(404, "Producto no encontrado");
    // Reviews are read fresh on every call (never cached), so a new one shows at once.
    return { ...found, reviews: await productReviews(db, found.product._id, { pageNo: 1, perPage: REVIEWS_PER_PAGE }) };
  });

  routes.get("/banners", { schema: { querystring: noQuery } }, () => listBanners(db));
}
