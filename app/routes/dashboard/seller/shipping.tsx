import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { FormAlert, SelectField, SubmitButton, TextField } from "~/components/forms/fields";
import { Card } from "~/components/ui/Card";
import { Notice } from "~/components/ui/Notice";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm } from "~/forms/use-schema-form";
import { formatPrice } from "~/services/money";
import { requireSeller } from "~/services/seller.server";
import { loadShipping, shippingAction } from "~/services/seller-shipping.server";
import { loadShippingSchema, SHIPPING_INTENT } from "./shipping.forms";

export const meta: MetaFunction = () => [
  { title: "Envío | Mi tienda | Mercado Pádel" },
  { name: "description", content: "Cuánto cobra tu tienda por el envío y desde qué importe es gratis." },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller/shipping: the shop's shipping, its own or the store's rule. */
export async function loader(args: LoaderFunctionArgs) {
  return loadShipping(await requireSeller(args));
}

export async function action(args: ActionFunctionArgs) {
  return shippingAction(args, await requireSeller(args));
}

export default function SellerShipping() {
  const { shipping, typed, locked, constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useSchemaForm(
    { constraint, load: loadShippingSchema },
    { id: "envio", lastResult: useFormAnswer(SHIPPING_INTENT)?.result, defaultValue: typed },
  );
  const storeRule = `${formatPrice(shipping.store.shippingFee)} por pedido, gratis si el pedido entero llega a ${formatPrice(
    shipping.store.freeShippingThreshold,
  )}`;
  const current =
    shipping.mode === "tienda"
      ? `Usas la tarifa general: ${storeRule}.`
      : shipping.shippingFee === 0
        ? "Tu tienda envía gratis."
        : `Cobras ${formatPrice(shipping.shippingFee ?? 0)} por pedido${
            shipping.freeShippingFrom === null
              ? "."
              : `, gratis desde ${formatPrice(shipping.freeShippingFrom)} en productos de tu tienda.`
          }`;
  return (
    <section aria-labelledby="titulo-envio" className="space-y-6">
      <div>
        <h1 id="titulo-envio" className="text-3xl font-bold text-slate-900">
          Envío
        </h1>
        <p className="mt-2 text-slate-700">
          Lo que pagan tus clientes por enviar su parte del pedido. Se ve en el carrito y se cobra en cada pedido nuevo;
          los pedidos ya hechos no cambian.
        </p>
      </div>
      <p className="font-medium text-slate-900" data-testid="current-shipping">
        {current}
      </p>
      {locked ? <Notice tone="warning">{locked}</Notice> : null}
      <Card title="Cambiar el envío" titleId="titulo-cambiar-envio">
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <FormAlert id={form.errorId} errors={form.errors} />
          <SelectField
            label="Cómo cobras el envío"
            meta={fields.mode}
            options={[
              { value: "tienda", label: `La tarifa general (${storeRule})` },
              { value: "propia", label: "Una tarifa propia" },
            ]}
          />
          <TextField
            label="Tarifa por pedido (US$)"
            meta={fields.shippingFee}
            autoComplete="off"
            inputMode="decimal"
            hint="Solo con tarifa propia. En dólares, por ejemplo 4,50; 0 si envías gratis."
          />
          <TextField
            label="Envío gratis desde (US$, opcional)"
            meta={fields.freeShippingFrom}
            autoComplete="off"
            inputMode="decimal"
            hint="Solo con tarifa propia: el importe en productos de tu tienda desde el que no cobras el envío."
          />
          <SubmitButton intent={SHIPPING_INTENT} pending="Guardando…">
            Guardar envío
          </SubmitButton>
        </Form>
      </Card>
    </section>
  );
}
