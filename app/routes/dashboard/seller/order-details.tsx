import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import {
  ACCEPTED_OFFER_LABEL,
  acceptedOfferDiscount,
  deliveredWithoutShipping,
  handedOverLabel,
  DELIVERY_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
} from "#contract/order-labels";
import { SaleMoneyNote } from "~/components/dashboard/SaleMoneyNote";
import { SellerOrderLines } from "~/components/seller/SellerOrderLines";
import { SellerOrderOffers } from "~/components/seller/SellerOrderOffers";
import { SellerOrderStatusForm } from "~/components/seller/SellerOrderStatusForm";
import { Card } from "~/components/ui/Card";
import { TextLink } from "~/components/ui/TextLink";
import { sellerOrderPaths } from "~/routes/dashboard/seller/paths";
import { formatPrice } from "~/services/money";
import { requireSeller } from "~/services/seller.server";
import { loadSellerOrderPage, sellerOrderAction } from "~/services/seller-orders.server";
import { TrackingNumber } from "~/components/orders/TrackingNumber";
import { OrderMessages, OrderMessagesUnavailable } from "~/components/orders/OrderMessages";
import { OrderReturnsUnavailable, StaffReturns } from "~/components/orders/LazyReturns";

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
  return loadSellerOrderPage(await requireSeller(args), args.params.orderId);
}

/**
 * The status form (`PUT /seller/order-status/update/{id}`) or an offer's answer
 * (`POST /seller/handle-seller-response/`), then back here with a flash.
 */
export async function action(args: ActionFunctionArgs) {
  return sellerOrderAction(args, await requireSeller(args), args.params.orderId);
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
  const { order, offers, constraints, locked, messages, messageConstraint, returns, returnConstraints } =
    useLoaderData<typeof loader>();
  const offerDiscount = acceptedOfferDiscount(order);
  const address = order.shippingInfo;
  return (
    <article aria-labelledby="titulo-pedido" className="space-y-8 print:space-y-4 print:text-black">
      <style dangerouslySetInnerHTML={{ __html: PRINT_STYLE }} />
      <div className="space-y-3">
        <p className="print:hidden">
          <TextLink to={sellerOrderPaths.list}>← Pedidos</TextLink>
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
            {deliveredWithoutShipping(order) ? null : <TrackingNumber value={order.trackingNumber} />}
            {order.deliveredOn && !deliveredWithoutShipping(order) ? ` · Entregado el ${order.deliveredOn}` : ""}
            {order.receivedOn ? ` · El cliente confirmó que lo recibió el ${order.receivedOn}` : ""}
          </p>
        ) : null}
        <SaleMoneyNote part={order} reader="seller" />
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
        <Card title="Dirección de envío" titleId="titulo-envio" tone="muted" className="print:bg-white print:p-0">
          <address className="break-words not-italic text-slate-900" data-testid="seller-order-address">
            {address.name}
            <br />
            {address.address}
            <br />
            {address.postCode} {address.city} ({address.area}), {address.province}
            <br />
            Teléfono: {address.phone}
          </address>
        </Card>

        <Card title="Importes" titleId="titulo-importes" tone="muted" className="print:hidden">
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
            {order.discount > 0 ? (
              <>
                {/* The shop's own coupon: the shop bears it, and the commission is on what is left (issue 34). */}
                <dt>Tu cupón {order.couponCode}</dt>
                <dd className="text-right" data-testid="seller-order-coupon">
                  −{formatPrice(order.discount)}
                </dd>
              </>
            ) : null}
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
        </Card>
      </div>

      {order.payment_status === "sin_pagar" ? (
        <Card title="Ofertas del cliente" titleId="titulo-ofertas" className="print:hidden">
          <SellerOrderOffers
            offers={offers}
            shippingFee={order.shipping_fee}
            locked={locked}
            constraint={constraints.offer}
          />
        </Card>
      ) : null}

      <Card title="Estado del envío" titleId="titulo-estado" className="print:hidden">
        <SellerOrderStatusForm
          key={order.delivery_status}
          current={order.delivery_status}
          nextStatuses={order.nextStatuses}
          constraint={constraints.status}
          locked={locked}
        />
      </Card>

      <div className="print:hidden">
        {returns ? (
          <StaffReturns
            returns={returns}
            shopOrderId={order._id}
            reader="tienda"
            constraints={returnConstraints}
            readOnly={locked}
          />
        ) : (
          <OrderReturnsUnavailable />
        )}
      </div>

      <div className="print:hidden">
        {messages ? (
          <OrderMessages thread={messages} reader="tienda" constraint={locked ? undefined : messageConstraint} />
        ) : (
          <OrderMessagesUnavailable />
        )}
      </div>
    </article>
  );
}
