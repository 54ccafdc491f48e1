import { DELIVERY_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "#contract/order-labels";
import type { SellerOrderSummary } from "#contract/seller-orders";
import { formatPrice } from "~/services/money";
import { Table, type CardParts, type TableColumn } from "~/components/ui/Table";
import { TextLink } from "~/components/ui/TextLink";
import { sellerOrderPaths } from "~/routes/dashboard/seller/paths";

export type ListedSellerOrder = SellerOrderSummary & { placedAt: string };

const sellerOrderColumns: TableColumn<ListedSellerOrder>[] = [
  {
    header: "Pedido",
    rowHeader: true,
    inCard: false,
    cell: (order) => <TextLink to={sellerOrderPaths.details(order._id)}>#{order.number}</TextLink>,
  },
  { header: "Cliente", className: "break-words", cell: (order) => order.customerName },
  { header: "Fecha", cell: (order) => order.placedAt },
  { header: "Artículos", align: "end", cell: (order) => order.itemsCount },
  { header: "Total", align: "end", cell: (order) => formatPrice(order.total) },
  { header: "Comisión", align: "end", cell: (order) => formatPrice(order.commission) },
  { header: "Tu neto", align: "end", cellClassName: "font-semibold", cell: (order) => formatPrice(order.sellerNet) },
  { header: "Pago", cell: (order) => PAYMENT_STATUS_LABELS[order.payment_status] },
  { header: "Envío", inCard: false, cell: (order) => DELIVERY_STATUS_LABELS[order.delivery_status] },
];

const sellerOrderCard: CardParts<ListedSellerOrder> = {
  title: (order) => (
    <TextLink to={sellerOrderPaths.details(order._id)} className="text-lg">
      Pedido #{order.number}
    </TextLink>
  ),
  aside: (order) => DELIVERY_STATUS_LABELS[order.delivery_status],
};

/**
 * The shop's sub-orders: a table from the tablet up; on a phone each one is a card (the same
 * rows, one under another), so nothing scrolls sideways at 360 px.
 */
export function SellerOrderList({ orders }: { orders: ListedSellerOrder[] }) {
  return (
    <Table
      rows={orders}
      rowKey={(order) => order._id}
      columns={sellerOrderColumns}
      caption="Pedidos de tu tienda, los más recientes primero"
      look="ruled"
      cardsBelow="md"
      card={sellerOrderCard}
      testIds={{ table: "seller-orders-table", row: "seller-order-row", card: "seller-order-card" }}
    />
  );
}
