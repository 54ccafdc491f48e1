import type { ReviewsAnswer } from "../reviews/contract.js";
import type { RacketSpecs } from "../../db/schema.js";

/**
 * Answer shapes of the catalogue calls (SPEC.md section 7), shared by the API and the web.
 * Money is integer cents (USD); images are ids served at /images/{id}/{width}.webp.
 */
export interface Category {
  _id: string;
  name: string;
  slug: string;
  image: string | null;
}

export interface ProductCard {
  _id: string;
  name: string;
  slug: string;
  brand: string;
  price: number;
  discount: number;
  /** Price after discount. */
  salePrice: number;
  rating: number;
  stock: number;
  color: string;
  tag: string;
  category: { name: string; slug: string };
  shopName: string;
  images: string[];
  /** Sold by size: a cart line needs one (SPEC.md section 5). */
  hasSizes: boolean;
}

export interface ProductSize {
  size: string;
  stock: number;
}

export interface ProductDetail extends ProductCard {
  description: string;
  sizes: ProductSize[];
  specs: RacketSpecs | null;
  shop: { name: string; slug: string };
  createdAt: string;
}

export interface PriceRange {
  low: number;
  high: number;
}

export interface FilterOptions {
  colors: string[];
  tags: string[];
  sizes: string[];
}

export interface Banner {
  _id: string;
  title: string;
  subtitle: string;
  link: string;
  image: string;
}

export interface CategoryListAnswer {
  categorys: Category[];
  totalCategory: number;
}
export interface HomeCategoriesAnswer {
  categorys: Category[];
}
export interface HomeProductsAnswer {
  products: ProductCard[];
  latest_product: ProductCard[];
  topRated_product: ProductCard[];
  discount_product: ProductCard[];
}
export interface ProductFiltersAnswer {
  priceRange: PriceRange;
  filters: FilterOptions;
}
export interface PriceRangeAnswer extends ProductFiltersAnswer {
  latest_product: ProductCard[];
}
export interface QueryProductsAnswer {
  products: ProductCard[];
  totalProduct: number;
  parPage: number;
}
export interface AdvancedSearchAnswer {
  advanced_search_prd: { _id: string; name: string; slug: string; images: string[] }[];
}
export interface ProductAnswer {
  product: ProductDetail;
  relatedProducts: ProductCard[];
  /** The first page of its reviews, as GET /home/customer/get-reviews answers it, saving the product page a call. */
  reviews: ReviewsAnswer;
}
export interface BannersAnswer {
  banners: Banner[];
}
