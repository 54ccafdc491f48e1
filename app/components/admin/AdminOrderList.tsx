import type { AdminOrderRow } from "#contract/admin-orders";
import { DELIVERY_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "#contract/order-labels";
import { TextLink } from "~/components/ui/TextLink";
import { Table, type CardParts, type TableColumn } from "~/components/ui/Table";
import { adminPaths } from "~/routes/dashboard/admin/paths";

/** An order of the admin's list, with its date and total already written by the server. */
export type ListedAdminOrder = AdminOrderRow & { date: string; total: string };

function OrderLink({ order }: { order: ListedAdminOrder }) {
  return <TextLink to={adminPaths.order(order._id)}>Pedido #{order.number}</TextLink>;
}

const adminOrderColumns: TableColumn<ListedAdminOrder>[] = [
  { header: "Pedido", rowHeader: true, inCard: false, cell: (order) => <OrderLink order={order} /> },
  {
    header: "Cliente",
    cell: (order) => (
      <>
        {order.customer.name}
        <span className="block break-all text-slate-700">{order.customer.email}</span>
      </>
    ),
  },
  { header: "Fecha", cell: (order) => <time dateTime={order.createdAt}>{order.date}</time> },
  { header: "Total", cell: (order) => order.total },
  { header: "Pago", cell: (order) => PAYMENT_STATUS_LABELS[order.payment_status] },
  { header: "Entrega", cell: (order) => DELIVERY_STATUS_LABELS[order.delivery_status] },
  { header: "Tiendas", cell: (order) => order.shopCount },
];

const adminOrderCard: CardParts<ListedAdminOrder> = { title: (order) => <OrderLink order={order} /> };

/** Every order of the store: a table from the tablet up, a card per order on a phone. */
export function AdminOrderList({ orders }: { orders: ListedAdminOrder[] }) {
  return (
    <Table
      rows={orders}
      rowKey={(order) => order._id}
      columns={adminOrderColumns}
      caption="Pedidos, del más reciente al más antiguo"
      look="ruled"
      cardsBelow="md"
      card={adminOrderCard}
      testIds={{ row: "admin-order-row", card: "admin-order-card" }}
    />
  );
}
