import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import {
  ACCEPTED_OFFER_LABEL,
  acceptedOfferDiscount,
  deliveredWithoutShipping,
  handedOverLabel,
  DELIVERY_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
} from "#contract/order-labels";
import { textLinkClass } from "~/components/ui/TextLink";
import { sellerOrderStatusSchema } from "~/components/seller/seller-order-schemas";
import { sellerOrderIntents, sellerOrderPaths } from "~/components/seller/seller-orders";
import { SellerOrderLines } from "~/components/seller/SellerOrderLines";
import { SellerOrderOffers } from "~/components/seller/SellerOrderOffers";
import { SellerOrderStatusForm } from "~/components/seller/SellerOrderStatusForm";
import { readForm } from "~/services/form.server";
import { formatPrice } from "~/services/money";
import { requireSeller } from "~/services/seller.server";
import {
  getSellerOrder,
  getSellerOrderOffers,
  sellerOfferAction,
  sellerOrderStatusAction,
  type SellerOrderActionAnswer,
} from "~/services/seller-orders.server";

export const meta: MetaFunction = () => [
  { title: "Detalle del pedido | Mi tienda | Mercado Pádel" },
  {
    name: "description",
    content: "Un pedido de tu tienda: productos, dirección de envío, pago, comisión, ofertas y estado.",
  },
  { name: "robots", content: "noindex" },
];

/**
 * /dashboard/seller/orders/details/{subOrderId}: `GET /seller/order/{id}` (another shop's is the 404
 * page) and its pending offers, read on their own: when they cannot be loaded the rest still shows.
 */
export async function loader(args: LoaderFunctionArgs) {
  const area = await requireSeller(args);
  const order = await getSellerOrder(area, args.params.orderId);
  const offers = order.payment_status === "sin_pagar" ? await getSellerOrderOffers(area, order) : [];
  return { order, offers, statusConstraint: getZodConstraint(sellerOrderStatusSchema), locked: area.refusal !== null };
}

/**
 * The status form (`PUT /seller/order-status/update/{id}`) or an offer's answer
 * (`POST /seller/handle-seller-response/`), then back here with a flash.
 */
export async function action(args: ActionFunctionArgs) {
  const area = await requireSeller(args);
  const order = await getSellerOrder(area, args.params.orderId);
  const formData = await readForm(args.request);
  const back = sellerOrderPaths.details(order._id);
  if (formData.get("intent") === sellerOrderIntents.changeStatus)
    return sellerOrderStatusAction(args, area, formData, order._id, back);
  return sellerOfferAction(args, area, formData, back);
}

/** A refusal (409: someone moved it meanwhile) reads the sub-order again, so the form offers the steps allowed now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

/**
 * Printed, the page is a packing slip: the store's header, footer and menus are left out. Written as
 * HTML: React escapes a <style>'s text children (`>` becomes `&gt;`), which voided the rule and made
 * hydration give up on the page.
 */
const PRINT_STYLE =
  "@media print { body > header, body > footer, header[role=banner], footer[role=contentinfo], nav, aside { display: none !important; } }";

export default function SellerOrderDetails() {
  const { order, offers, statusConstraint, locked } = useLoaderData<typeof loader>();
  const offerDiscount = acceptedOfferDiscount(order);
  const actionData = useActionData<typeof action>() as SellerOrderActionAnswer | undefined;
  const address = order.shippingInfo;
  return (
    <article aria-labelledby="titulo-pedido" className="space-y-8 print:space-y-4 print:text-black">
      <style dangerouslySetInnerHTML={{ __html: PRINT_STYLE }} />
      <div className="space-y-3">
        <p className="print:hidden">
          <Link to={sellerOrderPaths.list} className={textLinkClass}>
            ← Pedidos
          </Link>
        </p>
        <h1 id="titulo-pedido" className="text-3xl font-bold text-slate-900">
          Pedido #{order.number}
        </h1>
        <p className="text-slate-700">
          {order.shopName} · {order.placedAt} · Cliente: {order.customerName}
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-slate-900">
          <span data-testid="seller-order-status">
            Envío: <strong>{DELIVERY_STATUS_LABELS[order.delivery_status]}</strong>
          </span>
          <span data-testid="seller-order-payment">
            Pago: <strong>{PAYMENT_STATUS_LABELS[order.payment_status]}</strong>
          </span>
        </p>
        {order.shippedOn ? (
          <p className="break-words text-slate-900" data-testid="seller-order-tracking">
            {handedOverLabel(order)} {order.shippedOn}
            {order.trackingNumber ? (
              <>
                {" "}
                · Número de seguimiento: <strong className="break-all font-mono">{order.trackingNumber}</strong>
              </>
            ) : null}
            {order.deliveredOn && !deliveredWithoutShipping(order) ? ` · Entregado el ${order.deliveredOn}` : ""}
          </p>
        ) : null}
        <p className="text-sm text-slate-700 print:hidden">
          Para el albarán, imprime esta página (Ctrl+P o Imprimir en tu navegador): sale sin menús, con los productos y
          la dirección.
        </p>
      </div>

      <section aria-labelledby="titulo-productos" id="albaran" className="space-y-3">
        <h2 id="titulo-productos" className="text-xl font-bold text-slate-900">
          Productos
        </h2>
        <SellerOrderLines lines={order.products} orderNumber={order.number} />
      </section>

      <div className="grid gap-6 lg:grid-cols-2 print:grid-cols-2">
        <section
          aria-labelledby="titulo-envio"
          className="space-y-2 rounded-2xl bg-slate-50 p-4 sm:p-6 print:bg-white print:p-0"
        >
          <h2 id="titulo-envio" className="text-xl font-bold text-slate-900">
            Dirección de envío
          </h2>
          <address className="break-words not-italic text-slate-900" data-testid="seller-order-address">
            {address.name}
            <br />
            {address.address}
            <br />
            {address.postCode} {address.city} ({address.area}), {address.province}
            <br />
            Teléfono: {address.phone}
          </address>
        </section>

        <section
          aria-labelledby="titulo-importes"
          className="space-y-2 rounded-2xl bg-slate-50 p-4 sm:p-6 print:hidden"
        >
          <h2 id="titulo-importes" className="text-xl font-bold text-slate-900">
            Importes
          </h2>
          <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-slate-800">
            {offerDiscount > 0 ? (
              <>
                <dt>Productos</dt>
                <dd className="text-right">{formatPrice(order.subtotal + offerDiscount)}</dd>
                <dt>{ACCEPTED_OFFER_LABEL}</dt>
                <dd className="text-right" data-testid="seller-order-offer">
                  −{formatPrice(offerDiscount)}
                </dd>
              </>
            ) : null}
            <dt>Subtotal</dt>
            <dd className="text-right">{formatPrice(order.subtotal)}</dd>
            <dt>Envío</dt>
            <dd className="text-right">{formatPrice(order.shipping_fee)}</dd>
            <dt>Total</dt>
            <dd className="text-right" data-testid="seller-order-total">
              {formatPrice(order.total)}
            </dd>
            <dt>Comisión de Mercado Pádel</dt>
            <dd className="text-right">−{formatPrice(order.commission)}</dd>
            <dt className="font-bold text-slate-900">Tu neto</dt>
            <dd className="text-right font-bold text-slate-900" data-testid="seller-order-net">
              {formatPrice(order.sellerNet)}
            </dd>
          </dl>
        </section>
      </div>

      {order.payment_status === "sin_pagar" ? (
        <section
          aria-labelledby="titulo-ofertas"
          className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 print:hidden"
        >
          <h2 id="titulo-ofertas" className="text-xl font-bold text-slate-900">
            Ofertas del cliente
          </h2>
          <SellerOrderOffers
            offers={offers}
            shippingFee={order.shipping_fee}
            refused={actionData && "offer" in actionData ? actionData.offer : null}
            locked={locked}
          />
        </section>
      ) : null}

      <section
        aria-labelledby="titulo-estado"
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 print:hidden"
      >
        <h2 id="titulo-estado" className="text-xl font-bold text-slate-900">
          Estado del envío
        </h2>
        <SellerOrderStatusForm
          key={order.delivery_status}
          current={order.delivery_status}
          nextStatuses={order.nextStatuses}
          lastResult={actionData && "status" in actionData ? actionData.status : undefined}
          constraint={statusConstraint}
          locked={locked}
        />
      </section>
    </article>
  );
}
