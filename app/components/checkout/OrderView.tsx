import {
  ACCEPTED_OFFER_LABEL,
  acceptedOfferDiscount,
  handedOverLabel,
  DELIVERY_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from "#contract/order-labels";
import { BallIcon } from "~/components/icons";
import { formatPrice } from "~/services/money";
import type { PresentedOrder, PresentedShopOrder } from "~/services/orders.server";

type DeliveryStatus = PresentedOrder["delivery_status"];
type PaymentStatus = PresentedOrder["payment_status"];

export function deliveryLabel(status: DeliveryStatus): string {
  return DELIVERY_STATUS_LABELS[status];
}

export function paymentLabel(status: PaymentStatus): string {
  return PAYMENT_STATUS_LABELS[status];
}

export function paymentMethodLabel(method: PresentedOrder["payment_method"]): string | null {
  return method ? PAYMENT_METHOD_LABELS[method] : null;
}

function StatusBadge({ kind, children }: { kind: "good" | "waiting" | "bad"; children: string }) {
  const look = {
    good: "bg-lime-100 text-lime-900 ring-lime-600/40",
    waiting: "bg-amber-50 text-amber-900 ring-amber-600/40",
    bad: "bg-red-50 text-red-900 ring-red-600/40",
  }[kind];
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ${look}`}>{children}</span>;
}

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <StatusBadge kind={status === "pagado" ? "good" : status === "sin_pagar" ? "waiting" : "bad"}>
      {paymentLabel(status)}
    </StatusBadge>
  );
}

export function DeliveryBadge({ status }: { status: DeliveryStatus }) {
  return (
    <StatusBadge kind={status === "cancelado" ? "bad" : status === "entregado" ? "good" : "waiting"}>
      {deliveryLabel(status)}
    </StatusBadge>
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
          {suborder.trackingNumber ? (
            <>
              {" "}
              · Número de seguimiento: <strong className="break-all font-mono">{suborder.trackingNumber}</strong>
            </>
          ) : null}
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
        <dt className="text-neutral-700">Envío</dt>
        <dd className="text-right font-semibold">
          {suborder.shipping_fee > 0 ? formatPrice(suborder.shipping_fee) : "Gratis"}
        </dd>
      </dl>
    </section>
  );
}

/** Subtotal, discount, shipping and total of the whole order. */
export function OrderTotals({ order }: { order: PresentedOrder }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-3 text-sm" data-testid="order-totals">
      <dt className="text-neutral-700">Subtotal</dt>
      <dd className="text-right font-semibold" data-testid="order-subtotal">
        {formatPrice(order.subtotal)}
      </dd>
      {order.discount > 0 ? (
        <>
          <dt className="text-neutral-700">Descuento{order.couponCode ? ` (cupón ${order.couponCode})` : ""}</dt>
          <dd className="text-right font-semibold" data-testid="order-discount">
            −{formatPrice(order.discount)}
          </dd>
        </>
      ) : null}
      <dt className="text-neutral-700">Envío</dt>
      <dd className="text-right font-semibold" data-testid="order-shipping">
        {order.shipping_fee > 0 || order.subtotal === 0 ? formatPrice(order.shipping_fee) : "Gratis"}
      </dd>
      {/* The total's rule spans the gap between the columns too. */}
      <dt className="-mr-4 border-t border-neutral-300 pr-4 pt-3 text-base font-bold text-ink">Total</dt>
      <dd
        className="border-t border-neutral-300 pt-3 text-right text-base font-extrabold text-ink"
        data-testid="order-total"
      >
        {formatPrice(order.price)}
      </dd>
      {order.refunded > 0 && order.amountPaid !== null ? (
        <>
          <dt className="text-neutral-700">Pagado</dt>
          <dd className="text-right font-semibold" data-testid="order-amount-paid">
            {formatPrice(order.amountPaid)}
          </dd>
          <dt className="text-neutral-700">Reembolsado a tu cartera</dt>
          <dd className="text-right font-semibold" data-testid="order-refunded">
            −{formatPrice(order.refunded)}
          </dd>
        </>
      ) : null}
    </dl>
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
  const method = paymentMethodLabel(order.payment_method);
  return (
    <div className="space-y-6">
      <section aria-labelledby="estado-pedido" className="rounded-2xl bg-neutral-100 p-6">
        <h2 id="estado-pedido" className="text-lg font-bold text-ink">
          {heading}
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
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
        <div className="mt-5 border-t border-neutral-300 pt-4">
          <OrderTotals order={order} />
        </div>
      </section>
      <section aria-labelledby="direccion-envio" className="rounded-2xl border border-neutral-200 p-6">
        <h2 id="direccion-envio" className="text-lg font-bold text-ink">
          Dirección de envío
        </h2>
        <div className="mt-3">
          <ShippingAddress info={order.shippingInfo} />
        </div>
      </section>
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
