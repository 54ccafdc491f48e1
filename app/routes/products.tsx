import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/product/Pagination";
import { ProductGrid } from "~/components/product/ProductCard";
import { ProductFilters } from "~/components/product/ProductFilters";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import type { loader as rootLoader } from "~/root";
import { ApiError } from "~/services/api.server";
import { catalogPageHeaders, getListingOptions, queryProducts } from "~/services/catalog.server";
import { centsToWholeDollarsCeil, centsToWholeDollarsFloor } from "#contract/money-format";
import { parseListingParams, toProductQuery } from "~/services/product-listing.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { params, droppedInvalid } = parseListingParams(new URL(request.url).searchParams);
  const [options, result] = await Promise.all([
    getListingOptions(context.api),
    // The API refusing a combination the URL check let through is the visitor's filter, not an outage.
    queryProducts(context.api, toProductQuery(params)).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 400) return null;
      throw error;
    }),
  ]);
  return data({
    params,
    notice: droppedInvalid || result === null ? "Algunos filtros no eran válidos y no se aplicaron." : null,
    priceBounds: {
      low: centsToWholeDollarsFloor(options.priceRange.low),
      high: centsToWholeDollarsCeil(options.priceRange.high),
    },
    filterOptions: options.filters,
    products: result?.products ?? [],
    totalProduct: result?.totalProduct ?? 0,
    totalPages: result ? Math.max(1, Math.ceil(result.totalProduct / result.parPage)) : 1,
  });
}

export const headers: HeadersFunction = catalogPageHeaders;

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  const categories = matches.find((match) => match.id === "root")?.data?.categories ?? [];
  const category = categories.find((candidate) => candidate.slug === data?.params.category);
  const title = data?.params.searchValue
    ? `Resultados para "${data.params.searchValue}"`
    : category
      ? `${category.name}: productos de pádel`
      : "Productos de pádel";
  return [
    { title: `${title} | Mercado Pádel` },
    {
      name: "description",
      content:
        "Palas, zapatillas, pelotas, bolsos y accesorios de pádel de varias tiendas. Filtra por categoría, precio, valoración, talla y color.",
    },
  ];
};

export default function ProductsPage() {
  const { params, notice, priceBounds, filterOptions, products, totalProduct, totalPages } =
    useLoaderData<typeof loader>();
  const categories = useRouteLoaderData<typeof rootLoader>("root")?.categories ?? [];
  const category = categories.find((candidate) => candidate.slug === params.category);
  const location = useLocation();
  const firstPageParams = new URLSearchParams(location.search);
  firstPageParams.delete("pageNumber");
  const firstPageHref = `/products?${firstPageParams}`;

  return (
    <div className="page-container py-8 lg:py-10">
      <Breadcrumbs crumbs={[{ label: "Inicio", href: "/" }, { label: "Productos" }]} />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
        {category ? category.name : "Productos"}
      </h1>
      {params.searchValue ? (
        <p className="mt-2 text-neutral-700">
          Resultados para “{params.searchValue}” ·{" "}
          <Link
            to={category ? `/products?category=${encodeURIComponent(category.slug)}` : "/products"}
            className="font-semibold text-court underline underline-offset-4"
          >
            Quitar búsqueda
          </Link>
        </p>
      ) : null}
      {notice ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {notice}
        </p>
      ) : null}

      <div className="mt-8">
        <ProductFilters
          state={params}
          priceBounds={priceBounds}
          options={filterOptions}
          categories={categories}
          summary={
            <p className="text-sm font-semibold text-neutral-700" role="status" data-testid="result-count">
              {totalProduct === 1 ? "1 producto" : `${totalProduct} productos`}
            </p>
          }
        >
          <h2 className="sr-only">Resultados</h2>
          {products.length > 0 ? (
            <>
              <ProductGrid products={products} layout={params.view} columns={3} opensPage />
              <Pagination page={params.pageNumber} totalPages={totalPages} />
            </>
          ) : (
            <div
              className="rounded-2xl border border-dashed border-neutral-300 px-6 py-16 text-center"
              data-testid="empty-results"
            >
              {totalProduct > 0 ? (
                <>
                  <p className="text-lg font-semibold text-ink">Esta página no tiene productos.</p>
                  <Link
                    to={firstPageHref}
                    className="mt-5 inline-block rounded-full bg-ink px-5 py-2.5 text-sm font-bold text-white hover:bg-neutral-800"
                  >
                    Ir a la primera página
                  </Link>
                </>
              ) : (
                <>
                  <p className="text-lg font-semibold text-ink">No encontramos productos con estos filtros.</p>
                  <Link
                    to="/products"
                    className="mt-5 inline-block rounded-full bg-ink px-5 py-2.5 text-sm font-bold text-white hover:bg-neutral-800"
                  >
                    Restablecer filtros
                  </Link>
                </>
              )}
            </div>
          )}
        </ProductFilters>
      </div>
    </div>
  );
}
