import {
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { Gallery } from "~/components/product/Gallery";
import { Price } from "~/components/product/Price";
import { ProductGrid } from "~/components/product/ProductCard";
import { Rating } from "~/components/product/Rating";
import { SpecSheetTable } from "~/components/product/SpecSheetTable";
import { Reviews } from "~/components/product/Reviews";
import {
  primaryButtonLook,
  secondaryButtonLook,
  ShopperFormFields,
  useShopperFetcher,
  type ShopperActionResult,
} from "~/components/product/shopper-forms";
import type { ProductDetails } from "~/services/catalog.server";
import { shopperAction } from "~/services/shopper-actions.server";
import { catalogPageHeaders, getProduct } from "~/services/catalog.server";
import { webEnv } from "~/services/env.server";
import { getMyReview, getReviews, isReviewIntent, reviewAction, reviewsPageOf } from "~/services/reviews.server";
import { getShopper } from "~/services/shopper.server";
import { isOwnProduct } from "~/services/own-product.server";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { getMyStockAlerts, isStockAlertIntent, stockAlertAction } from "~/services/stock-alerts.server";
import { BackInStock } from "~/components/product/BackInStock";
import { SizeChoice } from "~/components/product/SizeChoice";
import { stockText } from "~/components/product/stock";
import { PRODUCT_NOT_FOUND, slugify } from "#contract/catalog";
import { OWN_PRODUCT, PRODUCT_UNAVAILABLE } from "#contract/messages";
import { MAX_ADD_QUANTITY } from "#contract/limits";

export async function loader(args: LoaderFunctionArgs) {
  const requested = args.params.slug ?? "";
  const found = await getProduct(args.context.api, requested);
  if (!found) {
    // A link made the spec's way (the name in lower case, spaces as hyphens) keeps accents and
    // dots the store's addresses drop: it leads to the product's own address.
    const slug = slugify(requested);
    if (slug && slug !== requested && (await getProduct(args.context.api, slug)))
      throw redirect(`/product/details/${slug}`, 301);
    throw new Response(PRODUCT_NOT_FOUND, { status: 404 });
  }
  // A renamed product's old address leads to its new one, for good (links and search engines follow).
  if (found.redirectSlug !== undefined)
    throw redirect(
      `/product/details/${encodeURIComponent(found.redirectSlug)}${new URL(args.request.url).search}`,
      301,
    );
  const { product, relatedProducts, firstReviews } = found;
  const shopper = getShopper(args);
  const reviewsPageNo = reviewsPageOf(args.request);
  // The product's answer carries the first page of reviews; only later pages need a call.
  const [reviews, myReview, stockAlerts, own] = await Promise.all([
    reviewsPageNo === 1 ? firstReviews : getReviews(args.context.api, product._id, reviewsPageNo),
    getMyReview(shopper, product._id),
    getMyStockAlerts(args, product),
    isOwnProduct(args, product),
  ]);
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
      availability:
        product.available && product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      seller: { "@type": "Organization", name: product.shop.name },
    },
    ...(product.rating > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            bestRating: 5,
            worstRating: 1,
            ...(reviews.totalReview > 0 ? { reviewCount: reviews.totalReview } : {}),
          },
        }
      : {}),
  };
  return { product, relatedProducts, structuredData, reviews, reviewsPageNo, myReview, stockAlerts, own };
}

export const headers: HeadersFunction = catalogPageHeaders;

/** The review form (reviewAction), or the purchase form's cart, favourites and compare buttons (shopperAction). */
export async function action(args: ActionFunctionArgs) {
  if (await isReviewIntent(args.request))
    return reviewAction(args, `/product/details/${encodeURIComponent(args.params.slug ?? "")}`);
  // 'Avísame cuando vuelva' and its cancel (issue 11): a plain form, a redirect back with a flash.
  if (await isStockAlertIntent(args.request))
    return stockAlertAction(args, `/product/details/${encodeURIComponent(args.params.slug ?? "")}`);
  return shopperAction(args);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [];
  const { product } = data;
  const description =
    product.description.length > 155 ? `${product.description.slice(0, 152).trimEnd()}…` : product.description;
  return [
    { title: `${product.name} | Mercado Pádel` },
    { name: "description", content: description },
    { property: "og:title", content: product.name },
    { property: "og:description", content: description },
    { property: "og:type", content: "product" },
    ...(product.photos[0] ? [{ property: "og:image", content: product.photos[0].src }] : []),
    // A product whose shop is not selling is out of the store: its page stays, for those who kept it, but is not indexed.
    ...(product.available ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

const fieldLook =
  "mt-1.5 block w-full rounded-lg border border-neutral-500 bg-white px-3 py-2.5 text-ink shadow-sm aria-[invalid=true]:border-red-600";

/** In place of the purchase form on a product of the signed-in seller's own shop, which they cannot buy. */
function OwnProductNotice({ product }: { product: ProductDetails }) {
  return (
    <section
      aria-labelledby="producto-propio"
      className="mt-8 space-y-3 rounded-2xl border border-neutral-300 bg-neutral-50 p-5"
      data-testid="own-product"
    >
      <h2 id="producto-propio" className="text-lg font-bold text-ink">
        Es un producto de tu tienda
      </h2>
      <p className="text-neutral-700">{OWN_PRODUCT}</p>
      {product.sizes.length > 0 ? (
        <p className="text-sm text-neutral-700" data-testid="sizes">
          Tallas: {product.sizes.map((size) => `${size.size} — ${stockText(size.stock)}`).join(", ")}
        </p>
      ) : null}
      <Link to={sellerPaths.editProduct(product._id)} className={secondaryButtonLook}>
        Editar el producto
      </Link>
    </section>
  );
}

/**
 * The sizes as a radio group (only sizes in stock can be chosen), the quantity beside 'Agregar al
 * carrito', then favourites and compare. A plain POST form to
 * this page's action; with JavaScript a fetcher, so the page stays put. A refused size or quantity
 * is shown under its field. A product whose shop is not selling offers only favourites and compare.
 */
function PurchaseForm({ product }: { product: ProductDetails }) {
  const fetcher = useShopperFetcher();
  const actionData = useActionData<ShopperActionResult>();
  const result = fetcher.data ?? actionData;
  const sizeError = result?.fieldErrors?.size?.join(" ");
  const quantityError = result?.fieldErrors?.quantity?.join(" ");
  const busy = fetcher.state !== "idle";
  const hasSizes = product.sizes.length > 0;
  const maxQuantity = Math.min(
    MAX_ADD_QUANTITY,
    Math.max(1, hasSizes ? Math.max(0, ...product.sizes.map((size) => size.stock)) : product.stock),
  );
  const inStock = product.available && product.stock > 0;

  return (
    <fetcher.Form method="post" className="mt-6 space-y-4" aria-label="Comprar">
      <ShopperFormFields />
      <input type="hidden" name="productId" value={product._id} />
      <input type="hidden" name="slug" value={product.slug} />
      <input type="hidden" name="fieldErrors" value="inline" />
      {hasSizes ? <SizeChoice sizes={product.sizes} purchasable={inStock} error={sizeError} /> : null}
      {inStock ? (
        <div>
          {/* The quantity and the button share a row right after the sizes, within a phone's reach. */}
          <div className="flex items-end gap-3">
            <div className="w-24 shrink-0">
              <label htmlFor="cantidad" className="block text-sm font-bold text-ink">
                Cantidad
              </label>
              <input
                id="cantidad"
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={maxQuantity}
                step={1}
                defaultValue={1}
                aria-invalid={quantityError ? true : undefined}
                aria-describedby={quantityError ? "cantidad-error" : undefined}
                className={fieldLook}
              />
            </div>
            <button
              type="submit"
              name="intent"
              value="add-to-cart"
              disabled={busy}
              className={`${primaryButtonLook} flex-1 px-6 py-3 text-base sm:flex-none`}
            >
              Agregar al carrito
            </button>
          </div>
          {quantityError ? (
            <p id="cantidad-error" className="mt-1.5 text-sm font-medium text-red-700">
              {quantityError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value="add-to-wishlist"
          disabled={busy}
          className={`${secondaryButtonLook} py-3`}
        >
          <span aria-hidden="true" className="mr-1.5">
            ♥
          </span>
          Agregar a favoritos
        </button>
        <button
          type="submit"
          name="intent"
          value="add-to-compare"
          disabled={busy}
          className={`${secondaryButtonLook} py-3`}
        >
          <span aria-hidden="true" className="mr-1.5">
            ⇄
          </span>
          Comparar
        </button>
      </div>
    </fetcher.Form>
  );
}

export default function ProductDetailsPage() {
  const { product, relatedProducts, structuredData, reviews, reviewsPageNo, myReview, stockAlerts, own } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reviewResult = actionData && "result" in actionData ? actionData.result : null;
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
          {product.available ? (
            <p
              className={`mt-3 inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold ${
                product.stock > 0 ? "bg-lime-100 text-court" : "bg-neutral-200 text-ink"
              }`}
              data-testid="stock"
            >
              {product.stock > 0 ? `En stock: ${stockText(product.stock)}` : "Agotado"}
            </p>
          ) : (
            <p
              className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900"
              data-testid="unavailable"
            >
              {PRODUCT_UNAVAILABLE}
            </p>
          )}

          {/* The purchase right after the price: a phone reaches the sizes and the button before the details. */}
          {own ? (
            <OwnProductNotice product={product} />
          ) : (
            <>
              <PurchaseForm product={product} />
              <BackInStock product={product} waiting={stockAlerts} />
            </>
          )}

          <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 border-t border-neutral-200 pt-6 text-sm">
            <dt className="font-semibold text-neutral-600">Categoría</dt>
            <dd>
              <Link to={categoryHref} className="font-semibold text-court underline underline-offset-4">
                {product.category.name}
              </Link>
            </dd>
            <dt className="font-semibold text-neutral-600">Vendido por</dt>
            <dd className="text-ink">
              {product.available ? (
                <Link
                  to={`/tienda/${encodeURIComponent(product.shop.slug)}`}
                  className="font-semibold text-court underline underline-offset-4"
                >
                  {product.shop.name}
                </Link>
              ) : (
                // A shop that is not selling has no page.
                product.shop.name
              )}
            </dd>
            {product.color ? (
              <>
                <dt className="font-semibold text-neutral-600">Color</dt>
                <dd className="text-ink capitalize">{product.color}</dd>
              </>
            ) : null}
          </dl>

          <section className="mt-8 border-t border-neutral-200 pt-6" aria-labelledby="descripcion">
            <h2 id="descripcion" className="text-lg font-bold text-ink">
              Descripción
            </h2>
            <p className="mt-3 leading-relaxed whitespace-pre-line text-neutral-700">{product.description}</p>
          </section>

          {product.specSheet && product.specs ? (
            <SpecSheetTable kind={product.specSheet} specs={product.specs} />
          ) : null}
        </div>
      </div>

      <Reviews
        productId={product._id}
        reviews={reviews}
        pageNo={reviewsPageNo}
        myReview={myReview}
        lastResult={reviewResult}
      />

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
