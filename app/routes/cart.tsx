import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { EMPTY_CART, PRODUCT_UNAVAILABLE } from "#contract/messages";
import { vacationNotice } from "#contract/shop-profile-labels";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { EmptyState } from "~/components/EmptyState";
import { CouponBox } from "~/components/cart/CouponBox";
import { OrderSummary } from "~/components/checkout/OrderSummary";
import { BallIcon } from "~/components/icons";
import { ShopperFormFields } from "~/components/product/ShopperFormFields";
import { Button, ButtonLink, type ButtonLook } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { shopperIntents } from "~/forms/shopper.forms";
import { cartPageAction, loadCartPage } from "~/services/cart-page.server";
import { formatPrice } from "~/services/money";
import type { CartLine } from "~/services/shopper.server";

/** /card and /cart (SPEC.md section 2): one module, two route ids in app/routes.ts. */
export async function loader(args: LoaderFunctionArgs) {
  return loadCartPage(args);
}

export async function action(args: ActionFunctionArgs) {
  return cartPageAction(args);
}

export const meta: MetaFunction = () => [
  { title: "Carrito de Compra | Mercado Pádel" },
  {
    name: "description",
    content: "Los productos de tu carrito en Mercado Pádel, agrupados por tienda, con el envío y el total.",
  },
  { name: "robots", content: "noindex" },
];

/** One small POST form (fetcher with JavaScript) for a line's button. */
function LineButton({
  id,
  intent,
  disabled,
  look,
  children,
  title,
}: {
  id: string;
  intent: string;
  disabled?: boolean;
  look: ButtonLook;
  children: ReactNode;
  title?: string;
}) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post">
      <ShopperFormFields />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        disabled={disabled || fetcher.state !== "idle"}
        title={title}
        {...look}
      >
        {children}
      </Button>
    </fetcher.Form>
  );
}

/** The quantity's − and +. */
const STEP: ButtonLook = { variant: "secondary", size: "icon", className: "font-bold" };
/** At least 32 px tall: a thumb on a phone reaches it without hitting the quantity buttons. */
const REMOVE: ButtonLook = { variant: "quiet" };

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
            intent={shopperIntents.decrease}
            disabled={line.quantity <= 1}
            look={STEP}
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
            intent={shopperIntents.increase}
            disabled={line.quantity >= line.stock}
            look={STEP}
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
          <LineButton id={line._id} intent={shopperIntents.removeFromCart} look={REMOVE}>
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
        <LineButton id={line._id} intent={shopperIntents.removeFromCart} look={REMOVE}>
          Eliminar<span className="sr-only">: {line.product.name}</span>
        </LineButton>
      </div>
    </li>
  );
}

/** A shop's own coupon on its lines (issue 34): what it takes off them, never the shipping. */
function ShopCouponLine({
  coupon,
}: {
  coupon: { code: string; valueText: string; discount: number; minimumText: string | null } | undefined;
}) {
  if (!coupon) return null;
  return (
    <p className="border-t border-neutral-200 py-3 text-sm text-neutral-700" data-testid="cart-shop-discount">
      Cupón <span className="font-mono">{coupon.code}</span> ({coupon.valueText}):{" "}
      <strong className="text-ink">
        {coupon.discount > 0 ? `−${formatPrice(coupon.discount)}` : `se aplica desde ${coupon.minimumText ?? ""}`}
      </strong>
    </p>
  );
}

export default function CartPage() {
  const { cart, coupon, constraints } = useLoaderData<typeof loader>();
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
                {group.vacationUntil ? (
                  <p
                    className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950"
                    data-testid="cart-shop-vacation"
                  >
                    {vacationNotice(group.vacationUntil)}: no puedes pedir sus productos hasta entonces. Quítalos del
                    carrito para pedir lo demás.
                  </p>
                ) : null}
                <ul className="divide-y divide-neutral-200">
                  {group.products.map((line) => (
                    <AvailableLine key={line._id} line={line} />
                  ))}
                </ul>
                <p
                  className="border-t border-neutral-200 py-3 text-sm text-neutral-700"
                  data-testid="cart-shop-shipping"
                >
                  Envío de esta tienda:{" "}
                  <strong className="text-ink">
                    {group.shipping_fee > 0 ? formatPrice(group.shipping_fee) : "Gratis"}
                  </strong>
                </p>
                <ShopCouponLine coupon={coupon.shops.find((shopCoupon) => shopCoupon.shopId === group.shopId)} />
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

          <Card tone="muted" title="Resumen del pedido" titleId="resumen" data-testid="cart-summary">
            <OrderSummary
              testIds="summary"
              amounts={{
                units: cart.buy_product_item,
                subtotal: cart.price,
                shopDiscount: coupon.shopDiscount,
                discount: coupon.applied ? { amount: coupon.discount, code: coupon.applied.code } : null,
                shipping: cart.shipping_fee,
                total: cart.price - coupon.shopDiscount - coupon.discount + cart.shipping_fee,
              }}
            />
            <CouponBox coupon={coupon.applied} shopCoupons={coupon.shops} constraint={constraints.coupon} />
            <div className="space-y-3 pt-2">
              <ButtonLink to="/shipping" variant="dark" className="w-full">
                Continuar con el envío
              </ButtonLink>
              <ButtonLink to="/products" variant="secondary" className="w-full">
                Seguir comprando
              </ButtonLink>
            </div>
          </Card>
        </div>
      )}
    </div>
  );
}
