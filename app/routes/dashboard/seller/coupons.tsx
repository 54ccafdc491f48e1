import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ShopCoupon } from "#contract/shop-coupons";
import { COUPON_KIND_LABELS, SHOP_COUPON_STATE_LABELS } from "#contract/shop-coupons-labels";
import { CouponFields } from "~/components/forms/CouponFields";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { Badge, type BadgeTone } from "~/components/ui/Badge";
import { Card } from "~/components/ui/Card";
import { Notice } from "~/components/ui/Notice";
import { Table, type TableColumn } from "~/components/ui/Table";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { formatPrice } from "~/services/money";
import { requireSeller } from "~/services/seller.server";
import { loadShopCoupons, shopCouponsAction } from "~/services/seller-coupons.server";
import { loadShopCouponSchema, shopCouponIntents } from "./coupons.forms";
import { sellerPaths } from "./paths";

export const meta: MetaFunction = () => [
  { title: "Cupones de la tienda | Mi tienda | Mercado Pádel" },
  { name: "description", content: "Los cupones de descuento de tu tienda: crea, cambia y termina." },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller/coupons: the shop's own coupons (issue 34). */
export async function loader(args: LoaderFunctionArgs) {
  return loadShopCoupons(args, await requireSeller(args));
}

export async function action(args: ActionFunctionArgs) {
  return shopCouponsAction(args, await requireSeller(args));
}

const STATE_TONES: Record<ShopCoupon["state"], BadgeTone> = {
  programado: "info",
  activo: "success",
  agotado: "warning",
  caducado: "neutral",
  terminado: "neutral",
};

/** '10 %' or '5,00 US$'. */
const valueText = (coupon: Pick<ShopCoupon, "kind" | "value">) =>
  coupon.kind === "porcentaje" ? `${coupon.value} %` : formatPrice(coupon.value);

/** '01/05/2026' from the API's YYYY-MM-DD. */
const dayText = (day: string) => day.split("-").reverse().join("/");

function EndButton({ coupon }: { coupon: ShopCoupon }) {
  if (coupon.state === "terminado" || coupon.state === "caducado") return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={`${sellerPaths.coupons}?editar=${encodeURIComponent(coupon.code)}#cupon`}
        className="font-semibold text-lime-800 underline"
      >
        Editar<span className="sr-only"> el cupón {coupon.code}</span>
      </Link>
      <Form method="post">
        <input type="hidden" name="code" value={coupon.code} />
        <SubmitButton intent={shopCouponIntents.end} pending="Terminando…" variant="quiet" size="sm" wide={false}>
          Terminar<span className="sr-only"> el cupón {coupon.code}</span>
        </SubmitButton>
      </Form>
    </div>
  );
}

const COLUMNS: TableColumn<ShopCoupon>[] = [
  {
    header: "Código",
    cell: (coupon) => <span className="font-mono">{coupon.code}</span>,
    rowHeader: true,
    inCard: false,
  },
  { header: "Tipo", cell: (coupon) => COUPON_KIND_LABELS[coupon.kind] },
  { header: "Valor", align: "end", cell: valueText },
  { header: "Vigencia", cell: (coupon) => `${dayText(coupon.validFrom)} – ${dayText(coupon.validUntil)}` },
  {
    header: "Usos",
    align: "end",
    cell: (coupon) => `${coupon.usedCount} de ${coupon.maxUses} (${coupon.maxUsesPerCustomer} por cliente)`,
  },
  {
    header: "Mínimo",
    align: "end",
    cell: (coupon) => (coupon.minSubtotal > 0 ? formatPrice(coupon.minSubtotal) : "Sin mínimo"),
  },
  {
    header: "Estado",
    cell: (coupon) => (
      <Badge tone={STATE_TONES[coupon.state]} data-testid="shop-coupon-state">
        {SHOP_COUPON_STATE_LABELS[coupon.state]}
      </Badge>
    ),
    inCard: false,
  },
  { header: "Acciones", headerHidden: true, cell: (coupon) => <EndButton coupon={coupon} />, inCard: false },
];

type Typed = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["edited"]>;

function CouponForm({ edited, constraint }: { edited: Typed | null; constraint: FieldConstraints }) {
  const intent = edited ? shopCouponIntents.edit : shopCouponIntents.create;
  const [form, fields] = useSchemaForm(
    { constraint, load: loadShopCouponSchema },
    {
      id: "cupon",
      lastResult: useFormAnswer(intent)?.result,
      defaultValue: edited ?? { kind: "porcentaje", maxUsesPerCustomer: "1" },
    },
  );
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <FormAlert id={form.errorId} errors={form.errors} className="sm:col-span-2" />
      {edited ? (
        <>
          <input {...getInputProps(fields.code, { type: "hidden" })} key={fields.code.key} />
          <p className="font-semibold text-slate-900 sm:col-span-2">
            Código: <span className="font-mono">{edited.code}</span>
          </p>
        </>
      ) : null}
      <CouponFields fields={fields} withCode={!edited} percentLabel="Porcentaje de tus productos" />
      <TextField
        label="Compra mínima en tu tienda (US$, opcional)"
        meta={fields.minSubtotal}
        inputMode="decimal"
        autoComplete="off"
      />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <SubmitButton intent={intent} pending="Guardando…" wide={false}>
          {edited ? "Guardar cupón" : "Crear cupón"}
        </SubmitButton>
        {edited ? (
          <Link to={sellerPaths.coupons} className="font-semibold text-slate-700 underline">
            Cancelar la edición
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export default function SellerCoupons() {
  const { coupons, edited, locked, constraint } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-cupones" className="space-y-6">
      <div>
        <h1 id="titulo-cupones" className="text-3xl font-bold text-slate-900">
          Cupones de la tienda
        </h1>
        <p className="mt-2 text-slate-700">
          Descuentos que das tú en tus productos: tus clientes escriben el código en el carrito. El descuento sale de tu
          venta y la comisión se calcula sobre lo que queda. Nunca descuenta el envío.
        </p>
      </div>
      {locked ? <Notice tone="warning">{locked}</Notice> : null}
      {coupons.length === 0 ? (
        <p className="text-slate-700" data-testid="no-shop-coupons">
          Aún no tienes cupones.
        </p>
      ) : (
        <Table
          rows={coupons}
          rowKey={(coupon) => coupon.code}
          columns={COLUMNS}
          caption="Cupones de la tienda"
          cardsBelow="lg"
          card={{
            title: (coupon) => <span className="font-mono">{coupon.code}</span>,
            aside: (coupon) => (
              <Badge tone={STATE_TONES[coupon.state]} data-testid="shop-coupon-state">
                {SHOP_COUPON_STATE_LABELS[coupon.state]}
              </Badge>
            ),
            footer: (coupon) => <EndButton coupon={coupon} />,
          }}
          testIds={{ card: "shop-coupon", row: "shop-coupon-row" }}
        />
      )}
      <Card title={edited ? `Editar el cupón ${edited.code}` : "Crear un cupón"} titleId="titulo-form-cupon">
        {/* A new key per coupon edited: the form starts from its stored values. */}
        <CouponForm key={edited?.code ?? "nuevo"} edited={edited} constraint={constraint} />
      </Card>
    </section>
  );
}
