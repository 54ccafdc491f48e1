import { Link, useFetcher } from "@remix-run/react";
import { BallIcon } from "~/components/icons";
import { Price } from "~/components/product/Price";
import { ShopperFormFields } from "~/components/product/ShopperFormFields";
import { Button, ButtonLink } from "~/components/ui/Button";
import { shopperIntents } from "~/forms/shopper.forms";
import type { WishlistItem } from "~/services/shopper.server";
import { PRODUCT_UNAVAILABLE } from "#contract/messages";

/**
 * One favourite with its add-to-cart and remove buttons (/favorites and /dashboard/my-wishlist);
 * both post to the page's own shopper action.
 */
export function FavoriteCard({ item }: { item: WishlistItem }) {
  const { product } = item;
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white"
      data-testid="favorite"
    >
      <div className="aspect-square w-full bg-neutral-100">
        {product.image ? (
          <img
            src={product.image.src}
            srcSet={product.image.srcSet}
            sizes="(min-width: 1024px) 25vw, 50vw"
            width={400}
            height={400}
            alt={product.name}
            className="size-full object-contain p-3"
          />
        ) : (
          <div className="grid size-full place-items-center text-neutral-400">
            <BallIcon className="size-12 opacity-60" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">{product.brand}</p>
        <h2 className="font-semibold text-ink">
          <Link to={`/product/details/${product.slug}`} className="hover:underline">
            {product.name}
          </Link>
        </h2>
        <Price price={product.price} salePrice={product.salePrice} discount={product.discount} />
        {!product.available ? (
          <p className="text-sm font-semibold text-amber-900" data-testid="unavailable">
            {PRODUCT_UNAVAILABLE}
          </p>
        ) : product.stock === 0 ? (
          <p className="text-sm font-semibold text-neutral-600">Agotado</p>
        ) : null}
        <fetcher.Form method="post" className="mt-auto flex flex-wrap items-center gap-3 pt-2">
          <ShopperFormFields />
          <input type="hidden" name="id" value={item._id} />
          <input type="hidden" name="productId" value={product._id} />
          <input type="hidden" name="slug" value={product.slug} />
          {product.available && product.stock > 0 ? (
            product.hasSizes ? (
              <ButtonLink to={`/product/details/${product.slug}`} variant="dark" size="sm">
                Elegir talla<span className="sr-only">: {product.name}</span>
              </ButtonLink>
            ) : (
              <Button
                type="submit"
                name="intent"
                value={shopperIntents.addToCart}
                disabled={busy}
                variant="dark"
                size="sm"
              >
                Agregar al carrito<span className="sr-only">: {product.name}</span>
              </Button>
            )
          ) : null}
          <Button type="submit" name="intent" value={shopperIntents.removeFromWishlist} disabled={busy} variant="quiet">
            Eliminar<span className="sr-only">: {product.name}</span>
          </Button>
        </fetcher.Form>
      </div>
    </article>
  );
}
