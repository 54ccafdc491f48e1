import type { AdminOrderRow } from "#contract/admin-orders";
import { DELIVERY_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "#contract/order-labels";
import { TextLink } from "~/components/ui/TextLink";
import { Table, type CardParts, type TableColumn } from "~/components/ui/Table";
import { adminPaths } from "~/routes/dashboard/admin/paths";

/** What every admin list of orders shows of one, its date and total already written by the server. */
export type ListedOrderSummary = Pick<
  AdminOrderRow,
  "_id" | "number" | "createdAt" | "payment_status" | "delivery_status"
> & { date: string; total: string };

/** An order of the admin's list, with its customer and how many shops it has. */
export type ListedAdminOrder = AdminOrderRow & ListedOrderSummary;

function OrderLink({ order }: { order: ListedOrderSummary }) {
  return <TextLink to={adminPaths.order(order._id)}>Pedido #{order.number}</TextLink>;
}

const orderColumn: TableColumn<ListedOrderSummary> = {
  header: "Pedido",
  rowHeader: true,
  inCard: false,
  cell: (order) => <OrderLink order={order} />,
};

const summaryColumns: TableColumn<ListedOrderSummary>[] = [
  { header: "Fecha", cell: (order) => <time dateTime={order.createdAt}>{order.date}</time> },
  { header: "Total", cell: (order) => order.total },
  { header: "Pago", cell: (order) => PAYMENT_STATUS_LABELS[order.payment_status] },
  { header: "Entrega", cell: (order) => DELIVERY_STATUS_LABELS[order.delivery_status] },
];

const adminOrderColumns: TableColumn<ListedAdminOrder>[] = [
  orderColumn,
  {
    header: "Cliente",
    cell: (order) => (
      <>
        {order.customer.name}
        <span className="block break-all text-slate-700">{order.customer.email}</span>
      </>
    ),
  },
  ...summaryColumns,
  { header: "Tiendas", cell: (order) => order.shopCount },
];

const orderCard: CardParts<ListedOrderSummary> = { title: (order) => <OrderLink order={order} /> };

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
      card={orderCard}
      testIds={{ row: "admin-order-row", card: "admin-order-card" }}
    />
  );
}

/** One customer's orders on their admin page: the same list without the customer. */
export function CustomerOrderList({ orders }: { orders: ListedOrderSummary[] }) {
  return (
    <Table
      rows={orders}
      rowKey={(order) => order._id}
      columns={[orderColumn, ...summaryColumns]}
      caption="Pedidos del usuario, del más reciente al más antiguo"
      look="ruled"
      cardsBelow="md"
      card={orderCard}
      testIds={{ row: "user-order-row", card: "user-order-card" }}
    />
  );
}
