import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ArrowRightIcon, BallIcon } from "~/components/icons";
import { HERO_IMAGE_SIZES, HeroBanner, PromotionBanner } from "~/components/home/Banner";
import { ProductGrid } from "~/components/product/ProductCard";
import { ButtonLink } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { TextLink } from "~/components/ui/TextLink";
import type { loader as rootLoader } from "~/root";
import type { ProductSummary } from "~/services/catalog.server";
import { catalogPageHeaders, getHomeProducts, listBanners } from "~/services/catalog.server";

/** Products per home section: one row of four on wide screens, two of two on phones. */
const SECTION_SIZE = 8;

export async function loader({ context }: LoaderFunctionArgs) {
  const [banners, products] = await Promise.all([listBanners(context.api), getHomeProducts(context.api)]);
  return data({
    banners,
    latest: products.latest.slice(0, SECTION_SIZE),
    topRated: products.topRated.slice(0, SECTION_SIZE),
    discounted: products.discounted.slice(0, SECTION_SIZE),
  });
}

export const headers: HeadersFunction = catalogPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const hero = data?.banners[0];
  return [
    { title: "Mercado Pádel | Tienda online de pádel" },
    {
      name: "description",
      content:
        "Palas, zapatillas, pelotas y accesorios de pádel de las mejores tiendas. Compara precios, descubre ofertas y compra en un solo lugar.",
    },
    // The hero's picture is the page's largest paint: fetched from the head, before the stylesheet
    // is read. Same srcset and sizes as the <img>, so the browser reuses what it preloaded.
    ...(hero
      ? [
          {
            tagName: "link",
            rel: "preload",
            as: "image",
            href: hero.image.src,
            imageSrcSet: hero.image.srcSet,
            imageSizes: HERO_IMAGE_SIZES,
            fetchpriority: "high",
          },
        ]
      : []),
  ];
};

function ProductSection({
  id,
  title,
  linkTo,
  products,
}: {
  id: string;
  title: string;
  linkTo: string;
  products: ProductSummary[];
}) {
  if (products.length === 0) return null;
  return (
    <section className="page-container mt-16" aria-labelledby={id}>
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id={id} className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
          {title}
        </h2>
        <TextLink to={linkTo} className="inline-flex shrink-0 items-center gap-1 text-sm">
          Ver todos<span className="sr-only">: {title}</span>
          <ArrowRightIcon className="size-4" />
        </TextLink>
      </div>
      <ProductGrid products={products} />
    </section>
  );
}

export default function HomePage() {
  const { banners, latest, topRated, discounted } = useLoaderData<typeof loader>();
  const categories = useRouteLoaderData<typeof rootLoader>("root")?.categories ?? [];
  const [hero, ...promotions] = banners;

  return (
    <>
      {/* The hero band slides under the header bar, which is see-through at the top of the home page. */}
      <section
        className="on-dark relative -mt-16 bg-linear-to-b from-[#0b1d3a] to-ink pt-20 pb-10 text-white sm:pt-24 sm:pb-14"
        aria-labelledby="portada"
      >
        <div className="page-container">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-bold tracking-wide text-ball uppercase ring-1 ring-white/15">
            <BallIcon className="size-4" />
            Tienda multimarca de pádel
          </p>
          <h1 id="portada" className="mt-4 max-w-3xl text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl">
            Todo para tu pádel, de las mejores tiendas
          </h1>
          {hero ? (
            <HeroBanner banner={hero} headingId="banner-portada" />
          ) : (
            <ButtonLink to="/products" variant="ball" className="mt-8">
              Ver productos
              <ArrowRightIcon className="size-5" />
            </ButtonLink>
          )}
        </div>
      </section>

      {categories.length > 0 ? (
        <section className="page-container mt-14" aria-labelledby="categorias">
          <h2 id="categorias" className="mb-6 text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
            Categorías
          </h2>
          <ul className="grid grid-cols-3 gap-2.5 sm:gap-4 lg:grid-cols-6">
            {categories.map((category) => (
              <li key={category.slug}>
                <Link
                  to={`/products?category=${encodeURIComponent(category.slug)}`}
                  className="group flex h-full flex-col items-center gap-2 rounded-2xl border border-neutral-200 bg-neutral-50 p-3 text-center text-sm font-semibold text-ink transition hover:border-ink hover:bg-white sm:gap-3 sm:p-4 sm:text-base"
                >
                  <span className="grid size-14 place-items-center overflow-hidden rounded-full bg-white sm:size-20">
                    {category.image ? (
                      <img
                        src={category.image.src}
                        srcSet={category.image.srcSet}
                        sizes="80px"
                        alt=""
                        width={80}
                        height={80}
                        loading="lazy"
                        className="size-full object-contain p-1.5 transition-transform group-hover:scale-110"
                      />
                    ) : (
                      <BallIcon className="size-10" />
                    )}
                  </span>
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {promotions.length > 0 ? (
        <section className="page-container mt-14" aria-label="Promociones">
          <ul className="grid gap-4 md:grid-cols-3">
            {promotions.map((banner, index) => (
              <li key={banner._id}>
                <PromotionBanner banner={banner} headingId={`promocion-${index + 1}`} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="page-container mt-14" aria-labelledby="buscador-de-palas">
        <Card tone="muted" className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="buscador-de-palas" className="text-2xl font-extrabold tracking-tight text-ink">
              ¿Qué pala es para ti?
            </h2>
            <p className="mt-1 text-neutral-700">
              Responde siete preguntas sobre tu juego y te proponemos las palas que mejor encajan contigo.
            </p>
          </div>
          <ButtonLink to="/racket-finder" variant="dark" className="shrink-0">
            Buscador de palas
          </ButtonLink>
        </Card>
      </section>

      <ProductSection id="ultimos" title="Últimos productos" linkTo="/products?sortByDate=newest" products={latest} />
      <ProductSection id="mejor-valorados" title="Mejor valorados" linkTo="/products?rating=4" products={topRated} />

      <section className="page-container mt-16" aria-labelledby="clase-prueba">
        <div className="on-dark flex flex-col items-start gap-4 rounded-3xl bg-ink px-6 py-8 text-white sm:flex-row sm:items-center sm:justify-between sm:px-10">
          <div>
            <h2 id="clase-prueba" className="text-2xl font-extrabold">
              Prueba Gratis de Pádel
            </h2>
            <p className="mt-1 text-neutral-200">
              Todos los sábados de 10:00 a 11:30. Raquetas y pelotas proporcionadas.
            </p>
          </div>
          <ButtonLink to="/gift" variant="ball" className="shrink-0">
            Ver cupones y clases
          </ButtonLink>
        </div>
      </section>

      <ProductSection id="con-descuento" title="Con descuento" linkTo="/products" products={discounted} />
    </>
  );
}
