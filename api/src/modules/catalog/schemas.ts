import { z } from "zod";

export type {
  AdvancedSearchAnswer,
  BannersAnswer,
  CategoryListAnswer,
  HomeCategoriesAnswer,
  HomeProductsAnswer,
  PriceRangeAnswer,
  ProductAnswer,
  QueryProductsAnswer,
} from "./contract.js";

/** Query strings carry empty values for unset fields (`?color=`): those mean "no filter". */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * An optional whole number from the query string. Only plain digits are accepted, so "1e3",
 * "-1", "1.5" and repeated keys get the field's own Spanish message instead of a coerced value.
 */
export function queryInteger(options: { min: number; max: number; message: string }) {
  const { min, max, message } = options;
  return z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: message })
      .trim()
      .regex(/^\d{1,12}$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message))
      .optional(),
  );
}

/** An optional text from the query string, trimmed; empty means absent. */
function queryText(options: { max: number; message: string }) {
  return z.preprocess(
    blankToUndefined,
    z.string({ invalid_type_error: options.message }).trim().max(options.max, options.message).optional(),
  );
}

function queryChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(blankToUndefined, z.enum(values, { errorMap: () => ({ message }) }).optional());
}

/** Upper bound of any price filter: 1.000.000 USD in cents, well inside PostgreSQL's integer. */
const MAX_PRICE_CENTS = 100_000_000;
/** Deepest page any list serves; keeps OFFSET inside PostgreSQL's bigint whatever the page size. */
export const MAX_PAGE = 100_000;
const SEARCH_MAX_LENGTH = 100;
const NO_SEARCH_VALUE = "No se proporcionó un valor para buscar";

const searchValue = queryText({
  max: SEARCH_MAX_LENGTH,
  message: `La búsqueda no puede superar los ${SEARCH_MAX_LENGTH} caracteres.`,
});

export const categoryListQuery = z.object({
  page: queryInteger({ min: 1, max: MAX_PAGE, message: "La página debe ser un número entero mayor o igual que 1." }).transform(
    (page) => page ?? 1,
  ),
  parPage: queryInteger({ min: 1, max: 100, message: "La cantidad por página debe ser un número entero entre 1 y 100." }).transform(
    (parPage) => parPage ?? 12,
  ),
  searchValue,
});
export type CategoryListQuery = z.infer<typeof categoryListQuery>;

export const queryProductsQuery = z
  .object({
    category: queryText({ max: 200, message: "La categoría no es válida." }),
    rating: queryInteger({ min: 1, max: 5, message: "La valoración debe ser un número entero entre 1 y 5." }),
    lowPrice: queryInteger({
      min: 0,
      max: MAX_PRICE_CENTS,
      message: "El precio mínimo debe ser un número entero de céntimos entre 0 y 100.000.000.",
    }),
    highPrice: queryInteger({
      min: 0,
      max: MAX_PRICE_CENTS,
      message: "El precio máximo debe ser un número entero de céntimos entre 0 y 100.000.000.",
    }),
    sortPrice: queryChoice(["low-to-high", "high-to-low"], "El orden por precio debe ser «low-to-high» o «high-to-low»."),
    sortByDate: queryChoice(["newest", "oldest"], "El orden por fecha debe ser «newest» u «oldest»."),
    availability: queryChoice(["in-stock"], "La disponibilidad solo admite el valor «in-stock»."),
    color: queryText({ max: 100, message: "El color no es válido." }),
    tag: queryText({ max: 100, message: "La etiqueta no es válida." }),
    size: queryText({ max: 20, message: "La talla no es válida." }),
    pageNumber: queryInteger({
      min: 1,
      max: MAX_PAGE,
      message: "El número de página debe ser un número entero mayor o igual que 1.",
    }).transform((pageNumber) => pageNumber ?? 1),
    parPage: queryInteger({ min: 1, max: 48, message: "La cantidad por página debe ser un número entero entre 1 y 48." }).transform(
      (parPage) => parPage ?? 12,
    ),
    searchValue,
  })
  .refine((query) => query.lowPrice === undefined || query.highPrice === undefined || query.lowPrice <= query.highPrice, {
    message: "El precio mínimo no puede ser mayor que el precio máximo.",
    path: ["lowPrice"],
  });
export type QueryProductsQuery = z.infer<typeof queryProductsQuery>;

export const advancedSearchQuery = z.object({
  searchValue: z
    .string({ required_error: NO_SEARCH_VALUE, invalid_type_error: NO_SEARCH_VALUE })
    .trim()
    .min(1, NO_SEARCH_VALUE)
    .max(SEARCH_MAX_LENGTH, `La búsqueda no puede superar los ${SEARCH_MAX_LENGTH} caracteres.`),
});

/** The router refuses a path parameter over 200 characters (maxParamLength) with a 400, before this runs. */
export const productSlugParams = z.object({
  slug: z.string({ required_error: "Falta el producto.", invalid_type_error: "El producto no es válido." }),
});
