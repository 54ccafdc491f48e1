import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { Gallery } from "~/components/product/Gallery";
import { Price } from "~/components/product/Price";
import { ProductGrid } from "~/components/product/ProductCard";
import { Rating } from "~/components/product/Rating";
import { RacketSpecsTable } from "~/components/product/RacketSpecsTable";
import { catalogPageHeaders, getProduct } from "~/services/catalog.server";
import { webEnv } from "~/services/env.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const found = await getProduct(params.slug ?? "");
  if (!found) throw new Response("Producto no encontrado", { status: 404 });
  const { product, relatedProducts } = found;
  const pageUrl = `${webEnv.publicWebUrl}/product/details/${product.slug}`;
  // schema.org Product, so search engines can show price, stock and rating.
  const structuredData = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    image: product.photos.map((photo) => photo.src),
    description: product.description,
    brand: { "@type": "Brand", name: product.brand },
    sku: product._id,
    url: pageUrl,
    offers: {
      "@type": "Offer",
      url: pageUrl,
      price: (product.salePrice / 100).toFixed(2),
      priceCurrency: "USD",
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      seller: { "@type": "Organization", name: product.shop.name },
    },
    ...(product.rating > 0
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: product.rating, bestRating: 5, worstRating: 1 } }
      : {}),
  };
  return data({ product, relatedProducts, structuredData });
}

export const headers: HeadersFunction = catalogPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [];
  const { product } = data;
  const description = product.description.length > 155 ? `${product.description.slice(0, 152).trimEnd()}…` : product.description;
  return [
    { title: `${product.name} | Mercado Pádel` },
    { name: "description", content: description },
    { property: "og:title", content: product.name },
    { property: "og:description", content: description },
    { property: "og:type", content: "product" },
    ...(product.photos[0] ? [{ property: "og:image", content: product.photos[0].src }] : []),
  ];
};

function stockText(stock: number) {
  if (stock === 0) return "Agotado";
  return stock === 1 ? "1 disponible" : `${stock} disponibles`;
}

export default function ProductDetailsPage() {
  const { product, relatedProducts, structuredData } = useLoaderData<typeof loader>();
  const categoryHref = `/products?category=${encodeURIComponent(product.category.slug)}`;

  return (
    <div className="page-container py-8 lg:py-10">
      <script
        type="application/ld+json"
        // JSON inside a script element: '<' is escaped so no text in it can close the element.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(structuredData).replace(/</g, "\\u003c") }}
      />
      <Breadcrumbs
        crumbs={[
          { label: "Inicio", href: "/" },
          { label: "Productos", href: "/products" },
          { label: product.category.name, href: categoryHref },
          { label: product.name },
        ]}
      />

      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-14">
        <Gallery photos={product.photos} name={product.name} />

        <div>
          <p className="text-sm font-bold tracking-wider text-neutral-600 uppercase">{product.brand}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{product.name}</h1>
          <div className="mt-3">
            <Rating value={product.rating} showValue />
          </div>
          <div className="mt-6">
            <Price price={product.price} salePrice={product.salePrice} discount={product.discount} size="lg" />
          </div>
          <p
            className={`mt-3 inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold ${
              product.stock > 0 ? "bg-lime-100 text-court" : "bg-neutral-200 text-ink"
            }`}
            data-testid="stock"
          >
            {product.stock > 0 ? `En stock: ${stockText(product.stock)}` : "Agotado"}
          </p>

          <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 border-t border-neutral-200 pt-6 text-sm">
            <dt className="font-semibold text-neutral-600">Categoría</dt>
            <dd>
              <Link to={categoryHref} className="font-semibold text-court underline underline-offset-4">
                {product.category.name}
              </Link>
            </dd>
            <dt className="font-semibold text-neutral-600">Vendido por</dt>
            <dd className="text-ink">{product.shop.name}</dd>
            {product.color ? (
              <>
                <dt className="font-semibold text-neutral-600">Color</dt>
                <dd className="text-ink capitalize">{product.color}</dd>
              </>
            ) : null}
          </dl>

          {product.sizes.length > 0 ? (
            <section className="mt-8" aria-labelledby="tallas">
              <h2 id="tallas" className="text-sm font-bold text-ink">
                Tallas
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2" data-testid="sizes">
                {product.sizes.map((size) => (
                  <li
                    key={size.size}
                    className={`rounded-xl border px-3 py-2 text-sm ${
                      size.stock > 0 ? "border-neutral-300 text-ink" : "border-neutral-200 bg-neutral-100 text-neutral-600"
                    }`}
                  >
                    <span className="font-bold">{size.size}</span> — {stockText(size.stock)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section className="mt-8 border-t border-neutral-200 pt-6" aria-labelledby="descripcion">
            <h2 id="descripcion" className="text-lg font-bold text-ink">
              Descripción
            </h2>
            <p className="mt-3 leading-relaxed whitespace-pre-line text-neutral-700">{product.description}</p>
          </section>

          {product.specs ? <RacketSpecsTable specs={product.specs} /> : null}
        </div>
      </div>

      {relatedProducts.length > 0 ? (
        <section className="mt-16" aria-labelledby="relacionados">
          <h2 id="relacionados" className="mb-6 text-2xl font-extrabold tracking-tight text-ink">
            Productos relacionados
          </h2>
          <ProductGrid products={relatedProducts} />
        </section>
      ) : null}
    </div>
  );
}
