import { Link } from "@remix-run/react";
import { DELIVERY_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "#contract/orders";
import type { SellerOrderSummary } from "#contract/seller-orders";
import { formatPrice } from "~/services/money";
import { textLinkLook } from "../account/FormControls";
import { sellerOrderPaths } from "./seller-orders";

export type ListedSellerOrder = SellerOrderSummary & { placedAt: string };

const cell = "px-3 py-3 align-top";

/**
 * The shop's sub-orders: a table from the tablet up; on a phone each one is a card (the same
 * rows, one under another), so nothing scrolls sideways at 360 px.
 */
export function SellerOrderList({ orders }: { orders: ListedSellerOrder[] }) {
  return (
    <>
      <ul className="space-y-3 md:hidden" aria-label="Pedidos de tu tienda">
        {orders.map((order) => (
          <li key={order._id} data-testid="seller-order-card" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <Link to={sellerOrderPaths.details(order._id)} className={`${textLinkLook} text-lg`}>
                Pedido #{order.number}
              </Link>
              <span className="text-sm font-semibold text-slate-800">{DELIVERY_STATUS_LABELS[order.delivery_status]}</span>
            </p>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-slate-700">
              <dt>Cliente</dt>
              <dd className="break-words text-slate-900">{order.customerName}</dd>
              <dt>Fecha</dt>
              <dd>{order.placedAt}</dd>
              <dt>Artículos</dt>
              <dd>{order.itemsCount}</dd>
              <dt>Total</dt>
              <dd>{formatPrice(order.total)}</dd>
              <dt>Tu neto</dt>
              <dd className="font-semibold text-slate-900">{formatPrice(order.sellerNet)}</dd>
              <dt>Pago</dt>
              <dd>{PAYMENT_STATUS_LABELS[order.payment_status]}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <table className="w-full border-collapse text-left text-sm" data-testid="seller-orders-table">
          <caption className="sr-only">Pedidos de tu tienda, los más recientes primero</caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              <th scope="col" className={cell}>Pedido</th>
              <th scope="col" className={cell}>Cliente</th>
              <th scope="col" className={cell}>Fecha</th>
              <th scope="col" className={`${cell} text-right`}>Artículos</th>
              <th scope="col" className={`${cell} text-right`}>Total</th>
              <th scope="col" className={`${cell} text-right`}>Comisión</th>
              <th scope="col" className={`${cell} text-right`}>Tu neto</th>
              <th scope="col" className={cell}>Pago</th>
              <th scope="col" className={cell}>Envío</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order._id} data-testid="seller-order-row" className="border-b border-slate-200">
                <th scope="row" className={cell}>
                  <Link to={sellerOrderPaths.details(order._id)} className={textLinkLook}>
                    #{order.number}
                  </Link>
                </th>
                <td className={`${cell} break-words`}>{order.customerName}</td>
                <td className={cell}>{order.placedAt}</td>
                <td className={`${cell} text-right`}>{order.itemsCount}</td>
                <td className={`${cell} text-right`}>{formatPrice(order.total)}</td>
                <td className={`${cell} text-right`}>{formatPrice(order.commission)}</td>
                <td className={`${cell} text-right font-semibold`}>{formatPrice(order.sellerNet)}</td>
                <td className={cell}>{PAYMENT_STATUS_LABELS[order.payment_status]}</td>
                <td className={cell}>{DELIVERY_STATUS_LABELS[order.delivery_status]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
