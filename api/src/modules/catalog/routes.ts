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
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { categoryIdForFormerSlug } from "../categories/service.js";
import { productReviews } from "../reviews/service.js";
import { watchCatalogueChanges, watchCatalogueRows } from "./changes.js";
import { keyedCache, loadAlways, type KeyedCache } from "./keyed-cache.js";
import { publicShopPage, publicShops } from "./public-shop.js";
import {
  advancedSearch,
  homeCategories,
  listableCategories,
  homeProducts,
  listBanners,
  listCategories,
  catalogueFacets,
  latestProducts,
  productBySlug,
  queryProducts,
} from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "catalog",
  description:
    'The public catalogue (SPEC.md section 7 "Categories and catalogue") and the approved shops\' pages: ' +
    "anyone may call, none needs a token. Shapes: `contract/catalog.ts`, the shop pages' " +
    "`contract/shops.ts`; images are ids served at `/images/{id}/{width}.webp` (section *media*).\n\n" +
    "**What is in the store.** Only products of an `aprobada` shop that are published and not archived: " +
    "`inStore`/`shopSelling` in `api/src/modules/catalog/service.ts` require `archived_at is null`, " +
    "`state = 'publicado'` and the shop's status. The products of a shop that is pending, rejected or " +
    "suspended, a draft or hidden product and an archived one leave every catalogue call (listing, search, suggestions, facets, home, related products, " +
    "shop pages, sitemap); their orders keep them.\n\n" +
    "**Freshness.** Each instance keeps the catalogue-wide reads (categories, price range, filter " +
    "options), the listing's totals per set of filters, a searched page's ranking (decision 0017) and " +
    "the suggestions per text for `CATALOGUE_CACHE_SECONDS` at most, every catalogue write dropping " +
    "them; and whole listing and product answers (cards with stock and price included) until any " +
    "committed write to a row they show (a sale's stock, a review, a price) drops them on every instance " +
    '(decision 0018; docs/api/real-time.md, "Catalogue changes").',
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  listCategories: {
    summary: "Categories, paged and searched",
    description:
      "Anyone (the catalogue's call; the seller's product form reads it). `?page`, `?parPage` " +
      "(1-100, default 12), `?searchValue` (part of the name, capitals and accents aside): `{categorys, " +
      "totalCategory}` in the store's order, each with its `specSheet` and `hidden` (an admin hid it: " +
      "sellers may not put new products in it). The admin's screen reads `GET /admin/categories`.",
  },
  homeCategories: {
    summary: "The categories offered to shoppers, in the store's order",
    description:
      "`{categorys}`: the home page, the listing's filters, the footer and the sitemap read it. Only " +
      "categories not hidden and with at least one product in the store (published, of a selling shop, " +
      "not archived): an empty category is offered nowhere (decision 0052). A listing address " +
      "(`/home/query-products?category=`) of a hidden category lists nothing. Kept per instance for " +
      "`CATALOGUE_CACHE_SECONDS`; a category or product write drops it on every instance.",
  },
  homeProducts: {
    summary: "The home page's products",
    description:
      "`{products, latest_product, topRated_product, discount_product}`: the newest products, the best " +
      "rated and the biggest discounts, all from the store (approved shops, not archived).",
  },
  priceRangeLatestProduct: {
    summary: "The listing's facets and the latest products",
    description:
      "`{priceRange, filters, latest_product}`: the lowest and highest sale price in the store (cents), " +
      "the colours, tags and sizes on offer (a size counts only while some product has it in stock) and " +
      "the newest products. The facets are kept per instance for `CATALOGUE_CACHE_SECONDS`, dropped by " +
      "every catalogue write.",
  },
  productFilters: {
    summary: "The listing's facets alone",
    description:
      "`{priceRange, filters}`: what `/home/price-range-latest-product` answers without its latest " +
      "products, all the listing's filter panel needs.",
  },
  queryProducts: {
    summary: "The listing and the search",
    description:
      "Filters: `category` (a slug), `rating`, `lowPrice`/`highPrice` (cents), `sortPrice`, `sortByDate`, " +
      "`availability=in-stock`, `color`, `tag`, `size`, `searchValue`, `pageNumber`, `parPage`; also under " +
      "the names the spec's listing sends (`low`, `high`, `tagValue`, `InStock=true`), the call's own name " +
      "winning when both come. `{products, totalProduct, parPage}`.\n\n" +
      "A category slug no category has now is looked up in the audit log: the newest `categoria.editar` " +
      "entry whose `before.slug` it is names the category whose products are listed, so the addresses of " +
      "renamed categories keep working; a current slug always wins. A slug no category ever had lists " +
      "nothing. A searched page's ranking (its products' ids in order) is kept until the catalogue changes " +
      "and its cards are read fresh (decision 0017).",
  },
  advancedSearch: {
    summary: "The header's search suggestions",
    description:
      "`{advanced_search_prd: [{_id, name, slug, images}]}` for `searchValue` (400 `No se proporcionó un " +
      "valor para buscar` when empty), scored among the newest matches (decision 0017). Kept per text " +
      "until a catalogue write: a suggestion shows no stock or price.",
  },
  product: {
    summary: "A product page",
    description:
      "The product by `slug`, with `relatedProducts` and the first page of its `reviews` (as `GET " +
      "/home/customer/get-reviews/{productId}` answers it), so the product page needs no second call. 404 " +
      "`Producto no encontrado` for an unknown slug and for an archived product.\n\n" +
      "A product of a shop that is pending, rejected or suspended still answers, with `available: false`, " +
      "so a kept link or a favourite shows 'no disponible' instead of a 404. A slug the product had before " +
      "a rename (`product_slug_history`) answers the product with `redirectSlug`, its current slug; the " +
      "web answers 301 to the new address. The answer is kept until a row it shows changes (a sale, a " +
      "review, a reviewer's new name: migration 0019's triggers), so a new review shows on the next " +
      "request.",
  },
  banners: {
    summary: "The home page's banners",
    description: "`{banners}`, each with its image id.",
  },
  catalogueGeneration: {
    summary: "Which state of the catalogue this instance answers from",
    description:
      "`{generation}`. It changes with every committed write to a row a catalogue page shows (a product, " +
      "its stock, a review, a banner, a shop...), so the web keeps an anonymous page only while it stays " +
      "the same (docs/decisions/0018-page-cache.md). Without the database's notices (no LISTEN) no " +
      "generation can be trusted twice: every call answers a new one.",
  },
  publicShop: {
    summary: "An approved shop's page",
    description:
      "Public. `?sortPrice`, `?sortByDate`, `?pageNumber`, `?parPage` as `/home/query-products`: `{shop: " +
      "{name, slug, location, country, since, rating, reviewCount, productCount, logo, banner, description, " +
      "returnPolicy, shippingPolicy, contactEmail, contactPhone, vacation}, products, totalProduct, " +
      "parPage}`; `rating` is the average of its products' reviews. 404 `Tienda no encontrada.` for a shop " +
      "in any other status, as for an unknown slug. The web's page is `/tienda/{slug}`, linked from " +
      "'Vendido por'.",
  },
  publicShops: {
    summary: "The approved shops",
    description: "Public: every `aprobada` shop, for the sitemap.",
  },
} satisfies Record<string, RouteWords>;

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
  documentModule(app, section);
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
    listable: cachedFor(opts.catalogueCacheSeconds, () => listableCategories(db)),
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

  route(app, endpoints.listCategories, words.listCategories, (request) => listCategories(db, request.query));

  route(app, endpoints.homeCategories, words.homeCategories, async () => ({ categorys: await categoriesCached() }));

  route(app, endpoints.homeProducts, words.homeProducts, () => homeProducts(db));

  route(app, endpoints.priceRangeLatestProduct, words.priceRangeLatestProduct, async () => {
    const [facets, latest] = await Promise.all([facetsCached(), latestProducts(db)]);
    return { ...facets, latest_product: latest };
  });

  // The listing's filter panel needs only the facets, not the latest products of the call above.
  route(app, endpoints.productFilters, words.productFilters, () => facetsCached());

  route(app, endpoints.queryProducts, words.queryProducts, (request) => {
    const { category, ...filters } = request.query;
    const { answers, listing } = cached;
    return answers.listings(JSON.stringify(request.query), async () => {
      if (category === undefined) return queryProducts(db, filters, listing);
      // The id, not the slug, lets PostgreSQL walk the (category, price) index in order.
      // A slug no category has now may be one a category had before a rename (issue 11): old links keep working.
      const categoryId =
        (await cached.listable()).find((candidate) => candidate.slug === category)?.id ??
        (await categoryIdForFormerSlug(db, category));
      if (!categoryId) return { products: [], totalProduct: 0, parPage: filters.parPage };
      return queryProducts(db, { ...filters, categoryId }, listing);
    });
  });

  // Kept per text: a suggestion shows only a name, a slug and images, never stock or price.
  route(app, endpoints.advancedSearch, words.advancedSearch, (request) =>
    cached.suggestions(request.query.searchValue, () => advancedSearch(db, request.query.searchValue)),
  );

  route(app, endpoints.product, words.product, async (request) => {
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

  route(app, endpoints.banners, words.banners, () => listBanners(db));

  // Without the database's notices no generation can be trusted twice: a new one every time.
  route(app, endpoints.catalogueGeneration, words.catalogueGeneration, () => ({
    generation: listen ? `${instance}.${changesSeen}` : randomUUID(),
  }));

  // An approved shop's public page; any other status is 404, as an unknown slug.
  route(app, shopEndpoints.publicShop, words.publicShop, async (request) => {
    const page = await publicShopPage(db, request.params.slug, request.query);
    if (!page) throw new HttpError(404, SHOP_NOT_FOUND);
    return page;
  });

  route(app, shopEndpoints.publicShops, words.publicShops, () => publicShops(db));
}
