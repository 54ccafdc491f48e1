import { and, asc, count, desc, eq, exists, gt, gte, inArray, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { alias, PgDialect, type SelectedFields } from "drizzle-orm/pg-core";
import type {
  AdvancedSearchAnswer,
  BannersAnswer,
  Category,
  CategoryListAnswer,
  CategoryListQuery,
  FilterOptions,
  HomeCategory,
  HomeProductsAnswer,
  PriceRange,
  ProductFiltersAnswer,
  ProductAnswer,
  ProductCard,
  ProductDetail,
  ProductSize,
  QueryProductsAnswer,
  QueryProductsQuery,
} from "#contract/catalog";
import type { ShopStatus } from "#contract/shop-labels";
import type { ProductState } from "#contract/seller-product-labels";
import type { OwnSizeTable } from "#contract/size-guides";
import type { Db } from "../../db/client.js";
import { loadAlways, type KeyedCache } from "./keyed-cache.js";
import {
  banners,
  categories,
  productImages,
  productSizes,
  productSlugHistory,
  products,
  shops,
} from "../../db/schema.js";
import { vacationInForce } from "../shop-profile/vacation.js";

/** SPEC.md section 9: 0-100 USD when there is nothing to measure. */
const DEFAULT_PRICE_RANGE: PriceRange = { low: 0, high: 10_000 };
const HOME_PRODUCTS = 12;
const HOME_SHOWCASE = 9;
const ADVANCED_SEARCH_LIMIT = 8;
const RELATED_PRODUCTS = 8;
/** Letter sizes in the order a shopper reads them; numeric sizes come first, smallest first. */
const LETTER_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"];

/**
 * The one rule that puts a product in the store: its shop is approved, the product is published
 * (issue 34: not a draft, not hidden by its seller) and not archived (a deleted product that was ordered, issue 11: gone from the store, kept for its orders). A pending, rejected or
 * suspended shop's products leave every catalogue read (lists, counts, facets, suggestions, related
 * products, the sitemap); only their own page and the shoppers' lists still show them, as not
 * available. It is written twice, side by side, for the two shapes of query:
 */
const SELLING_STATUS: ShopStatus = "aprobada";
/** A literal, not a parameter: the planner then knows the value and plans the cards as without it. */
const SELLING = sql.raw(`'${SELLING_STATUS}'`);
/** The product's own state (issue 34): a draft or a hidden product is out of the store as an archived one. */
const PUBLISHED = sql.raw(`'${"publicado" satisfies ProductState}'`);
/**
 * ...on a query that already joins the product's shop (the cards, cart lines): a filter on the
 * joined row. An extra relation there would cost the planner more than the query itself.
 */
export const shopSelling: SQL = sql`(${shops.status} = ${SELLING} and ${products.archivedAt} is null and ${products.state} = ${PUBLISHED})`;
/**
 * ...on a query of products alone (counts, facets, suggestions): a semi-join on the few shops, so
 * the products' own indexes still order and limit the scan (EXPLAIN on 10,000 products: the
 * (category, price), created_at, sale_price and search indexes are all still used).
 */
const sellingShops = alias(shops, "selling_shops");
export const inStore: SQL = sql`(${products.shopId} in (select ${sellingShops.id} from ${shops} as ${sellingShops} where ${sellingShops.status} = ${SELLING}) and ${products.archivedAt} is null and ${products.state} = ${PUBLISHED})`;

/** Image ids of a product in display order, as text[] so both drivers hand back strings. */
const productImageIds = sql<
  string[]
>`array(select ${productImages.imageId}::text from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position})`;

const productCardColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  brand: products.brand,
  price: products.price,
  discount: products.discount,
  salePrice: products.salePrice,
  rating: products.rating,
  stock: products.stock,
  color: products.color,
  tag: products.tag,
  categoryName: categories.name,
  categorySlug: categories.slug,
  shopName: shops.name,
  shopSlug: shops.slug,
  images: productImageIds,
  hasSizes: products.hasSizes,
  available: sql<boolean>`(${shopSelling})`,
};

/** A card as the query returns it: flat columns, renamed into the card's shape by toProductCard. */
export interface ProductCardRow extends Omit<ProductCard, "_id" | "category"> {
  id: string;
  categoryName: string;
  categorySlug: string;
}

/** The one place a product row becomes the card every list answers with. */
export function toProductCard(row: ProductCardRow): ProductCard {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    brand: row.brand,
    price: row.price,
    discount: row.discount,
    salePrice: row.salePrice,
    rating: row.rating,
    stock: row.stock,
    color: row.color,
    tag: row.tag,
    category: { name: row.categoryName, slug: row.categorySlug },
    shopName: row.shopName,
    shopSlug: row.shopSlug,
    images: row.images,
    hasSizes: row.hasSizes,
    available: row.available,
  };
}

/**
 * Product cards with their category and shop joined; `extra` adds columns to each row, and the
 * caller may join more tables (a shopper's list, say) and filter on them.
 */
export function selectProductCards<TExtra extends SelectedFields = Record<string, never>>(
  db: Db,
  extra: TExtra = {} as TExtra,
) {
  return db
    .select({ ...productCardColumns, ...extra })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(shops, eq(shops.id, products.shopId));
}

/** A product's sizes in display order, as one JSON array (empty for a product without sizes). */
export const productSizesList = sql<
  ProductSize[]
>`coalesce((select json_agg(json_build_object('size', ${productSizes.size}, 'stock', ${productSizes.stock}) order by ${productSizes.position}, ${productSizes.size}) from ${productSizes} where ${productSizes.productId} = ${products.id}), '[]'::json)`;

/** What a product's detail adds to its card: pass to selectProductCards, map with toProductDetail. */
export const productDetailColumns = {
  description: products.description,
  specSheet: categories.specSheet,
  specs: products.specs,
  sizeGuide: products.sizeGuide,
  sizeGuideTable: products.sizeGuideTable,
  shopStatus: shops.status,
  shopVacationUntil: vacationInForce,
  createdAt: products.createdAt,
  sizes: productSizesList,
};

export interface ProductDetailRow extends ProductCardRow {
  description: string;
  specSheet: ProductDetail["specSheet"];
  specs: ProductDetail["specs"];
  sizeGuide: string;
  sizeGuideTable: OwnSizeTable | null;
  shopStatus: ShopStatus;
  shopVacationUntil: string | null;
  createdAt: Date;
  sizes: ProductSize[];
}

export function toProductDetail(row: ProductDetailRow): ProductDetail {
  return {
    ...toProductCard(row),
    description: row.description,
    sizes: row.sizes,
    specSheet: row.specSheet,
    specs: row.specs,
    sizeGuide: row.sizeGuide,
    sizeGuideTable: row.sizeGuideTable,
    shop: { name: row.shopName, slug: row.shopSlug, status: row.shopStatus, vacationUntil: row.shopVacationUntil },
    createdAt: row.createdAt.toISOString(),
  };
}

/** Cards of the products in the store (shopSelling), for every catalogue list. */
export async function productCards(
  db: Db,
  options: { where?: SQL; orderBy: SQL[]; limit: number; offset?: number },
): Promise<ProductCard[]> {
  const rows = await selectProductCards(db)
    .where(and(shopSelling, options.where))
    .orderBy(...options.orderBy)
    .limit(options.limit)
    .offset(options.offset ?? 0);
  return rows.map(toProductCard);
}

/** Newest first, with the id as a tie-breaker so pages never overlap or skip a product. */
const newestFirst = [desc(products.createdAt), desc(products.id)];

/**
 * Spanish full-text search (stemmed, accents ignored) where a word that is not in the catalogue
 * also matches as a prefix (typing in progress) or as its closest catalogue words (a typo): see
 * product_search_query in migration 0004, served by the GIN index on search_vector. The query is
 * built once, by its own statement: written into the search as a subquery, PostgreSQL built it
 * twice per statement (once to match, once to rank), each a trigram lookup of its own.
 */
async function productSearch(db: Db, searchValue: string): Promise<{ matches: SQL; relevance: SQL<number> }> {
  const [built] = (
    await db.execute<{ query: string | null }>(sql`select product_search_query(${searchValue}::text)::text as query`)
  ).rows;
  // No words left (only stop words, say): null, which matches nothing, as before.
  const textQuery = sql`${built?.query ?? null}::tsquery`;
  return {
    matches: sql`${products.searchVector} @@ ${textQuery}`,
    relevance: sql<number>`ts_rank(${products.searchVector}, ${textQuery})`,
  };
}

function toCategory(row: { id: string; name: string; slug: string; imageId: string | null }): Category {
  return { _id: row.id, name: row.name, slug: row.slug, image: row.imageId };
}

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  imageId: categories.imageId,
};

/** Escapes LIKE wildcards so a searched "%" or "_" matches itself. */
export function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function listCategories(db: Db, query: CategoryListQuery): Promise<CategoryListAnswer> {
  const where = query.searchValue
    ? sql`f_unaccent(lower(${categories.name})) like f_unaccent(lower(${likeContains(query.searchValue)}::text))`
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...categoryColumns, specSheet: categories.specSheet, hidden: categories.hidden })
      .from(categories)
      .where(where)
      .orderBy(asc(categories.position), asc(categories.name))
      .limit(query.parPage)
      .offset((query.page - 1) * query.parPage),
    db.select({ total: count() }).from(categories).where(where),
  ]);
  // With its spec sheet: the admin's categories page edits it (contract/categories.ts).
  return {
    categorys: rows.map((row) => ({ ...toCategory(row), specSheet: row.specSheet, hidden: row.hidden })),
    totalCategory: total?.total ?? 0,
  };
}

/**
 * The categories shoppers are offered (home, footer, the listing's filter, the sitemap): not hidden,
 * and with a product in the store (decision 0052), so an empty category added by mistake shows nowhere.
 */
export async function homeCategories(db: Db): Promise<HomeCategory[]> {
  const rows = await db
    .select({ ...categoryColumns, specSheet: categories.specSheet })
    .from(categories)
    .where(
      and(
        eq(categories.hidden, false),
        sql`exists (select 1 from ${products} where ${products.categoryId} = ${categories.id} and ${inStore})`,
      ),
    )
    .orderBy(asc(categories.position), asc(categories.name));
  return rows.map((row) => ({ ...toCategory(row), specSheet: row.specSheet }));
}

/**
 * The categories a listing address may name: every one not hidden, with products in the store or not
 * (a category emptied meanwhile lists nothing, rather than pretending its address never existed).
 */
export async function listableCategories(db: Db): Promise<{ id: string; slug: string }[]> {
  return db.select({ id: categories.id, slug: categories.slug }).from(categories).where(eq(categories.hidden, false));
}

export async function homeProducts(db: Db): Promise<HomeProductsAnswer> {
  const [latest, topRated, discounted] = await Promise.all([
    productCards(db, { orderBy: newestFirst, limit: HOME_PRODUCTS }),
    productCards(db, { orderBy: [desc(products.rating), ...newestFirst], limit: HOME_SHOWCASE }),
    productCards(db, {
      where: gt(products.discount, 0),
      orderBy: [desc(products.discount), ...newestFirst],
      limit: HOME_SHOWCASE,
    }),
  ]);
  return {
    products: latest,
    latest_product: latest.slice(0, HOME_SHOWCASE),
    topRated_product: topRated,
    discount_product: discounted,
  };
}

/** The lowest and highest sale price in the store, each the first product of the price index that is in it. */
async function priceRange(db: Db): Promise<PriceRange> {
  const bound = (direction: SQL) =>
    sql<
      number | null
    >`(select ${products.salePrice} from ${products} where ${inStore} order by ${products.salePrice} ${direction} limit 1)`;
  const [range] = await db
    .execute<{
      low: number | null;
      high: number | null;
    }>(sql`select ${bound(sql`asc`)} as low, ${bound(sql`desc`)} as high`)
    .then((result) => result.rows);
  if (range?.low == null || range.high == null) return DEFAULT_PRICE_RANGE;
  return { low: range.low, high: range.high };
}

/**
 * The distinct values of an indexed column among the products in the store, in the column's order.
 * A `select distinct` reads every product (1.2 s for 10,000 under load, blocking the one PGlite
 * connection); this walks the column's index from one value to the next in the store (a loose
 * index scan: one short probe per value). `order by ... limit 1`, not `min()`: with `min()` the
 * planner joins every product to the shops before it aggregates.
 */
function distinctInStore(column: typeof products.color | typeof products.tag) {
  return sql<{ value: string }>`
    with recursive walked(value) as (
      (select ${column} from ${products} where ${inStore} order by ${column} limit 1)
      union all
      select (select ${column} from ${products} where ${column} > walked.value and ${inStore} order by ${column} limit 1)
      from walked where walked.value is not null
    )
    select value from walked where value is not null`;
}

/** The values the listing's filters can offer; a size counts only while some product has it in stock. */
async function filterOptions(db: Db): Promise<FilterOptions> {
  const [colors, tags, sizes] = await Promise.all([
    db.execute<{ value: string }>(distinctInStore(products.color)),
    db.execute<{ value: string }>(distinctInStore(products.tag)),
    // The same walk over product_sizes' (size, product) index.
    db.execute<{ size: string }>(sql`
      with recursive walked(size) as (
        select min(${productSizes.size}) from ${productSizes}
        union all
        select (select min(${productSizes.size}) from ${productSizes} where ${productSizes.size} > walked.size) from walked where walked.size is not null
      )
      select size from walked
      cross join lateral (
        select 1 from ${productSizes} join ${products} on ${products.id} = ${productSizes.productId}
        where ${productSizes.size} = walked.size and ${productSizes.stock} > 0 and ${inStore}
        -- The index's order, so the planner reads that size's entries rather than the whole table.
        order by ${productSizes.size}, ${productSizes.productId} limit 1) as in_store
      order by
        case when size ~ '^[0-9]+([.,][0-9]+)?$' then replace(size, ',', '.')::numeric end nulls last,
        array_position(array[${sql.join(
          LETTER_SIZES.map((size) => sql`${size}`),
          sql`, `,
        )}]::text[], upper(size)) nulls last,
        size`),
  ]);
  return {
    colors: colors.rows.map((row) => row.value),
    tags: tags.rows.map((row) => row.value),
    sizes: sizes.rows.map((row) => row.size),
  };
}

/** What the listing's filters offer: the catalogue's price range and its colours, tags and sizes. */
export async function catalogueFacets(db: Db): Promise<ProductFiltersAnswer> {
  const [range, filters] = await Promise.all([priceRange(db), filterOptions(db)]);
  return { priceRange: range, filters };
}

export function latestProducts(db: Db): Promise<ProductCard[]> {
  return productCards(db, { orderBy: newestFirst, limit: HOME_SHOWCASE });
}

const dialect = new PgDialect();

/** What an API instance keeps of the listing between catalogue writes (routes.ts). */
export interface ListingCaches {
  /** Totals per set of filters. */
  totals: KeyedCache<number>;
  /** A searched page's products, ranked (their ids in order), per search, filters, order and page. */
  rankedPages: KeyedCache<string[]>;
}

const uncachedListing: ListingCaches = { totals: loadAlways, rankedPages: loadAlways };

export async function queryProducts(
  db: Db,
  query: Omit<QueryProductsQuery, "category"> & { categoryId?: string },
  caches: ListingCaches = uncachedListing,
): Promise<QueryProductsAnswer> {
  const conditions: SQL[] = [];
  if (query.categoryId !== undefined) conditions.push(eq(products.categoryId, query.categoryId));
  if (query.rating !== undefined) conditions.push(gte(products.rating, query.rating));
  if (query.lowPrice !== undefined) conditions.push(gte(products.salePrice, query.lowPrice));
  if (query.highPrice !== undefined) conditions.push(lte(products.salePrice, query.highPrice));
  if (query.availability === "in-stock") conditions.push(gt(products.stock, 0));
  if (query.color !== undefined) conditions.push(eq(products.color, query.color));
  if (query.tag !== undefined) conditions.push(eq(products.tag, query.tag));
  if (query.size !== undefined) {
    conditions.push(
      exists(
        db
          .select({ productId: productSizes.productId })
          .from(productSizes)
          .where(
            and(eq(productSizes.productId, products.id), eq(productSizes.size, query.size), gt(productSizes.stock, 0)),
          ),
      ),
    );
  }
  const search = query.searchValue !== undefined ? await productSearch(db, query.searchValue) : undefined;
  if (search) conditions.push(search.matches);
  const where = and(...conditions);

  /** The shopper's order, then the search's relevance (as given), then newest first. */
  const orderBy = (relevance?: SQL): SQL[] => [
    ...(query.sortPrice
      ? [query.sortPrice === "low-to-high" ? asc(products.salePrice) : desc(products.salePrice)]
      : []),
    ...(query.sortByDate ? [query.sortByDate === "newest" ? desc(products.createdAt) : asc(products.createdAt)] : []),
    ...(relevance ? [desc(relevance)] : []),
    ...newestFirst,
  ];
  const page = { limit: query.parPage, offset: (query.pageNumber - 1) * query.parPage };

  const counted = and(inStore, where)!;
  // The count's own condition is its key: every page and order of the same filters shares a total.
  const countKey = dialect.sqlToQuery(counted);
  const [cards, total] = await Promise.all([
    search
      ? searchedCards(db, caches.rankedPages, counted, search.relevance, orderBy, page)
      : productCards(db, { where, orderBy: orderBy(), ...page }),
    caches.totals(JSON.stringify([countKey.sql, countKey.params]), async () => {
      const [row] = await db.select({ total: count() }).from(products).where(counted);
      return row?.total ?? 0;
    }),
  ]);
  return { products: cards, totalProduct: total, parPage: query.parPage };
}

/**
 * A searched page. Ranking is what grows with the catalogue: every match is read and scored
 * (6,444 rows for «pala bullpadel» among 100,000 products, ~20 ms of the one PGlite connection),
 * and which products come in which order changes only with the catalogue's texts, prices and
 * shops, all catalogue writes. So the page's ids, in order, are kept like the totals (keyed-cache.ts)
 * while the cards themselves, with their stock and price, are read fresh each time.
 */
async function searchedCards(
  db: Db,
  rankedPages: KeyedCache<string[]>,
  where: SQL,
  relevance: SQL<number>,
  orderBy: (relevance: SQL) => SQL[],
  page: { limit: number; offset: number },
): Promise<ProductCard[]> {
  const ranking = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderBy(relevance))
    .limit(page.limit)
    .offset(page.offset);
  const key = ranking.toSQL();
  const ids = await rankedPages(JSON.stringify([key.sql, key.params]), async () =>
    (await ranking).map((row) => row.id),
  );
  if (ids.length === 0) return [];
  // Read again through shopSelling: a product that left the store since it was ranked is left out.
  const cards = await productCards(db, { where: inArray(products.id, ids), orderBy: [], limit: ids.length });
  const position = new Map(ids.map((id, index) => [id, index]));
  return cards.sort((first, second) => position.get(first._id)! - position.get(second._id)!);
}

/**
 * The suggestions are the best ranked of the newest SUGGESTION_CANDIDATES matches. Asked on every
 * keystroke, each a new text (the kept answers rarely help), they must not score every match: a
 * typo such as «bulpadel» matches 13,829 of 100,000 products, 32 ms of CPU on the one PGlite
 * connection, against 5 ms for the newest 200 (the same first suggestions). The listing a search
 * lands on still ranks every match (searchedCards).
 */
const SUGGESTION_CANDIDATES = 200;

export async function advancedSearch(db: Db, searchValue: string): Promise<AdvancedSearchAnswer> {
  const search = await productSearch(db, searchValue);
  const candidates = db
    .select({ id: products.id })
    .from(products)
    .where(and(inStore, search.matches))
    .orderBy(...newestFirst)
    .limit(SUGGESTION_CANDIDATES)
    .as("candidates");
  const rows = await db
    .select({ id: products.id, name: products.name, slug: products.slug, images: productImageIds })
    .from(products)
    .innerJoin(candidates, eq(candidates.id, products.id))
    .orderBy(desc(search.relevance), ...newestFirst)
    .limit(ADVANCED_SEARCH_LIMIT);
  return {
    advanced_search_prd: rows.map((row) => ({ _id: row.id, name: row.name, slug: row.slug, images: row.images })),
  };
}

/**
 * A product with its sizes, specs, shop and up to 8 others of its category (in the store); null when
 * the slug is unknown. A product of a shop that is not selling is answered too, as not `available`,
 * so its page can say so; an archived one (deleted by its seller), a draft or a hidden one is unknown. A slug the product
 * had before a rename answers the product with `redirectSlug`, its current slug, so the web
 * redirects (301) to the current address.
 */
export async function productBySlug(db: Db, slug: string): Promise<Omit<ProductAnswer, "reviews"> | null> {
  const detail = () => selectProductCards(db, { ...productDetailColumns, categoryId: products.categoryId });
  let [row] = await detail()
    .where(and(eq(products.slug, slug), isNull(products.archivedAt), eq(products.state, "publicado")))
    .limit(1);
  let redirectSlug: string | undefined;
  if (!row) {
    [row] = await detail()
      .innerJoin(productSlugHistory, eq(productSlugHistory.productId, products.id))
      .where(and(eq(productSlugHistory.slug, slug), isNull(products.archivedAt), eq(products.state, "publicado")))
      .limit(1);
    if (!row) return null;
    redirectSlug = row.slug;
  }

  const relatedProducts = await productCards(db, {
    where: and(eq(products.categoryId, row.categoryId), ne(products.id, row.id)),
    orderBy: newestFirst,
    limit: RELATED_PRODUCTS,
  });
  return { product: toProductDetail(row), relatedProducts, ...(redirectSlug === undefined ? {} : { redirectSlug }) };
}

export async function listBanners(db: Db): Promise<BannersAnswer> {
  const rows = await db
    .select({
      id: banners.id,
      title: banners.title,
      subtitle: banners.subtitle,
      link: banners.link,
      imageId: banners.imageId,
    })
    .from(banners)
    .orderBy(asc(banners.position), asc(banners.createdAt));
  return {
    banners: rows.map((row) => ({
      _id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      link: row.link,
      image: row.imageId,
    })),
  };
}
