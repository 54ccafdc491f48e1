import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { Pagination } from "~/components/product/Pagination";
import { ProductGrid } from "~/components/product/ProductCard";
import { ProductFilters } from "~/components/product/ProductFilters";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
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
          <TextLink to={category ? `/products?category=${encodeURIComponent(category.slug)}` : "/products"}>
            Quitar búsqueda
          </TextLink>
        </p>
      ) : null}
      {category?.specSheet === "pala" ? (
        <p className="mt-2 text-neutral-700">
          ¿No sabes cuál elegir? <TextLink to="/racket-finder">Encuentra tu pala con el buscador</TextLink>
        </p>
      ) : null}
      {notice ? (
        <div role="status" className="mt-4">
          <Notice tone="warning">{notice}</Notice>
        </div>
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
            <EmptyState
              className=""
              data-testid="empty-results"
              message={
                totalProduct > 0 ? "Esta página no tiene productos." : "No encontramos productos con estos filtros."
              }
              link={
                totalProduct > 0
                  ? { to: firstPageHref, label: "Ir a la primera página" }
                  : { to: "/products", label: "Restablecer filtros" }
              }
            />
          )}
        </ProductFilters>
      </div>
    </div>
  );
}
