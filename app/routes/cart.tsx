import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { EmptyState } from "~/components/EmptyState";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { CouponBox } from "~/components/cart/CouponBox";
import { couponSchema } from "~/components/cart/coupon-schema";
import { BallIcon } from "~/components/icons";
import { secondaryButtonLook, ShopperFormFields, useShopperFetcher } from "~/components/product/shopper-forms";
import { couponAction, isCouponIntent } from "~/services/coupon-actions.server";
import { getCartCoupon, NO_COUPON } from "~/services/coupons.server";
import { formatPrice } from "~/services/money";
import { shopperAction } from "~/services/shopper-actions.server";
import { getCart, getShopper, type CartLine } from "~/services/shopper.server";
import { EMPTY_CART, PRODUCT_UNAVAILABLE } from "#contract/messages";
import { logError } from "~/services/log.server";

/** /card and /cart (SPEC.md section 2): one module, two route ids in app/routes.ts. */
export async function loader(args: LoaderFunctionArgs) {
  const shopper = getShopper(args);
  const [cart, coupon] = await Promise.all([
    getCart(shopper),
    // A failure only hides the coupon; the cart still shows.
    getCartCoupon(shopper).catch((error: unknown) => {
      if (error instanceof Response) throw error;
      logError("GET /home/coupon falló", error);
      return NO_COUPON;
    }),
  ]);
  return { cart, coupon, couponConstraint: getZodConstraint(couponSchema) };
}

export async function action(args: ActionFunctionArgs) {
  if (await isCouponIntent(args.request)) return couponAction(args);
  return shopperAction(args);
}

export const meta: MetaFunction = () => [
  { title: "Carrito de Compra | Mercado Pádel" },
  {
    name: "description",
    content: "Los productos de tu carrito en Mercado Pádel, agrupados por tienda, con el envío y el total.",
  },
  { name: "robots", content: "noindex" },
];

function unitsText(units: number) {
  return units === 1 ? "1 producto" : `${units} productos`;
}

/** One small POST form (fetcher with JavaScript) for a line's button. */
function LineButton({
  id,
  intent,
  disabled,
  className,
  children,
  title,
}: {
  id: string;
  intent: string;
  disabled?: boolean;
  className: string;
  children: ReactNode;
  title?: string;
}) {
  const fetcher = useShopperFetcher();
  return (
    <fetcher.Form method="post">
      <ShopperFormFields />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={disabled || fetcher.state !== "idle"}
        title={title}
        className={className}
      >
        {children}
      </button>
    </fetcher.Form>
  );
}

const stepLook =
  "grid size-9 place-items-center rounded-full border border-neutral-400 bg-white text-lg font-bold text-ink hover:border-ink disabled:cursor-not-allowed disabled:opacity-40";
// At least 32 px tall: a thumb on a phone reaches it without hitting the quantity buttons.
const removeLook =
  "inline-flex min-h-8 items-center rounded px-1 text-sm font-semibold text-red-700 underline underline-offset-4 hover:text-red-900 disabled:opacity-60";

function LineImage({ line }: { line: CartLine }) {
  return (
    <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-xl bg-neutral-100 sm:size-24">
      {line.product.image ? (
        <img
          src={line.product.image.src}
          srcSet={line.product.image.srcSet}
          sizes="96px"
          width={96}
          height={96}
          alt=""
          className="size-full object-contain p-1.5"
        />
      ) : (
        <BallIcon className="size-10 text-neutral-400" />
      )}
    </div>
  );
}

function LineName({ line }: { line: CartLine }) {
  return (
    <div className="min-w-0">
      <Link to={`/product/details/${line.product.slug}`} className="font-semibold text-ink hover:underline">
        {line.product.name}
      </Link>
      {line.size ? <p className="text-sm text-neutral-600">Talla: {line.size}</p> : null}
      <p className="text-sm text-neutral-600">
        Precio unitario: <span data-testid="unit-price">{formatPrice(line.unitPrice)}</span>
      </p>
    </div>
  );
}

function AvailableLine({ line }: { line: CartLine }) {
  const name = line.product.name;
  return (
    <li className="flex flex-wrap items-center gap-4 py-4" data-testid="cart-line">
      <LineImage line={line} />
      <div className="flex flex-1 flex-wrap items-center justify-between gap-4">
        <LineName line={line} />
        <div className="flex items-center gap-2" role="group" aria-label={`Cantidad de ${name}`}>
          <LineButton
            id={line._id}
            intent="decrease"
            disabled={line.quantity <= 1}
            className={stepLook}
            title="Quitar una unidad"
          >
            <span aria-hidden="true">-</span>
            <span className="sr-only">Quitar una unidad de {name}</span>
          </LineButton>
          <span className="min-w-8 text-center font-bold" data-testid="quantity">
            <span className="sr-only">Cantidad: </span>
            {line.quantity}
          </span>
          <LineButton
            id={line._id}
            intent="increase"
            disabled={line.quantity >= line.stock}
            className={stepLook}
            title="Añadir una unidad"
          >
            <span aria-hidden="true">+</span>
            <span className="sr-only">Añadir una unidad de {name}</span>
          </LineButton>
        </div>
        <div className="flex flex-col items-end gap-1">
          <p className="font-extrabold text-ink" data-testid="line-total">
            <span className="sr-only">Total de la línea: </span>
            {formatPrice(line.lineTotal)}
          </p>
          <LineButton id={line._id} intent="remove-cart" className={removeLook}>
            Eliminar<span className="sr-only">: {name}</span>
          </LineButton>
        </div>
      </div>
    </li>
  );
}

/** A line that cannot be bought now: sold out, or its shop is not selling. */
function OutOfStockLine({ line }: { line: CartLine }) {
  return (
    <li className="flex flex-wrap items-center gap-4 py-4 opacity-80" data-testid="out-of-stock-line">
      <LineImage line={line} />
      <div className="flex flex-1 flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <LineName line={line} />
          <p className="mt-1 text-sm font-semibold text-ink" data-testid="unavailable-reason">
            {line.product.available ? "Agotado" : PRODUCT_UNAVAILABLE}
          </p>
        </div>
        <LineButton id={line._id} intent="remove-cart" className={removeLook}>
          Eliminar<span className="sr-only">: {line.product.name}</span>
        </LineButton>
      </div>
    </li>
  );
}

export default function CartPage() {
  const { cart, coupon, couponConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const couponResult = actionData && "result" in actionData ? actionData.result : null;
  const empty = cart.card_products.length === 0 && cart.outOfStockProduct.length === 0;

  return (
    <div className="page-container py-8 lg:py-10">
      <Breadcrumbs crumbs={[{ label: "Inicio", href: "/" }, { label: "Carrito de Compra" }]} />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Carrito de Compra</h1>

      {empty ? (
        <EmptyState message={EMPTY_CART} />
      ) : (
        <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <div className="space-y-6">
            {cart.card_products.map((group) => (
              <section
                key={group.shopId}
                aria-labelledby={`tienda-${group.shopId}`}
                className="rounded-2xl border border-neutral-200 px-4 sm:px-6"
                data-testid="cart-shop"
              >
                <h2
                  id={`tienda-${group.shopId}`}
                  className="border-b border-neutral-200 py-3 text-lg font-bold text-ink"
                >
                  {group.shopName}
                </h2>
                <ul className="divide-y divide-neutral-200">
                  {group.products.map((line) => (
                    <AvailableLine key={line._id} line={line} />
                  ))}
                </ul>
              </section>
            ))}
            {cart.outOfStockProduct.length > 0 ? (
              <section
                aria-labelledby="agotados"
                className="rounded-2xl border border-neutral-200 bg-neutral-50 px-4 sm:px-6"
              >
                <h2 id="agotados" className="border-b border-neutral-200 py-3 text-lg font-bold text-ink">
                  {cart.outOfStockProduct.every((line) => line.product.available)
                    ? "Productos agotados"
                    : "Productos no disponibles"}
                </h2>
                <ul className="divide-y divide-neutral-200">
                  {cart.outOfStockProduct.map((line) => (
                    <OutOfStockLine key={line._id} line={line} />
                  ))}
                </ul>
              </section>
            ) : null}
          </div>

          <section aria-labelledby="resumen" className="rounded-2xl bg-neutral-100 p-6" data-testid="cart-summary">
            <h2 id="resumen" className="text-lg font-bold text-ink">
              Resumen del pedido
            </h2>
            <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-3 text-sm">
              <dt className="text-neutral-700">Productos</dt>
              <dd className="text-right font-semibold" data-testid="summary-items">
                {unitsText(cart.buy_product_item)}
              </dd>
              <dt className="text-neutral-700">Subtotal</dt>
              <dd className="text-right font-semibold" data-testid="summary-subtotal">
                {formatPrice(cart.price)}
              </dd>
              <dt className="text-neutral-700">Envío</dt>
              <dd className="text-right font-semibold" data-testid="summary-shipping">
                {cart.shipping_fee > 0
                  ? formatPrice(cart.shipping_fee)
                  : cart.buy_product_item > 0
                    ? "Gratis"
                    : formatPrice(0)}
              </dd>
              {coupon.coupon ? (
                <>
                  <dt className="text-neutral-700">
                    Descuento <span className="font-mono text-xs">({coupon.coupon.code})</span>
                  </dt>
                  <dd className="text-right font-semibold text-lime-800" data-testid="summary-discount">
                    −{formatPrice(coupon.discount)}
                  </dd>
                </>
              ) : null}
              {/* The total's rule spans the gap between the columns too. */}
              <dt className="-mr-4 border-t border-neutral-300 pr-4 pt-3 text-base font-bold text-ink">Total</dt>
              <dd
                className="border-t border-neutral-300 pt-3 text-right text-base font-extrabold text-ink"
                data-testid="summary-total"
              >
                {formatPrice(cart.price - coupon.discount + cart.shipping_fee)}
              </dd>
            </dl>
            <CouponBox coupon={coupon.coupon} constraint={couponConstraint} lastResult={couponResult} />
            <Link
              to="/shipping"
              className="mt-6 flex w-full items-center justify-center rounded-full bg-ink px-5 py-3 text-sm font-bold text-white hover:bg-neutral-800"
            >
              Continuar con el envío
            </Link>
            <Link to="/products" className={`${secondaryButtonLook} mt-6 w-full`}>
              Seguir comprando
            </Link>
          </section>
        </div>
      )}
    </div>
  );
}
