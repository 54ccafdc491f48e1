import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { EmptyState } from "~/components/EmptyState";
import { OrderSummary } from "~/components/checkout/OrderSummary";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { ButtonLink } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { NO_SCRIPTS } from "~/browser/page-scripts";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm } from "~/forms/use-schema-form";
import { loadShipping, shippingAction } from "~/services/checkout.server";
import { formatPrice } from "~/services/money";
import { shippingIntents, shippingSchemas } from "./shipping.forms";

/** Plain text, links and forms that post: scripts would add nothing here. */
export const handle = NO_SCRIPTS;

export const meta: MetaFunction = () => [
  { title: "Datos de envío | Mercado Pádel" },
  {
    name: "description",
    content: "Indica a dónde enviamos tu pedido de Mercado Pádel y revisa el resumen antes de realizarlo.",
  },
  { name: "robots", content: "noindex" },
];

/** /shipping (SPEC.md section 2): signed-in only; a visitor signs in and comes back with the cart. */
export async function loader(args: LoaderFunctionArgs) {
  return loadShipping(args);
}

export async function action(args: ActionFunctionArgs) {
  return shippingAction(args);
}

export default function Shipping() {
  const { cart, coupon, shopCoupons, shopDiscount, defaults, constraints } = useLoaderData<typeof loader>();
  const [form, fields] = useSchemaForm(
    { constraint: constraints.shipping, load: shippingSchemas.shipping },
    {
      id: "envio",
      lastResult: useFormAnswer(shippingIntents.placeOrder)?.result,
      defaultValue: defaults,
    },
  );
  const empty = cart.card_products.length === 0;
  const discount = Math.min(coupon?.discount ?? 0, cart.price - shopDiscount);
  const total = cart.price - shopDiscount - discount + cart.shipping_fee;

  return (
    <div className="page-container py-8 lg:py-10">
      <Breadcrumbs
        crumbs={[{ label: "Inicio", href: "/" }, { label: "Carrito de Compra", href: "/card" }, { label: "Envío" }]}
      />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Datos de envío</h1>

      {empty ? (
        <EmptyState message="Tu carrito está vacío: no hay nada que enviar." />
      ) : (
        <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
          <Card title="¿A dónde enviamos tu pedido?" titleId="titulo-envio" className="sm:p-8">
            <Form method="post" {...getFormProps(form)} aria-labelledby="titulo-envio" className="space-y-5">
              <FormAlert id={form.errorId} errors={form.errors} />
              <TextField label="Nombre completo" meta={fields.name} autoComplete="name" />
              <TextField
                label="Dirección"
                meta={fields.address}
                autoComplete="street-address"
                hint="Calle, número, piso."
              />
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField label="Provincia" meta={fields.province} autoComplete="address-level1" />
                <TextField label="Ciudad" meta={fields.city} autoComplete="address-level2" />
                <TextField label="Zona/Área" meta={fields.area} autoComplete="address-level3" />
                <TextField label="Código postal" meta={fields.postCode} autoComplete="postal-code" />
              </div>
              <TextField
                label="Teléfono"
                meta={fields.phone}
                type="tel"
                autoComplete="tel"
                hint="Por ejemplo +58 412 555 0000."
              />
              <p className="text-sm text-neutral-600">
                Al realizar el pedido reservamos tus productos; tendrás un tiempo limitado para pagarlo.
              </p>
              {cart.card_products
                .flatMap((group) => group.products)
                .map((line) => (
                  <input key={line._id} type="hidden" name="items" value={line._id} />
                ))}
              <input type="hidden" name="expectedTotal" value={total} />
              <SubmitButton intent={shippingIntents.placeOrder} pending="Realizando pedido…">
                Realizar pedido
              </SubmitButton>
            </Form>
          </Card>

          <Card tone="muted" title="Resumen del pedido" titleId="resumen" data-testid="shipping-summary">
            <div className="space-y-4">
              {cart.card_products.map((group) => (
                <section key={group.shopId} aria-label={`Tienda ${group.shopName}`} data-testid="summary-shop">
                  <h3 className="font-bold text-ink">{group.shopName}</h3>
                  <ul className="mt-1 space-y-1 text-sm">
                    {group.products.map((line) => (
                      <li key={line._id} className="flex justify-between gap-3" data-testid="summary-line">
                        <span className="min-w-0">
                          {line.product.name}
                          {line.size ? ` (talla ${line.size})` : ""} × {line.quantity}
                        </span>
                        <span className="shrink-0 font-semibold">{formatPrice(line.lineTotal)}</span>
                      </li>
                    ))}
                    {shopCoupons
                      .filter((shopCoupon) => shopCoupon.shopId === group.shopId && shopCoupon.discount > 0)
                      .map((shopCoupon) => (
                        <li
                          key={shopCoupon.code}
                          className="flex justify-between gap-3"
                          data-testid="summary-shop-coupon"
                        >
                          <span className="min-w-0">Cupón {shopCoupon.code}</span>
                          <span className="shrink-0 font-semibold">−{formatPrice(shopCoupon.discount)}</span>
                        </li>
                      ))}
                  </ul>
                </section>
              ))}
            </div>
            {cart.outOfStockProduct.length > 0 ? (
              <p className="text-sm text-neutral-700">
                Los productos agotados o no disponibles de tu carrito no entran en este pedido.
              </p>
            ) : null}
            <OrderSummary
              testIds="summary"
              className="border-t border-neutral-300 pt-4"
              amounts={{
                subtotal: cart.price,
                shopDiscount,
                discount: coupon ? { amount: discount, code: coupon.code } : null,
                shipping: cart.shipping_fee,
                total,
              }}
            />
            <ButtonLink to="/card" variant="secondary" className="w-full">
              Volver al carrito
            </ButtonLink>
          </Card>
        </div>
      )}
    </div>
  );
}
