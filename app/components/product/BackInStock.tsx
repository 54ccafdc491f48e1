import { Card } from "~/components/ui/Card";
import { loadedOnDemand } from "~/components/ui/LoadedOnDemand";
import { TextLink } from "~/components/ui/TextLink";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { productPath, signInToWaitHref } from "~/routes/product-details.paths";

/**
 * The forms and Conform are for sold-out sizes only: other product pages go without them (their
 * schema comes when first used).
 */
const AlertForm = loadedOnDemand(() => import("./BackInStockForm"));

interface BackInStockProduct {
  _id: string;
  slug: string;
  available: boolean;
  stock: number;
  sizes: { size: string; stock: number }[];
}

/** The sizes sold out now ('' alone for a sold-out product without sizes). */
function soldOutSizes(product: BackInStockProduct): string[] {
  if (!product.available) return [];
  if (product.sizes.length > 0) return product.sizes.filter((size) => size.stock === 0).map((size) => size.size);
  return product.stock === 0 ? [""] : [];
}

/**
 * Issue 11 on the product page: each sold-out size (or a sold-out product without sizes) offers
 * 'Avísame cuando vuelva' to a signed-in shopper, as a plain POST form to the page's action; once
 * asked, 'Te avisaremos cuando vuelva' with a cancel button. A visitor gets a link to sign in that
 * comes back here. `waiting` is the sizes the shopper waits for, null for a visitor.
 */
export function BackInStock({
  product,
  waiting,
  constraint,
}: {
  product: BackInStockProduct;
  waiting: string[] | null;
  /** The form's constraints, worked out by the page's loader. */
  constraint: FieldConstraints;
}) {
  const sizes = soldOutSizes(product);
  if (sizes.length === 0) return null;
  const single = sizes.length === 1 && sizes[0] === "";
  return (
    <Card tone="muted" id="avisos" aria-labelledby="titulo-avisos" className="mt-8" data-testid="back-in-stock">
      <h2 id="titulo-avisos" className="text-sm font-bold text-ink">
        {single
          ? "¿Lo quieres cuando vuelva?"
          : sizes.length === 1
            ? "¿Buscas la talla agotada?"
            : "¿Buscas una talla agotada?"}
      </h2>
      <p className="text-sm text-neutral-700">Te enviaremos una notificación en cuanto vuelva a haber unidades.</p>
      {waiting === null ? (
        <p className="text-sm">
          <TextLink to={signInToWaitHref(productPath(product.slug))}>Inicia sesión para que te avisemos</TextLink>
          {single ? "" : ` (${sizes.length === 1 ? "talla" : "tallas"} ${sizes.join(", ")})`}
        </p>
      ) : (
        <ul className="space-y-3">
          {sizes.map((size) => (
            <li key={size} className="flex flex-wrap items-center gap-x-4 gap-y-2" data-testid="stock-alert">
              {size === "" ? null : <span className="min-w-20 text-sm font-bold text-ink">Talla {size}</span>}
              {/* Keyed by state, so the form is a new one once the shopper's choice is saved. */}
              <AlertForm
                key={`${size}-${waiting.includes(size)}`}
                productId={product._id}
                size={size}
                waiting={waiting.includes(size)}
                constraint={constraint}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
