import { z } from "zod";
import {
  FILTER_VALUE_MAX_LENGTH,
  MAX_PRICE_CENTS,
  PRODUCTS_PER_PAGE,
  SEARCH_MAX_LENGTH,
  SIZE_MAX_LENGTH,
} from "#contract/limits";
import type { ProductQuery } from "./catalog.server";

/** Empty text fields count as absent, so `?color=` means "any colour". */
const emptyAsAbsent = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const optionalText = (max: number) =>
  z.preprocess(emptyAsAbsent, z.string().trim().max(max).optional()).catch(undefined);
const optionalDollars = z
  .preprocess(
    emptyAsAbsent,
    z.coerce
      .number()
      .finite()
      .min(0)
      .max(MAX_PRICE_CENTS / 100)
      .optional(),
  )
  .catch(undefined);

/**
 * The whole state of /products lives in its URL. Each value is checked on its own; an invalid one
 * is dropped (and reported) instead of failing the page.
 */
const listingParamsSchema = z.object({
  category: z
    .preprocess(
      emptyAsAbsent,
      z
        .string()
        .regex(/^[a-z0-9-]{1,100}$/)
        .optional(),
    )
    .catch(undefined),
  rating: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(1).max(5).optional()).catch(undefined),
  lowPrice: optionalDollars,
  highPrice: optionalDollars,
  sortPrice: z.preprocess(emptyAsAbsent, z.enum(["low-to-high", "high-to-low"]).optional()).catch(undefined),
  sortByDate: z.preprocess(emptyAsAbsent, z.enum(["newest", "oldest"]).optional()).catch(undefined),
  availability: z.preprocess(emptyAsAbsent, z.literal("in-stock").optional()).catch(undefined),
  color: optionalText(FILTER_VALUE_MAX_LENGTH),
  tag: optionalText(FILTER_VALUE_MAX_LENGTH),
  size: optionalText(SIZE_MAX_LENGTH),
  searchValue: optionalText(SEARCH_MAX_LENGTH),
  pageNumber: z.coerce.number().int().min(1).max(10_000).catch(1),
  view: z.enum(["grid", "list"]).catch("grid"),
});

export type ListingParams = z.infer<typeof listingParamsSchema>;

export function parseListingParams(searchParams: URLSearchParams): { params: ListingParams; droppedInvalid: boolean } {
  // A repeated key keeps its last value: without JavaScript two category boxes can both be ticked.
  const raw = Object.fromEntries(
    [...new Set(searchParams.keys())].map((key) => [key, searchParams.getAll(key).at(-1)]),
  );
  const params = listingParamsSchema.parse(raw);
  if (params.lowPrice !== undefined && params.highPrice !== undefined && params.lowPrice > params.highPrice) {
    [params.lowPrice, params.highPrice] = [params.highPrice, params.lowPrice];
  }
  const droppedInvalid = Object.entries(raw).some(([key, value]) => {
    if (!(key in listingParamsSchema.shape) || emptyAsAbsent(value) === undefined) return false;
    if (key === "pageNumber" || key === "view") return String(params[key]) !== value;
    return params[key as keyof ListingParams] === undefined;
  });
  return { params, droppedInvalid };
}

/** The API counts money in cents; the form asks for whole dollars. */
export function toProductQuery({ view: _view, lowPrice, highPrice, ...params }: ListingParams): ProductQuery {
  return {
    ...params,
    lowPrice: lowPrice === undefined ? undefined : Math.floor(lowPrice) * 100,
    highPrice: highPrice === undefined ? undefined : Math.ceil(highPrice) * 100,
    parPage: PRODUCTS_PER_PAGE,
  };
}
