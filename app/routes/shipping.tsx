import { data } from "@remix-run/node";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ORDER_PLACED } from "#contract/orders";
import { EmptyState } from "~/components/EmptyState";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { checkoutIntents } from "~/components/checkout/checkout-intents";
import { SHIPPING_FIELDS, shippingSchema } from "~/components/checkout/checkout-schemas";
import { useSchemaForm } from "~/forms/use-schema-form";
import { secondaryButtonLook } from "~/components/product/shopper-forms";
import { refusalOf } from "~/services/account.server";
import { requireAccount } from "~/services/auth.server";
import { formatPrice } from "~/services/money";
import { getCouponPreview, placeOrder } from "~/services/orders.server";
import { getOwnProfile } from "~/services/profile.server";
import { getCart, getShopper } from "~/services/shopper.server";
import { redirectWithFlash } from "~/services/session.server";
import { readForm } from "~/services/form.server";
import { NO_SCRIPTS } from "~/components/layout/page-scripts";

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

/** The API names a refused field `shippingInfo.phone`; the form calls it `phone`. */
const API_FIELD_NAMES = Object.fromEntries(SHIPPING_FIELDS.map((field) => [`shippingInfo.${field}`, field]));

/** /shipping (SPEC.md section 2): signed-in only; a visitor signs in and comes back with the cart. */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAccount(args);
  const shopper = getShopper(args);
  // The coupon's preview after the cart: reading the cart lowers lines that hold more than is left,
  // and a percentage worked out on the old quantities would show a total the order then refuses.
  const [cart, profile] = await Promise.all([getCart(shopper), getOwnProfile(account)]);
  const coupon = await getCouponPreview(account);
  return {
    cart,
    constraint: getZodConstraint(shippingSchema),
    coupon: coupon.coupon ? { code: coupon.coupon.code, discount: coupon.discount } : null,
    defaults: {
      name: profile.name,
      phone: profile.phone,
      address: profile.address.line,
      province: profile.address.province,
      city: profile.address.city,
      area: profile.address.area,
      postCode: profile.address.postCode,
    },
  };
}

export async function action(args: ActionFunctionArgs) {
  const account = requireAccount(args);
  const formData = await readForm(args.request);
  if (formData.get("intent") !== checkoutIntents.placeOrder) throw new Response(null, { status: 400 });

  const submission = parseWithZod(formData, { schema: shippingSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  try {
    const { items, expectedTotal, ...shippingInfo } = submission.value;
    const { orderId, message } = await placeOrder(account, { shippingInfo, items, expectedTotal });
    return redirectWithFlash(args.context, `/payment?${new URLSearchParams({ orderId })}`, {
      kind: "success",
      message: message || ORDER_PLACED,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    // Short stock, an empty cart, a coupon no longer valid, a total changed since the summary was
    // drawn: said above the form, values kept, and the summary beside it drawn anew.
    const { status, formErrors, fieldErrors } = refusalOf(error, SHIPPING_FIELDS, API_FIELD_NAMES);
    return data({ result: submission.reply({ formErrors, fieldErrors }) }, { status });
  }
}

const loadShippingSchema = () =>
  import("~/components/checkout/checkout-schemas").then((module) => module.shippingSchema);

export default function Shipping() {
  const { cart, coupon, defaults, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(
    { constraint, load: loadShippingSchema },
    {
      id: "envio",
      lastResult: actionData?.result,
      defaultValue: defaults,
    },
  );
  const empty = cart.card_products.length === 0;
  const discount = Math.min(coupon?.discount ?? 0, cart.price);
  const total = cart.price - discount + cart.shipping_fee;

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
          <Form
            method="post"
            {...getFormProps(form)}
            aria-labelledby="titulo-envio"
            className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <h2 id="titulo-envio" className="text-lg font-bold text-ink">
              ¿A dónde enviamos tu pedido?
            </h2>
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
            <SubmitButton intent={checkoutIntents.placeOrder} pending="Realizando pedido…">
              Realizar pedido
            </SubmitButton>
          </Form>

          <section aria-labelledby="resumen" className="rounded-2xl bg-neutral-100 p-6" data-testid="shipping-summary">
            <h2 id="resumen" className="text-lg font-bold text-ink">
              Resumen del pedido
            </h2>
            <div className="mt-4 space-y-4">
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
                  </ul>
                </section>
              ))}
            </div>
            {cart.outOfStockProduct.length > 0 ? (
              <p className="mt-4 text-sm text-neutral-700">
                Los productos agotados o no disponibles de tu carrito no entran en este pedido.
              </p>
            ) : null}
            <dl className="mt-5 grid grid-cols-[1fr_auto] gap-x-4 gap-y-3 border-t border-neutral-300 pt-4 text-sm">
              <dt className="text-neutral-700">Subtotal</dt>
              <dd className="text-right font-semibold" data-testid="summary-subtotal">
                {formatPrice(cart.price)}
              </dd>
              <dt className="text-neutral-700">Envío</dt>
              <dd className="text-right font-semibold" data-testid="summary-shipping">
                {cart.shipping_fee > 0 ? formatPrice(cart.shipping_fee) : "Gratis"}
              </dd>
              {coupon && discount > 0 ? (
                <>
                  <dt className="text-neutral-700">Descuento (cupón {coupon.code})</dt>
                  <dd className="text-right font-semibold" data-testid="summary-discount">
                    −{formatPrice(discount)}
                  </dd>
                </>
              ) : null}
              {/* The total's rule spans the gap between the columns too. */}
              <dt className="-mr-4 border-t border-neutral-300 pr-4 pt-3 text-base font-bold text-ink">Total</dt>
              <dd
                className="border-t border-neutral-300 pt-3 text-right text-base font-extrabold text-ink"
                data-testid="summary-total"
              >
                {formatPrice(total)}
              </dd>
            </dl>
            <Link to="/card" className={`${secondaryButtonLook} mt-6 w-full`}>
              Volver al carrito
            </Link>
          </section>
        </div>
      )}
    </div>
  );
}
