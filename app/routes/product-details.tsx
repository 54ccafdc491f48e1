import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { MAX_ADD_QUANTITY } from "#contract/limits";
import { OWN_PRODUCT, PRODUCT_UNAVAILABLE } from "#contract/messages";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { BackInStock } from "~/components/product/BackInStock";
import { Gallery } from "~/components/product/Gallery";
import { Price } from "~/components/product/Price";
import { ProductGrid } from "~/components/product/ProductCard";
import { Rating } from "~/components/product/Rating";
import { Reviews } from "~/components/product/Reviews";
import { RacketFitCard } from "~/components/racket-finder/RacketFitCard";
import { ShopperFormFields } from "~/components/product/ShopperFormFields";
import { SizeChoice } from "~/components/product/SizeChoice";
import { SizeGuideLink } from "~/components/product/SizeGuideLink";
import { SpecSheetTable } from "~/components/product/SpecSheetTable";
import { Badge } from "~/components/ui/Badge";
import { Button, ButtonLink } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { FieldError } from "~/components/ui/Field";
import { Input } from "~/components/ui/Input";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { answerFor } from "~/forms/form-answer";
import { shopperIntents } from "~/forms/shopper.forms";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { sizeGuidePath } from "~/routes/product-details.paths";
import type { ProductDetails } from "~/services/catalog.server";
import { catalogPageHeaders } from "~/services/catalog.server";
import { loadProductPage, productPageAction } from "~/services/product-page.server";
import { stockText } from "~/services/stock-text";
import { vacationNotice } from "#contract/shop-profile-labels";

export async function loader(args: LoaderFunctionArgs) {
  return loadProductPage(args);
}

export const headers: HeadersFunction = catalogPageHeaders;

/** The purchase form's cart, favourites and compare buttons, the review form and the back-in-stock buttons. */
export async function action(args: ActionFunctionArgs) {
  return productPageAction(args);
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

/** In place of the purchase form on a product of the signed-in seller's own shop, which they cannot buy. */
function OwnProductNotice({ product }: { product: ProductDetails }) {
  return (
    <Card tone="muted" aria-labelledby="producto-propio" className="mt-8 space-y-3" data-testid="own-product">
      <h2 id="producto-propio" className="text-lg font-bold text-ink">
        Es un producto de tu tienda
      </h2>
      <p className="text-neutral-700">{OWN_PRODUCT}</p>
      {product.sizes.length > 0 ? (
        <p className="text-sm text-neutral-700" data-testid="sizes">
          Tallas: {product.sizes.map((size) => `${size.size} — ${stockText(size.stock)}`).join(", ")}
        </p>
      ) : null}
      <ButtonLink to={sellerPaths.editProduct(product._id)} variant="secondary" size="sm">
        Editar el producto
      </ButtonLink>
    </Card>
  );
}

/**
 * The sizes as a radio group (only sizes in stock can be chosen), the quantity beside 'Agregar al
 * carrito', then favourites and compare. A plain POST form to this page's action; with JavaScript
 * a fetcher, so the page stays put. A refused size or quantity is shown under its field. A product
 * whose shop is not selling offers only favourites and compare.
 */
function PurchaseForm({ product }: { product: ProductDetails }) {
  const fetcher = useFetcher();
  const actionData = useActionData();
  const answer = answerFor(fetcher.data ?? actionData, shopperIntents.addToCart);
  const sizeErrors = answer?.result?.error?.size;
  const quantityErrors = answer?.result?.error?.quantity;
  const busy = fetcher.state !== "idle";
  const hasSizes = product.sizes.length > 0;
  const maxQuantity = Math.min(
    MAX_ADD_QUANTITY,
    Math.max(1, hasSizes ? Math.max(0, ...product.sizes.map((size) => size.stock)) : product.stock),
  );
  // A shop on vacation (issue 34): its products are shown, and bought only once it is back.
  const away = product.available ? product.shop.vacationUntil : null;
  const inStock = product.available && product.stock > 0 && !away;

  return (
    <fetcher.Form method="post" className="mt-6 space-y-4" aria-label="Comprar">
      <ShopperFormFields />
      <input type="hidden" name="productId" value={product._id} />
      <input type="hidden" name="slug" value={product.slug} />
      <input type="hidden" name="fieldErrors" value="inline" />
      {hasSizes ? <SizeChoice sizes={product.sizes} purchasable={inStock} errors={sizeErrors} /> : null}
      {inStock ? (
        <div>
          {/* The quantity and the button share a row right after the sizes, within a phone's reach. */}
          <div className="flex items-end gap-3">
            <div className="w-24 shrink-0">
              <label htmlFor="cantidad" className="mb-1.5 block text-sm font-bold text-ink">
                Cantidad
              </label>
              <Input
                id="cantidad"
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={maxQuantity}
                step={1}
                defaultValue={1}
                aria-invalid={quantityErrors ? true : undefined}
                aria-describedby={quantityErrors ? "cantidad-error" : undefined}
              />
            </div>
            <Button
              type="submit"
              name="intent"
              value={shopperIntents.addToCart}
              disabled={busy}
              variant="dark"
              className="flex-1 sm:flex-none"
            >
              Agregar al carrito
            </Button>
          </div>
          {/* Under the whole row: in the narrow quantity box it would push the button down. */}
          <FieldError id="cantidad-error" errors={quantityErrors} />
        </div>
      ) : away ? (
        <Notice tone="warning">
          <span data-testid="vacation">{vacationNotice(away)}</span>: podrás comprar este producto cuando vuelva.
        </Notice>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value={shopperIntents.addToWishlist} disabled={busy} variant="secondary">
          <span aria-hidden="true">♥</span>
          Agregar a favoritos
        </Button>
        <Button type="submit" name="intent" value={shopperIntents.addToCompare} disabled={busy} variant="secondary">
          <span aria-hidden="true">⇄</span>
          Comparar
        </Button>
      </div>
    </fetcher.Form>
  );
}

export default function ProductDetailsPage() {
  const {
    product,
    relatedProducts,
    structuredData,
    reviews,
    reviewsPageNo,
    myReview,
    stockAlerts,
    own,
    racketFit,
    sizeGuide,
    constraints,
  } = useLoaderData<typeof loader>();
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
            <p className="mt-3">
              <Badge tone={product.stock > 0 ? "success" : "neutral"} data-testid="stock">
                {product.stock > 0 ? `En stock: ${stockText(product.stock)}` : "Agotado"}
              </Badge>
            </p>
          ) : (
            <div className="mt-3" data-testid="unavailable">
              <Notice tone="warning">{PRODUCT_UNAVAILABLE}</Notice>
            </div>
          )}

          {sizeGuide ? (
            <div className="mt-4">
              <SizeGuideLink
                guide={sizeGuide}
                sizes={product.sizes}
                href={sizeGuidePath(product.slug)}
                productName={product.name}
              />
            </div>
          ) : null}

          {/* The purchase right after the price: a phone reaches the sizes and the button before the details. */}
          {own ? (
            <OwnProductNotice product={product} />
          ) : (
            <>
              <PurchaseForm product={product} />
              <BackInStock product={product} waiting={stockAlerts} constraint={constraints.stockAlert} />
            </>
          )}

          <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 border-t border-neutral-200 pt-6 text-sm">
            <dt className="font-semibold text-neutral-600">Categoría</dt>
            <dd>
              <TextLink to={categoryHref}>{product.category.name}</TextLink>
            </dd>
            <dt className="font-semibold text-neutral-600">Vendido por</dt>
            <dd className="text-ink">
              {product.available ? (
                <TextLink to={`/tienda/${encodeURIComponent(product.shop.slug)}`}>{product.shop.name}</TextLink>
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
          {product.specSheet === "pala" ? <RacketFitCard fit={racketFit} /> : null}
        </div>
      </div>

      <Reviews
        productId={product._id}
        reviews={reviews}
        pageNo={reviewsPageNo}
        myReview={myReview}
        constraint={constraints.review}
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
