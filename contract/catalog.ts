import { z } from "zod";
import { productSpecs, specSheetKind } from "./spec-sheets";
import { ownSizeTable } from "./own-size-guide";
import { endpoint, noInput } from "./http";
import { isoDateTime, queryChoice, queryInteger, queryPage, queryPageSize, queryText } from "./fields";
import {
  CATEGORIES_PER_PAGE,
  CATEGORY_FILTER_MAX_LENGTH,
  FILTER_VALUE_MAX_LENGTH,
  MAX_CATEGORIES_PER_PAGE,
  MAX_PRICE_CENTS,
  MAX_PRODUCTS_PER_PAGE,
  PRODUCTS_PER_PAGE,
  SEARCH_MAX_LENGTH,
  SIZE_MAX_LENGTH,
} from "./limits";
import { reviewsAnswer } from "./reviews";
import { shopStatus } from "./shop-status";
import { imageUrlField, imageUrlsField } from "./media";

/**
 * The catalogue calls (SPEC.md section 7 "Categories and catalogue"): public reads of categories,
 * products and banners. Money is integer cents (USD); images are ids served at
 * /images/{id}/{width}.webp.
 */

/** GET /home/get-product/{slug} for an unknown slug; the web's 404 page says the same. */
export const PRODUCT_NOT_FOUND = "Producto no encontrado";

/** Lower case, accents dropped, anything else but letters and digits turned into single hyphens. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

// ---- Answers ------------------------------------------------------------------------------------

export const category = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** Image id, or null for a category without one. */
  image: z.string().nullable(),
  imageUrl: imageUrlField,
});
export type Category = z.infer<typeof category>;

export const productCard = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  price: z.number().int(),
  /** Percentage 0-100. */
  discount: z.number().int(),
  /** Price after discount. */
  salePrice: z.number().int(),
  rating: z.number(),
  stock: z.number().int(),
  color: z.string(),
  tag: z.string(),
  category: z.object({ name: z.string(), slug: z.string() }),
  shopName: z.string(),
  /** The shop's page is /tienda/{shopSlug}. */
  shopSlug: z.string(),
  /** Image ids in display order. */
  images: z.array(z.string()),
  imageUrls: imageUrlsField,
  /** Sold by size: a cart line needs one (SPEC.md section 5). */
  hasSizes: z.boolean(),
  /**
   * False while its shop is not selling (PRODUCT_UNAVAILABLE): such a product is in no catalogue
   * list, only in the lists a shopper keeps (cart, favourites, compare) and on its own page.
   */
  available: z.boolean(),
});
export type ProductCard = z.infer<typeof productCard>;

export const productSize = z.object({ size: z.string(), stock: z.number().int() });
export type ProductSize = z.infer<typeof productSize>;

/** A racket's characteristics (the product page's table, /my-compare's rows). */
export const racketSpecs = z.object({
  forma: z.string(),
  peso: z.string(),
  balance: z.string(),
  nucleo: z.string(),
  cara: z.string(),
  nivel: z.string(),
});
export type RacketSpecs = z.infer<typeof racketSpecs>;

export const productDetail = productCard.extend({
  description: z.string(),
  /** In display order; empty for a product without sizes. */
  sizes: z.array(productSize),
  /** Its category's spec sheet (contract/spec-sheet-fields.ts) and the values filled in; null when none. */
  specSheet: specSheetKind.nullable(),
  specs: productSpecs.nullable(),
  /** The seller's size guide choice (contract/size-guides.ts productGuideRef turns it into a table). */
  sizeGuide: z.string(),
  /** With `sizeGuide` `propia`: the shop's own table (contract/own-size-guide.ts), else null. */
  sizeGuideTable: ownSizeTable.nullable(),
  /** Its status says why a product is not `available`. */
  shop: z.object({
    name: z.string(),
    slug: z.string(),
    status: shopStatus,
    /** Its return date (YYYY-MM-DD) while the shop is on vacation (issue 34): listed, but not sold. */
    vacationUntil: z.string().nullable(),
  }),
  createdAt: isoDateTime,
});
export type ProductDetail = z.infer<typeof productDetail>;

export const priceRange = z.object({ low: z.number().int(), high: z.number().int() });
export type PriceRange = z.infer<typeof priceRange>;

/** The values the listing's filters offer; a size counts only while some product has it in stock. */
export const filterOptions = z.object({
  colors: z.array(z.string()),
  tags: z.array(z.string()),
  sizes: z.array(z.string()),
});
export type FilterOptions = z.infer<typeof filterOptions>;

export const banner = z.object({
  _id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string(),
  /** Image id. */
  image: z.string(),
  imageUrl: imageUrlField,
});
export type Banner = z.infer<typeof banner>;

/** A category as GET /category-get lists it (and the admin's writes answer it, contract/categories.ts): with its spec sheet. */
/** `hidden`: an admin hid it (decision 0052); the seller's product form offers it only to its own products. */
export const categoryListItem = category.extend({ specSheet: specSheetKind.nullable(), hidden: z.boolean() });
export type CategoryListItem = z.infer<typeof categoryListItem>;

export const categoryListAnswer = z.object({ categorys: z.array(categoryListItem), totalCategory: z.number().int() });
export type CategoryListAnswer = z.infer<typeof categoryListAnswer>;

/** A category offered to shoppers, with its spec sheet (a racket's leads to the racket finder, issue 36). */
export const homeCategory = category.extend({ specSheet: specSheetKind.nullable() });
export type HomeCategory = z.infer<typeof homeCategory>;

export const homeCategoriesAnswer = z.object({ categorys: z.array(homeCategory) });
export type HomeCategoriesAnswer = z.infer<typeof homeCategoriesAnswer>;

export const homeProductsAnswer = z.object({
  products: z.array(productCard),
  latest_product: z.array(productCard),
  topRated_product: z.array(productCard),
  discount_product: z.array(productCard),
});
export type HomeProductsAnswer = z.infer<typeof homeProductsAnswer>;

export const productFiltersAnswer = z.object({ priceRange, filters: filterOptions });
export type ProductFiltersAnswer = z.infer<typeof productFiltersAnswer>;

export const priceRangeAnswer = productFiltersAnswer.extend({ latest_product: z.array(productCard) });
export type PriceRangeAnswer = z.infer<typeof priceRangeAnswer>;

export const queryProductsAnswer = z.object({
  products: z.array(productCard),
  totalProduct: z.number().int(),
  parPage: z.number().int(),
});
export type QueryProductsAnswer = z.infer<typeof queryProductsAnswer>;

export const advancedSearchAnswer = z.object({
  advanced_search_prd: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      slug: z.string(),
      images: z.array(z.string()),
      imageUrls: imageUrlsField,
    }),
  ),
});
export type AdvancedSearchAnswer = z.infer<typeof advancedSearchAnswer>;

export const productAnswer = z.object({
  product: productDetail,
  relatedProducts: z.array(productCard),
  /** The first page of its reviews, as GET /home/customer/get-reviews answers it, saving the product page a call. */
  reviews: reviewsAnswer,
  /**
   * Present when the slug asked for is one the product had before a rename (issue 11): its current
   * slug; the web answers 301 to /product/details/{redirectSlug}.
   */
  redirectSlug: z.string().optional(),
});
export type ProductAnswer = z.infer<typeof productAnswer>;

export const bannersAnswer = z.object({ banners: z.array(banner) });
export type BannersAnswer = z.infer<typeof bannersAnswer>;

/**
 * Which state of the public catalogue an API instance answers from: it changes whenever a row a
 * catalogue page shows is written (a product, its stock, a review, a banner, a shop...). The web
 * keeps an anonymous page only for the generation it was drawn in.
 */
export const catalogueGenerationAnswer = z.object({ generation: z.string() });
export type CatalogueGenerationAnswer = z.infer<typeof catalogueGenerationAnswer>;

// ---- Inputs -------------------------------------------------------------------------------------

const NO_SEARCH_VALUE = "No se proporcionó un valor para buscar";
const SEARCH_TOO_LONG = `La búsqueda no puede superar los ${SEARCH_MAX_LENGTH} caracteres.`;

const searchValue = queryText({ max: SEARCH_MAX_LENGTH, message: SEARCH_TOO_LONG });

export const categoryListQuery = z.object({
  page: queryPage(),
  parPage: queryPageSize(MAX_CATEGORIES_PER_PAGE, CATEGORIES_PER_PAGE),
  searchValue,
});
export type CategoryListQuery = z.infer<typeof categoryListQuery>;

const LOW_PRICE_MESSAGE = "El precio mínimo debe ser un número entero de céntimos entre 0 y 100.000.000.";
const HIGH_PRICE_MESSAGE = "El precio máximo debe ser un número entero de céntimos entre 0 y 100.000.000.";
const TAG_MESSAGE = "La etiqueta no es válida.";

/**
 * GET /home/query-products. SPEC.md section 7 names the call's parameters (lowPrice, highPrice,
 * tag, availability) and, separately, what the listing sends (low, high, tagValue, InStock): both
 * spellings are accepted, with the same meaning and units (prices in cents); when both are sent,
 * the call's own name wins.
 */
export const queryProductsQuery = z
  .object({
    category: queryText({ max: CATEGORY_FILTER_MAX_LENGTH, message: "La categoría no es válida." }),
    rating: queryInteger({ min: 1, max: 5, message: "La valoración debe ser un número entero entre 1 y 5." }),
    lowPrice: queryInteger({ min: 0, max: MAX_PRICE_CENTS, message: LOW_PRICE_MESSAGE }),
    low: queryInteger({ min: 0, max: MAX_PRICE_CENTS, message: LOW_PRICE_MESSAGE }),
    highPrice: queryInteger({ min: 0, max: MAX_PRICE_CENTS, message: HIGH_PRICE_MESSAGE }),
    high: queryInteger({ min: 0, max: MAX_PRICE_CENTS, message: HIGH_PRICE_MESSAGE }),
    sortPrice: queryChoice(
      ["low-to-high", "high-to-low"],
      "El orden por precio debe ser «low-to-high» o «high-to-low».",
    ),
    sortByDate: queryChoice(["newest", "oldest"], "El orden por fecha debe ser «newest» u «oldest»."),
    availability: queryChoice(["in-stock"], "La disponibilidad solo admite el valor «in-stock»."),
    InStock: queryChoice(["true", "false"], "InStock solo admite «true» o «false»."),
    color: queryText({ max: FILTER_VALUE_MAX_LENGTH, message: "El color no es válido." }),
    tag: queryText({ max: FILTER_VALUE_MAX_LENGTH, message: TAG_MESSAGE }),
    tagValue: queryText({ max: FILTER_VALUE_MAX_LENGTH, message: TAG_MESSAGE }),
    size: queryText({ max: SIZE_MAX_LENGTH, message: "La talla no es válida." }),
    pageNumber: queryPage(1, "El número de página debe ser un número entero mayor o igual que 1."),
    parPage: queryPageSize(MAX_PRODUCTS_PER_PAGE, PRODUCTS_PER_PAGE),
    searchValue,
  })
  .transform(({ low, high, tagValue, InStock, ...query }): typeof query => ({
    ...query,
    lowPrice: query.lowPrice ?? low,
    highPrice: query.highPrice ?? high,
    tag: query.tag ?? tagValue,
    availability: query.availability ?? (InStock === "true" ? "in-stock" : undefined),
  }))
  .refine(
    (query) => query.lowPrice === undefined || query.highPrice === undefined || query.lowPrice <= query.highPrice,
    {
      message: "El precio mínimo no puede ser mayor que el precio máximo.",
      path: ["lowPrice"],
    },
  );
export type QueryProductsQuery = z.infer<typeof queryProductsQuery>;

export const advancedSearchQuery = z.object({
  searchValue: z
    .string({ required_error: NO_SEARCH_VALUE, invalid_type_error: NO_SEARCH_VALUE })
    .trim()
    .min(1, NO_SEARCH_VALUE)
    .max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG),
});

/** The router refuses a path parameter over 200 characters (maxParamLength) with a 400, before this runs. */
export const productSlugParams = z.object({
  slug: z.string({ required_error: "Falta el producto.", invalid_type_error: "El producto no es válido." }),
});

// ---- Calls --------------------------------------------------------------------------------------

/** Anyone may call them; none needs a token. */
export const catalogEndpoints = {
  listCategories: endpoint({
    method: "GET",
    path: "/category-get",
    query: categoryListQuery,
    answer: categoryListAnswer,
  }),
  /** Every category, in the store's order (the home page, the listing's filters, the sitemap). */
  homeCategories: endpoint({
    method: "GET",
    path: "/home/get-categorys",
    query: noInput,
    answer: homeCategoriesAnswer,
  }),
  homeProducts: endpoint({ method: "GET", path: "/home/get-products", query: noInput, answer: homeProductsAnswer }),
  priceRangeLatestProduct: endpoint({
    method: "GET",
    path: "/home/price-range-latest-product",
    query: noInput,
    answer: priceRangeAnswer,
  }),
  /** The listing's filter panel: the facets of the call above without its latest products. */
  productFilters: endpoint({
    method: "GET",
    path: "/home/product-filters",
    query: noInput,
    answer: productFiltersAnswer,
  }),
  queryProducts: endpoint({
    method: "GET",
    path: "/home/query-products",
    query: queryProductsQuery,
    answer: queryProductsAnswer,
  }),
  /** The header's search suggestions. */
  advancedSearch: endpoint({
    method: "GET",
    path: "/home/advanced-search",
    query: advancedSearchQuery,
    answer: advancedSearchAnswer,
  }),
  product: endpoint({
    method: "GET",
    path: "/home/get-product/:slug",
    params: productSlugParams,
    query: noInput,
    answer: productAnswer,
  }),
  banners: endpoint({ method: "GET", path: "/banners", query: noInput, answer: bannersAnswer }),
  catalogueGeneration: endpoint({
    method: "GET",
    path: "/home/catalogue-generation",
    query: noInput,
    answer: catalogueGenerationAnswer,
  }),
};
