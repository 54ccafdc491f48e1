import { Link } from "@remix-run/react";
import { DeliveryBadge, PaymentBadge } from "~/components/checkout/OrderView";
import { formatPrice } from "~/services/money";
import type { CustomerOrderSummary } from "#contract/customer";

/** An order of the customer's lists, with its date already written by the server. */
export interface ListedOrder extends CustomerOrderSummary {
  placedAt: string;
}

export const payLinkLook = "inline-block whitespace-nowrap rounded-full bg-ink px-4 py-2 text-sm font-bold text-white hover:bg-neutral-800";

export function orderDetailsPath(orderId: string): string {
  return `/dashboard/order/details/${encodeURIComponent(orderId)}`;
}

export function paymentPath(orderId: string): string {
  return `/payment?${new URLSearchParams({ orderId })}`;
}

function OrderContents({ order }: { order: ListedOrder }) {
  return (
    <>
      {order.itemCount} {order.itemCount === 1 ? "unidad" : "unidades"} de {order.shopCount} {order.shopCount === 1 ? "tienda" : "tiendas"}
    </>
  );
}

function PayLink({ order }: { order: ListedOrder }) {
  return order.payable ? (
    <Link to={paymentPath(order._id)} className={payLinkLook}>
      Pagar ahora<span className="sr-only">: pedido #{order.number}</span>
    </Link>
  ) : null;
}

/**
 * The customer's orders: number (to the details), date, total, statuses, and paying what is still
 * payable. A table on a wide screen; below it each order is a card, so a phone shows every column
 * without scrolling sideways.
 */
export function OrderList({ orders, caption }: { orders: ListedOrder[]; caption: string }) {
  return (
    <>
      <ul className="space-y-3 lg:hidden" aria-label={caption}>
        {orders.map((order) => (
          <li key={order._id} data-testid="order-card" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <Link to={orderDetailsPath(order._id)} className="text-lg font-semibold underline decoration-lime-500 decoration-2 underline-offset-2 hover:decoration-slate-900">
                Pedido #{order.number}
              </Link>
              <span className="font-semibold text-slate-900">{formatPrice(order.price)}</span>
            </p>
            <p className="text-sm text-slate-600">
              <OrderContents order={order} />
            </p>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 text-sm text-slate-700">
              <dt>Fecha</dt>
              <dd>
                <time dateTime={order.createdAt}>{order.placedAt}</time>
              </dd>
              <dt>Pago</dt>
              <dd>
                <PaymentBadge status={order.payment_status} />
              </dd>
              <dt>Entrega</dt>
              <dd>
                <DeliveryBadge status={order.delivery_status} />
              </dd>
            </dl>
            {order.payable ? (
              <p className="mt-3">
                <PayLink order={order} />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm lg:block">
        <table className="w-full min-w-[40rem] text-left text-sm" data-testid="order-list">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Pedido
              </th>
              <th scope="col" className="px-4 py-3">
                Fecha
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Total
              </th>
              <th scope="col" className="px-4 py-3">
                Pago
              </th>
              <th scope="col" className="px-4 py-3">
                Entrega
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {orders.map((order) => (
              <tr key={order._id} data-testid="order-row">
                <th scope="row" className="px-4 py-3 font-semibold">
                  <Link to={orderDetailsPath(order._id)} className="whitespace-nowrap underline decoration-lime-500 decoration-2 underline-offset-2 hover:decoration-slate-900">
                    Pedido #{order.number}
                  </Link>
                  <span className="block text-xs font-normal text-slate-600">
                    <OrderContents order={order} />
                  </span>
                </th>
                <td className="px-4 py-3">
                  <time dateTime={order.createdAt}>{order.placedAt}</time>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-right font-semibold">{formatPrice(order.price)}</td>
                <td className="whitespace-nowrap px-4 py-3">
                  <PaymentBadge status={order.payment_status} />
                </td>
                <td className="whitespace-nowrap px-4 py-3">
                  <DeliveryBadge status={order.delivery_status} />
                </td>
                <td className="px-4 py-3 text-right">
                  <PayLink order={order} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
