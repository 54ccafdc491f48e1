import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { formatUsd } from "#contract/money-format";
import {
  ACCEPTED_OFFER_LABEL,
  acceptedOfferDiscount,
  deliveredWithoutShipping,
  handedOverLabel,
  DELIVERY_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type DeliveryStatus,
} from "#contract/order-labels";
import { AdminOrderStatusForm } from "~/components/admin/AdminOrderStatusForm";
import { SaleMoneyNote } from "~/components/dashboard/SaleMoneyNote";
import { cardClass } from "~/components/ui/Card";
import { TextLink } from "~/components/ui/TextLink";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { requireAdmin } from "~/services/admin.server";
import { adminOrderAction, adminOrderPage } from "~/services/admin-orders.server";
import { adminOrderIntents } from "./order.forms";
import { TrackingNumber } from "~/components/orders/TrackingNumber";
import { OrderMessages, OrderMessagesUnavailable } from "~/components/orders/OrderMessages";
import { OrderReturnsUnavailable, StaffReturns } from "~/components/orders/LazyReturns";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Pedido #${data.order.number} | Mercado Pádel` : "Pedido | Mercado Pádel" },
  { name: "robots", content: "noindex" },
];

/** /dashboard/admin/orders/{orderId}: `GET /admin/order/{id}`, the order with every shop's part. */
export async function loader(args: LoaderFunctionArgs) {
  const account = requireAdmin(args);
  return adminOrderPage(account, args.params.orderId ?? "");
}

/** One shop's part, or the whole order, to an allowed next status (cancelling a paid one refunds it); then back here with a message. */
export async function action(args: ActionFunctionArgs) {
  return adminOrderAction(args, requireAdmin(args));
}

/** A 409 means someone changed the order meanwhile: the page reads it again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

/** The statuses the whole order may go to: those some part may take (the API checks every part). */
function orderNextStatuses(parts: { nextStatuses: DeliveryStatus[] }[]): DeliveryStatus[] {
  const all: DeliveryStatus[] = ["procesando", "enviado", "entregado", "cancelado"];
  return all.filter((status) => parts.some((part) => part.nextStatuses.includes(status)));
}

export default function AdminOrder() {
  const { order, constraint, messages, returns, returnConstraints } = useLoaderData<typeof loader>();
  const paid = order.payment_status === "pagado";
  return (
    <section aria-labelledby="titulo-pedido" className="min-w-0 space-y-6">
      <p className="text-sm">
        <TextLink to={adminPaths.orders}>Volver a los pedidos</TextLink>
      </p>
      <h1 id="titulo-pedido" className="text-3xl font-bold text-slate-900">
        Pedido #{order.number}
      </h1>

      <dl className={cardClass("plain", "grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2")}>
        <div className="min-w-0">
          <dt className="font-semibold text-slate-600">Cliente</dt>
          <dd className="break-words text-slate-900">
            {order.customer.name}
            <span className="block break-all text-slate-700">{order.customer.email}</span>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">Fecha</dt>
          <dd className="text-slate-900">
            <time dateTime={order.createdAt}>{order.date}</time>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">Pago</dt>
          <dd className="text-slate-900" data-testid="order-payment">
            {PAYMENT_STATUS_LABELS[order.payment_status]}
            {order.payment_method ? ` · ${PAYMENT_METHOD_LABELS[order.payment_method]}` : ""}
            {order.amountPaid !== null ? ` · ${formatUsd(order.amountPaid)} cobrados` : ""}
            {order.paidDate ? ` el ${order.paidDate}` : ""}
            {order.refunded > 0 ? ` · ${formatUsd(order.refunded)} reembolsados` : ""}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">Entrega</dt>
          <dd className="text-slate-900" data-testid="order-delivery">
            {DELIVERY_STATUS_LABELS[order.delivery_status]}
            {order.expired ? " (caducó sin pagar)" : ""}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">Total</dt>
          <dd className="text-slate-900">
            {formatUsd(order.price)}
            <span className="block text-slate-700">
              Productos {formatUsd(order.subtotal)}
              {order.shopDiscount > 0 ? ` · cupones de las tiendas −${formatUsd(order.shopDiscount)}` : ""}
              {order.discount > 0 ? ` · cupón ${order.couponCode ?? ""} −${formatUsd(order.discount)}` : ""} · envío{" "}
              {formatUsd(order.shipping_fee)}
            </span>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="font-semibold text-slate-600">Envío a</dt>
          <dd className="break-words text-slate-900">
            {order.shippingInfo.name}, {order.shippingInfo.address}, {order.shippingInfo.area},{" "}
            {order.shippingInfo.postCode} {order.shippingInfo.city} ({order.shippingInfo.province}) · Tel.{" "}
            {order.shippingInfo.phone}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="titulo-todo" className={cardClass("muted", "space-y-3")}>
        <h2 id="titulo-todo" className="text-xl font-bold text-slate-900">
          Todo el pedido
        </h2>
        <p className="text-sm text-slate-700">
          Mueve a la vez cada parte que aún no haya llegado a ese estado.
          {paid ? " Cancelar reembolsa a la cartera del cliente." : ""}
        </p>
        <AdminOrderStatusForm
          // Drawn anew when any part moves: the form starts from the new statuses, nothing chosen.
          key={order.suborders.map((part) => part.delivery_status).join()}
          intent={adminOrderIntents.order}
          target={order._id}
          label="todo el pedido"
          nextStatuses={orderNextStatuses(order.suborders)}
          paid={paid}
          constraint={constraint}
        />
      </section>

      <ul className="space-y-4" aria-label="Partes del pedido por tienda">
        {order.suborders.map((part) => {
          const headingId = `parte-${part._id}`;
          return (
            <li
              key={part._id}
              aria-labelledby={headingId}
              data-testid="admin-order-part"
              className={cardClass("plain", "min-w-0 space-y-3")}
            >
              <h2 id={headingId} className="break-words text-xl font-bold text-slate-900">
                {part.shopName}
              </h2>
              <p className="text-sm text-slate-800" data-testid="part-status">
                Entrega: <strong>{DELIVERY_STATUS_LABELS[part.delivery_status]}</strong> · Pago:{" "}
                <strong>{PAYMENT_STATUS_LABELS[part.payment_status]}</strong>
              </p>
              {part.shippedOn ? (
                <p className="text-sm text-slate-800" data-testid="part-tracking">
                  {handedOverLabel(part)} {part.shippedOn}
                  {deliveredWithoutShipping(part) ? null : <TrackingNumber value={part.trackingNumber} />}
                  {part.receivedOn ? ` · El cliente confirmó que lo recibió el ${part.receivedOn}` : ""}
                </p>
              ) : null}
              <SaleMoneyNote part={part} reader="admin" />
              <ul className="divide-y divide-slate-200 text-sm" aria-label={`Productos de ${part.shopName}`}>
                {part.products.map((line) => (
                  <li
                    key={`${line.productId}-${line.size ?? ""}`}
                    className="flex flex-wrap justify-between gap-x-4 py-2"
                  >
                    <span className="min-w-0 break-words">
                      {line.name}
                      {line.size ? ` · talla ${line.size}` : ""} × {line.quantity}
                    </span>
                    <span>{formatUsd(line.lineTotal)}</span>
                  </li>
                ))}
              </ul>
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                {acceptedOfferDiscount(part) > 0 ? (
                  <div>
                    <dt className="font-semibold text-slate-600">{ACCEPTED_OFFER_LABEL}</dt>
                    <dd data-testid="part-offer">−{formatUsd(acceptedOfferDiscount(part))}</dd>
                  </div>
                ) : null}
                <div>
                  <dt className="font-semibold text-slate-600">Subtotal</dt>
                  <dd>{formatUsd(part.subtotal)}</dd>
                </div>
                {part.discount > 0 ? (
                  <div>
                    <dt className="font-semibold text-slate-600">Cupón {part.couponCode} de la tienda</dt>
                    <dd data-testid="part-shop-coupon">−{formatUsd(part.discount)}</dd>
                  </div>
                ) : null}
                <div>
                  <dt className="font-semibold text-slate-600">Envío</dt>
                  <dd>{formatUsd(part.shipping_fee)}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-slate-600">Total</dt>
                  <dd>{formatUsd(part.price)}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-slate-600">Comisión</dt>
                  <dd>{formatUsd(part.commission)}</dd>
                </div>
              </dl>
              <AdminOrderStatusForm
                // Drawn anew when the part moves: the form starts from its new statuses, nothing chosen.
                key={part.delivery_status}
                intent={adminOrderIntents.part}
                target={part._id}
                label={part.shopName}
                nextStatuses={part.nextStatuses}
                paid={part.payment_status === "pagado"}
                constraint={constraint}
              />
              {returns ? (
                <StaffReturns returns={returns} shopOrderId={part._id} reader="admin" constraints={returnConstraints} />
              ) : (
                <OrderReturnsUnavailable />
              )}
              {messages ? (
                messages
                  .filter((thread) => thread.shopOrderId === part._id)
                  .map((thread) => <OrderMessages key={thread.shopOrderId} thread={thread} reader="admin" />)
              ) : (
                <OrderMessagesUnavailable />
              )}
            </li>
          );
        })}
      </ul>
      <p className="text-sm">
        <TextLink to={adminPaths.auditOf(order._id)}>Registro de auditoría de este pedido</TextLink>
      </p>
    </section>
  );
}
