import {
  ACCEPTED_OFFER_LABEL,
  acceptedOfferDiscount,
  deliveredWithoutShipping,
  handedOverLabel,
  DELIVERY_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from "#contract/order-labels";
import { BallIcon } from "~/components/icons";
import { Badge } from "~/components/ui/Badge";
import { Card } from "~/components/ui/Card";
import { formatPrice } from "~/services/money";
import { OrderSummary } from "./OrderSummary";
import type { PresentedOrder, PresentedShopOrder } from "~/services/orders.server";
import { TrackingNumber } from "~/components/orders/TrackingNumber";

type DeliveryStatus = PresentedOrder["delivery_status"];
type PaymentStatus = PresentedOrder["payment_status"];

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge tone={status === "pagado" ? "success" : status === "sin_pagar" ? "warning" : "danger"}>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

export function DeliveryBadge({ status }: { status: DeliveryStatus }) {
  return (
    <Badge tone={status === "cancelado" ? "danger" : status === "entregado" ? "success" : "warning"}>
      {DELIVERY_STATUS_LABELS[status]}
    </Badge>
  );
}

/** One shop's part of the order: its products, sizes, quantities and prices, with its own statuses. */
export function ShopOrderSection({
  suborder,
  showStatus = true,
}: {
  suborder: PresentedShopOrder;
  showStatus?: boolean;
}) {
  const headingId = `tienda-${suborder._id}`;
  const offerDiscount = acceptedOfferDiscount(suborder);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-neutral-200 px-4 sm:px-6"
      data-testid="order-shop"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-neutral-200 py-3">
        <h3 id={headingId} className="text-lg font-bold text-ink">
          {suborder.shopName}
        </h3>
        {showStatus ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-700">
            <span>
              Pago: <PaymentBadge status={suborder.payment_status} />
            </span>
            <span>
              Entrega: <DeliveryBadge status={suborder.delivery_status} />
            </span>
          </p>
        ) : null}
      </div>
      {showStatus && suborder.shippedOn ? (
        <p className="border-b border-neutral-200 py-3 text-sm text-neutral-800" data-testid="order-tracking">
          {handedOverLabel(suborder)} {suborder.shippedOn}
          {deliveredWithoutShipping(suborder) ? null : <TrackingNumber value={suborder.trackingNumber} />}
          {suborder.receivedOn ? <span data-testid="order-received"> · Recibido el {suborder.receivedOn}</span> : null}
        </p>
      ) : null}
      <ul className="divide-y divide-neutral-200">
        {suborder.products.map((item) => (
          <li
            key={`${item.productId}-${item.size ?? ""}`}
            className="flex items-center gap-4 py-3"
            data-testid="order-item"
          >
            <div className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl bg-neutral-100">
              {item.imageSrc ? (
                <img src={item.imageSrc} width={64} height={64} alt="" className="size-full object-contain p-1" />
              ) : (
                <BallIcon className="size-8 text-neutral-400" />
              )}
            </div>
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">{item.name}</p>
              {item.size ? <p className="text-sm text-neutral-600">Talla: {item.size}</p> : null}
              <p className="text-sm text-neutral-600">
                {item.quantity} × {formatPrice(item.unitPrice)}
              </p>
            </div>
            <p className="font-bold text-ink">{formatPrice(item.lineTotal)}</p>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-neutral-200 py-3 text-sm">
        {offerDiscount > 0 ? (
          <>
            <dt className="text-neutral-700">{ACCEPTED_OFFER_LABEL}</dt>
            <dd className="text-right font-semibold" data-testid="order-shop-offer">
              −{formatPrice(offerDiscount)}
            </dd>
          </>
        ) : null}
        <dt className="text-neutral-700">Subtotal de la tienda</dt>
        <dd className="text-right font-semibold">{formatPrice(suborder.subtotal)}</dd>
        {suborder.discount > 0 ? (
          <>
            <dt className="text-neutral-700">Cupón {suborder.couponCode} de la tienda</dt>
            <dd className="text-right font-semibold" data-testid="order-shop-discount">
              −{formatPrice(suborder.discount)}
            </dd>
          </>
        ) : null}
        <dt className="text-neutral-700">Envío</dt>
        <dd className="text-right font-semibold">
          {suborder.shipping_fee > 0 ? formatPrice(suborder.shipping_fee) : "Gratis"}
        </dd>
      </dl>
    </section>
  );
}

/** Subtotal, discount, shipping and total of the whole order (and, refunded, what was paid and returned). */
export function OrderTotals({ order }: { order: PresentedOrder }) {
  return (
    <OrderSummary
      testIds="order"
      amounts={{
        subtotal: order.subtotal,
        shopDiscount: order.shopDiscount,
        discount: { amount: order.discount, code: order.couponCode },
        shipping: order.shipping_fee,
        total: order.price,
        refund: order.amountPaid !== null ? { paid: order.amountPaid, refunded: order.refunded } : null,
      }}
    />
  );
}

export function ShippingAddress({ info }: { info: PresentedOrder["shippingInfo"] }) {
  return (
    <address className="not-italic leading-relaxed text-neutral-800" data-testid="shipping-address">
      <span className="block font-semibold text-ink">{info.name}</span>
      <span className="block">{info.address}</span>
      <span className="block">
        {info.area}, {info.city}
      </span>
      <span className="block">
        {info.province} {info.postCode}
      </span>
      <span className="block">Teléfono: {info.phone}</span>
    </address>
  );
}

/** The side column of an order's page: date, payment, delivery, totals and the shipping address. */
export function OrderStatusAside({
  order,
  heading,
  placedAt,
  paidAt,
}: {
  order: PresentedOrder;
  heading: string;
  placedAt: string;
  paidAt: string | null;
}) {
  const method = order.payment_method ? PAYMENT_METHOD_LABELS[order.payment_method] : null;
  return (
    <div className="space-y-6">
      <Card tone="muted" title={heading} titleId="estado-pedido">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-neutral-700">Fecha</dt>
          <dd>
            <time dateTime={order.createdAt}>{placedAt}</time>
          </dd>
          <dt className="text-neutral-700">Pago</dt>
          <dd data-testid="order-payment-status">
            <PaymentBadge status={order.payment_status} />
          </dd>
          {method ? (
            <>
              <dt className="text-neutral-700">Forma de pago</dt>
              <dd>{method}</dd>
            </>
          ) : null}
          {paidAt && order.paidAt ? (
            <>
              <dt className="text-neutral-700">Pagado el</dt>
              <dd>
                <time dateTime={order.paidAt}>{paidAt}</time>
              </dd>
            </>
          ) : null}
          <dt className="text-neutral-700">Entrega</dt>
          <dd data-testid="order-delivery-status">
            <DeliveryBadge status={order.delivery_status} />
          </dd>
        </dl>
        <div className="border-t border-neutral-300 pt-4">
          <OrderTotals order={order} />
        </div>
      </Card>
      <Card title="Dirección de envío" titleId="direccion-envio">
        <ShippingAddress info={order.shippingInfo} />
      </Card>
    </div>
  );
}

/** Everything about one order: shops with their products and statuses, totals, payment and address. */
export function OrderDetails({
  order,
  placedAt,
  paidAt,
}: {
  order: PresentedOrder;
  placedAt: string;
  paidAt: string | null;
}) {
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="space-y-6">
        <h2 className="text-xl font-bold text-ink">Productos por tienda</h2>
        {order.suborders.map((suborder) => (
          <ShopOrderSection key={suborder._id} suborder={suborder} />
        ))}
      </div>
      <OrderStatusAside order={order} heading={`Pedido #${order.number}`} placedAt={placedAt} paidAt={paidAt} />
    </div>
  );
}
