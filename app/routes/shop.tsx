import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { vacationNotice } from "#contract/shop-profile-labels";
import { longDate } from "#contract/store-time";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { EmptyState } from "~/components/EmptyState";
import { Pagination } from "~/components/product/Pagination";
import { ProductGrid } from "~/components/product/ProductCard";
import { Rating } from "~/components/product/Rating";
import { SortSelects } from "~/components/product/SortSelects";
import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import { catalogPageHeaders, loadShopPage } from "~/services/catalog.server";
import { counted } from "#contract/number-format";

/** /tienda/{slug}: an approved shop's page; any other shop, or none, is the 404 page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadShopPage(context.api, params.slug ?? "", new URL(request.url));
}

export const headers: HeadersFunction = catalogPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "¡Oops! Página no encontrada" }, { name: "robots", content: "noindex" }];
  const { shop } = data;
  const description = `${shop.name}: ${counted(shop.productCount, "producto", "productos")} de pádel en Mercado Pádel desde ${longDate(
    shop.since,
  )}. ${shop.location}.`;
  return [
    { title: `${shop.name}: tienda de pádel | Mercado Pádel` },
    { name: "description", content: description },
    { property: "og:title", content: shop.name },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
};

export default function ShopPage() {
  const { state, shop, products, totalPages, logoSrc, banner } = useLoaderData<typeof loader>();
  const policies = [
    { title: "Devoluciones", text: shop.returnPolicy, testId: "shop-return-policy" },
    { title: "Envíos", text: shop.shippingPolicy, testId: "shop-shipping-policy" },
  ].filter((policy) => policy.text !== "");

  return (
    <div className="page-container py-8 lg:py-10">
      <Breadcrumbs
        crumbs={[{ label: "Inicio", href: "/" }, { label: "Productos", href: "/products" }, { label: shop.name }]}
      />
      <header
        className="mt-4 overflow-hidden rounded-2xl border border-neutral-200 bg-neutral-50"
        data-testid="shop-header"
      >
        {banner ? (
          <img
            src={banner.src}
            srcSet={banner.srcSet}
            sizes="(min-width: 1280px) 1232px, 100vw"
            alt={`Portada de ${shop.name}`}
            className="h-32 w-full object-cover sm:h-48"
            data-testid="shop-banner"
          />
        ) : null}
        <div className="p-5 sm:p-8">
          <div className="flex items-center gap-4">
            {logoSrc ? (
              <img
                src={logoSrc}
                alt={`Logo de ${shop.name}`}
                width={72}
                height={72}
                className="size-18 shrink-0 rounded-xl border border-neutral-200 bg-white object-cover"
                data-testid="shop-logo"
              />
            ) : null}
            <div className="min-w-0">
              <p className="text-sm font-bold tracking-wider text-neutral-600 uppercase">Tienda</p>
              <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words text-ink sm:text-4xl">
                {shop.name}
              </h1>
            </div>
          </div>
          {shop.vacation ? (
            <Notice tone="warning" className="mt-4">
              <span data-testid="shop-vacation">{vacationNotice(shop.vacation.until)}</span>. Puedes ver sus productos,
              pero no comprarlos hasta entonces.
              {shop.vacation.note ? (
                <span className="mt-1 block font-normal whitespace-pre-line" data-testid="shop-vacation-note">
                  {shop.vacation.note}
                </span>
              ) : null}
            </Notice>
          ) : null}
          {shop.description ? (
            <p className="mt-4 leading-relaxed whitespace-pre-line text-neutral-800" data-testid="shop-description">
              {shop.description}
            </p>
          ) : null}
          <p className="mt-2 text-neutral-700" data-testid="shop-since">
            En Mercado Pádel desde el {longDate(shop.since)}
          </p>
          <dl className="mt-5 grid gap-x-8 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-neutral-600">Dirección</dt>
            <dd className="break-words text-ink" data-testid="shop-location">
              {shop.location}
            </dd>
            <dt className="font-semibold text-neutral-600">Valoración</dt>
            <dd className="flex flex-wrap items-center gap-2 text-ink" data-testid="shop-rating">
              {shop.reviewCount > 0 ? (
                <>
                  <Rating value={shop.rating} showValue />
                  <span className="text-neutral-700">
                    ({counted(shop.reviewCount, "reseña", "reseñas")} de sus productos)
                  </span>
                </>
              ) : (
                <span className="text-neutral-700">Sus productos aún no tienen reseñas.</span>
              )}
            </dd>
            <dt className="font-semibold text-neutral-600">Productos</dt>
            <dd className="text-ink" data-testid="shop-product-count">
              {counted(shop.productCount, "producto", "productos")}
            </dd>
            {shop.contactEmail ? (
              <>
                <dt className="font-semibold text-neutral-600">Correo</dt>
                <dd className="break-words text-ink" data-testid="shop-email">
                  <a href={`mailto:${shop.contactEmail}`} className="underline">
                    {shop.contactEmail}
                  </a>
                </dd>
              </>
            ) : null}
            {shop.contactPhone ? (
              <>
                <dt className="font-semibold text-neutral-600">Teléfono</dt>
                <dd className="text-ink" data-testid="shop-phone">
                  <a href={`tel:${shop.contactPhone.replace(/[^\d+]/g, "")}`} className="underline">
                    {shop.contactPhone}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
          {policies.length > 0 ? (
            <div className="mt-6 grid gap-4 sm:grid-cols-2">
              {policies.map((policy) => (
                <section key={policy.title} aria-labelledby={policy.testId}>
                  <h2 id={policy.testId} className="text-base font-bold text-ink">
                    {policy.title}
                  </h2>
                  <p className="mt-1 text-sm whitespace-pre-line text-neutral-800" data-testid={policy.testId}>
                    {policy.text}
                  </p>
                </section>
              ))}
            </div>
          ) : null}
        </div>
      </header>

      <section className="mt-10" aria-labelledby="productos-tienda">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <h2 id="productos-tienda" className="text-2xl font-extrabold tracking-tight text-ink">
            Productos de {shop.name}
          </h2>
          {shop.productCount > 1 ? (
            // A plain GET form: it works without JavaScript and starts again from the first page.
            <Form
              method="get"
              className="flex w-full flex-wrap items-end gap-3 sm:w-auto"
              aria-label="Ordenar los productos"
              preventScrollReset
            >
              <SortSelects idPrefix="tienda" state={state} />
              <Button type="submit" variant="dark" size="sm">
                Ordenar
              </Button>
            </Form>
          ) : null}
        </div>

        {products.length > 0 ? (
          <>
            <ProductGrid products={products} />
            <Pagination page={state.pageNumber} totalPages={totalPages} />
          </>
        ) : (
          <EmptyState
            className=""
            data-testid="empty-results"
            message={
              shop.productCount > 0
                ? "Esta página no tiene productos."
                : "Esta tienda aún no tiene productos a la venta."
            }
            link={shop.productCount > 0 ? { to: `/tienda/${shop.slug}`, label: "Ir a la primera página" } : null}
          />
        )}
      </section>
    </div>
  );
}
