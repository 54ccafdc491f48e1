import { Link } from "@remix-run/react";
import { DeliveryBadge, PaymentBadge } from "~/components/checkout/OrderView";
import { Table, type CardParts, type TableColumn } from "~/components/ui/Table";
import { formatPrice } from "~/services/money";
import type { CustomerOrderSummary } from "#contract/customer";

/** An order of the customer's lists, with its date already written by the server. */
export interface ListedOrder extends CustomerOrderSummary {
  placedAt: string;
}

export const payLinkLook =
  "inline-block whitespace-nowrap rounded-full bg-ink px-4 py-2 text-sm font-bold text-white hover:bg-neutral-800";

export function orderDetailsPath(orderId: string): string {
  return `/dashboard/order/details/${encodeURIComponent(orderId)}`;
}

export function paymentPath(orderId: string): string {
  return `/payment?${new URLSearchParams({ orderId })}`;
}

function OrderContents({ order }: { order: ListedOrder }) {
  return (
    <>
      {order.itemCount} {order.itemCount === 1 ? "unidad" : "unidades"} de {order.shopCount}{" "}
      {order.shopCount === 1 ? "tienda" : "tiendas"}
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

const detailsLinkLook = "underline decoration-lime-500 decoration-2 underline-offset-2 hover:decoration-slate-900";

const orderColumns: TableColumn<ListedOrder>[] = [
  {
    header: "Pedido",
    rowHeader: true,
    inCard: false,
    cell: (order) => (
      <>
        <Link to={orderDetailsPath(order._id)} className={`whitespace-nowrap ${detailsLinkLook}`}>
          Pedido #{order.number}
        </Link>
        <span className="block text-xs font-normal text-slate-600">
          <OrderContents order={order} />
        </span>
      </>
    ),
  },
  { header: "Fecha", cell: (order) => <time dateTime={order.createdAt}>{order.placedAt}</time> },
  {
    header: "Total",
    align: "end",
    inCard: false,
    className: "whitespace-nowrap",
    cellClassName: "font-semibold",
    cell: (order) => formatPrice(order.price),
  },
  { header: "Pago", className: "whitespace-nowrap", cell: (order) => <PaymentBadge status={order.payment_status} /> },
  {
    header: "Entrega",
    className: "whitespace-nowrap",
    cell: (order) => <DeliveryBadge status={order.delivery_status} />,
  },
  { header: "Acciones", headerHidden: true, align: "end", inCard: false, cell: (order) => <PayLink order={order} /> },
];

const orderCard: CardParts<ListedOrder> = {
  title: (order) => (
    <Link to={orderDetailsPath(order._id)} className={`text-lg ${detailsLinkLook}`}>
      Pedido #{order.number}
    </Link>
  ),
  aside: (order) => formatPrice(order.price),
  note: (order) => <OrderContents order={order} />,
  footer: (order) => (order.payable ? <PayLink order={order} /> : null),
};

/**
 * The customer's orders: number (to the details), date, total, statuses, and paying what is still
 * payable. A table on a wide screen; below it each order is a card, so a phone shows every column
 * without scrolling sideways.
 */
export function OrderList({ orders, caption }: { orders: ListedOrder[]; caption: string }) {
  return (
    <Table
      rows={orders}
      rowKey={(order) => order._id}
      columns={orderColumns}
      caption={caption}
      cardsBelow="lg"
      card={orderCard}
      tableClassName="min-w-[40rem]"
      testIds={{ table: "order-list", row: "order-row", card: "order-card" }}
    />
  );
}
