import { DeliveryBadge, PaymentBadge } from "~/components/checkout/OrderView";
import { Table, type CardParts, type TableColumn } from "~/components/ui/Table";
import { formatPrice } from "~/services/money";
import type { ListedOrder } from "~/services/customer-orders.server";
import { ButtonLink } from "~/components/ui/Button";
import { TextLink } from "~/components/ui/TextLink";
import { orderDetailsPath, paymentPath } from "~/routes/dashboard/paths";

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
    <ButtonLink to={paymentPath(order._id)} variant="dark" size="sm" className="whitespace-nowrap">
      Pagar ahora<span className="sr-only">: pedido #{order.number}</span>
    </ButtonLink>
  ) : null;
}

const orderColumns: TableColumn<ListedOrder>[] = [
  {
    header: "Pedido",
    rowHeader: true,
    inCard: false,
    cell: (order) => (
      <>
        <TextLink to={orderDetailsPath(order._id)} className="whitespace-nowrap">
          Pedido #{order.number}
        </TextLink>
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
    <TextLink to={orderDetailsPath(order._id)} className="text-lg">
      Pedido #{order.number}
    </TextLink>
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
