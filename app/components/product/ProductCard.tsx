import { Link, useFetcher } from "@remix-run/react";
import { HIGH_FETCH_PRIORITY } from "~/browser/fetch-priority";
import { BallIcon } from "~/components/icons";
import { Button, ButtonLink } from "~/components/ui/Button";
import { TextLink } from "~/components/ui/TextLink";
import { SHOPPER_LISTS_ACTION, shopperIntents } from "~/forms/shopper.forms";
import type { ProductSummary } from "~/services/catalog.server";
import { Price } from "./Price";
import { Rating } from "./Rating";
import { ShopperFormFields } from "./ShopperFormFields";

export type ProductLayout = "grid" | "list";

const GRID_IMAGE_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw";

/**
 * When a card's picture loads: "lazy" as it nears the screen; "eager" at once, for cards on the
 * first screen; "first" at once and before other pictures, for the page's largest paint.
 */
export type ImageLoading = "lazy" | "eager" | "first";

function ProductImage({ product, sizes, loading }: { product: ProductSummary; sizes: string; loading: ImageLoading }) {
  if (!product.image) {
    return (
      <div className="grid size-full place-items-center text-neutral-400">
        <BallIcon className="size-12 opacity-60" />
      </div>
    );
  }
  return (
    <img
      src={product.image.src}
      srcSet={product.image.srcSet}
      sizes={sizes}
      width={400}
      height={400}
      loading={loading === "lazy" ? "lazy" : "eager"}
      {...(loading === "first" ? HIGH_FETCH_PRIORITY : {})}
      decoding="async"
      alt={product.name}
      className="size-full object-contain p-3 transition-transform duration-300 group-hover:scale-105"
    />
  );
}

/**
 * The card's cart, favourites and compare buttons: one plain POST form (it works without
 * JavaScript), sent through a fetcher once the page is interactive. A product sold by size links
 * to its page to choose one.
 */
/** A narrow card (two columns on a phone) gives the main button a row of its own, a wider one sets it beside the icons. */
const CARD_PRIMARY_WIDTH = "w-full px-3 text-center @[15rem]:w-auto @[15rem]:min-w-0 @[15rem]:flex-1";

export function ProductCardActions({ product }: { product: ProductSummary }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={SHOPPER_LISTS_ACTION}
      className="relative z-10 mt-3 flex flex-wrap items-center gap-2"
    >
      <ShopperFormFields />
      <input type="hidden" name="productId" value={product._id} />
      <input type="hidden" name="slug" value={product.slug} />
      {product.available && product.stock > 0 ? (
        product.hasSizes ? (
          <ButtonLink to={`/product/details/${product.slug}`} variant="dark" size="sm" className={CARD_PRIMARY_WIDTH}>
            Elegir talla
          </ButtonLink>
        ) : (
          <Button
            type="submit"
            name="intent"
            value={shopperIntents.addToCart}
            disabled={busy}
            variant="dark"
            size="sm"
            className={CARD_PRIMARY_WIDTH}
          >
            Agregar al carrito<span className="sr-only">: {product.name}</span>
          </Button>
        )
      ) : null}
      <Button
        type="submit"
        name="intent"
        value={shopperIntents.addToWishlist}
        disabled={busy}
        title="Agregar a favoritos"
        variant="secondary"
        size="icon"
      >
        <span aria-hidden="true">♥</span>
        <span className="sr-only">Agregar a favoritos: {product.name}</span>
      </Button>
      <Button
        type="submit"
        name="intent"
        value={shopperIntents.addToCompare}
        disabled={busy}
        title="Comparar"
        variant="secondary"
        size="icon"
      >
        <span aria-hidden="true">⇄</span>
        <span className="sr-only">Comparar: {product.name}</span>
      </Button>
    </fetcher.Form>
  );
}

/** One product in a grid or a list; the whole card opens the product through its name link. */
export function ProductCard({
  product,
  layout = "grid",
  imageLoading = "lazy",
}: {
  product: ProductSummary;
  layout?: ProductLayout;
  imageLoading?: ImageLoading;
}) {
  const soldOut = product.stock === 0;
  // Catalogue lists hold only products of selling shops; a card elsewhere may not be.
  const badge = !product.available ? "No disponible" : soldOut ? "Agotado" : null;
  const isList = layout === "list";
  return (
    <article
      className={`group relative flex h-full overflow-hidden rounded-2xl border border-neutral-200 bg-white transition-shadow hover:shadow-xl has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-court ${
        isList ? "flex-row" : "flex-col"
      }`}
      data-testid="product-card"
    >
      <div className={`relative shrink-0 bg-neutral-100 ${isList ? "w-32 sm:w-48" : "aspect-square w-full"}`}>
        <ProductImage
          product={product}
          sizes={isList ? "(min-width: 640px) 192px, 128px" : GRID_IMAGE_SIZES}
          loading={imageLoading}
        />
        {badge ? (
          <span className="absolute left-2 top-2 rounded-md bg-ink px-2 py-1 text-xs font-bold text-white">
            {badge}
          </span>
        ) : null}
      </div>
      <div className="@container flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        <p className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">{product.brand}</p>
        <h3 className="text-sm leading-snug font-semibold text-ink sm:text-base">
          <Link
            to={`/product/details/${product.slug}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {product.name}
          </Link>
        </h3>
        {isList ? (
          <p className="text-sm text-neutral-600">
            {product.category.name} · Vendido por{" "}
            {product.available ? (
              // Above the name link's overlay, so it opens the shop rather than the product.
              <TextLink to={`/tienda/${encodeURIComponent(product.shopSlug)}`} className="relative z-10">
                {product.shopName}
              </TextLink>
            ) : (
              product.shopName
            )}
          </p>
        ) : null}
        <Rating value={product.rating} />
        <div className="mt-auto pt-1">
          <Price price={product.price} salePrice={product.salePrice} discount={product.discount} />
          <ProductCardActions product={product} />
        </div>
      </div>
    </article>
  );
}

/** Cards in a grid's first row at its widest: with `opensPage` their pictures load at once. */
const FIRST_ROW = 4;

/** Products as a responsive grid (or a one-column list). */
export function ProductGrid({
  products,
  layout = "grid",
  columns = 4,
  opensPage = false,
}: {
  products: ProductSummary[];
  layout?: ProductLayout;
  /** Columns on wide screens: 3 beside a sidebar, 4 across the page. */
  columns?: 3 | 4;
  /** The grid is the page's main content, on the first screen: its first picture is the largest paint. */
  opensPage?: boolean;
}) {
  const imageLoading = (index: number): ImageLoading =>
    !opensPage || index >= FIRST_ROW ? "lazy" : index === 0 ? "first" : "eager";
  const gridColumns = columns === 4 ? "sm:grid-cols-3 lg:grid-cols-4" : "sm:grid-cols-3";
  return (
    <ul
      className={layout === "list" ? "grid gap-4" : `grid grid-cols-2 gap-3 sm:gap-5 ${gridColumns}`}
      data-testid="product-list"
    >
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} layout={layout} imageLoading={imageLoading(index)} />
        </li>
      ))}
    </ul>
  );
}
