import { formatRate } from "#contract/commission-labels";
import { ACCEPTED_OFFER_LABEL } from "#contract/order-labels";
import type { SellerOrderLine } from "#contract/seller-orders";
import { Table, type CardParts, type TableColumn } from "~/components/ui/Table";
import { formatPrice } from "~/services/money";

const goodsColumns: TableColumn<SellerOrderLine>[] = [
  { header: "Producto", rowHeader: true, inCard: false, className: "break-words", cell: (line) => line.name },
  { header: "Talla", cell: (line) => line.size ?? "Sin talla" },
  { header: "Cantidad", align: "end", cell: (line) => line.quantity },
  { header: "Precio unidad", align: "end", cell: (line) => formatPrice(line.unitPrice) },
  { header: "Total línea", align: "end", cell: (line) => formatPrice(line.lineTotal) },
];

/** Each line's part of the subtotal an accepted offer agreed, on which its commission is taken. */
const afterOfferColumn: TableColumn<SellerOrderLine> = {
  header: `Tras la ${ACCEPTED_OFFER_LABEL.toLowerCase()}`,
  align: "end",
  className: "print:hidden",
  cell: (line) => formatPrice(line.saleTotal),
};

// A packing slip shows what is in the parcel, not the shop's money.
const moneyColumns: TableColumn<SellerOrderLine>[] = [
  {
    header: "Comisión",
    align: "end",
    className: "print:hidden",
    cell: (line) => `${formatPrice(line.commission)} (${formatRate(line.commissionBp)})`,
  },
  {
    header: "Tu neto",
    align: "end",
    className: "print:hidden",
    cellClassName: "font-semibold",
    cell: (line) => formatPrice(line.sellerNet),
  },
];

const lineCard: CardParts<SellerOrderLine> = { title: (line) => line.name };

/** A sub-order's products: a card each on a phone, a table from the tablet up and on paper (the packing slip). */
export function SellerOrderLines({ lines, orderNumber }: { lines: SellerOrderLine[]; orderNumber: string }) {
  const offerAccepted = lines.some((line) => line.saleTotal !== line.lineTotal);
  return (
    <Table
      rows={lines}
      rowKey={(line, index) => `${line.productId}-${line.size ?? ""}-${index}`}
      columns={
        offerAccepted ? [...goodsColumns, afterOfferColumn, ...moneyColumns] : [...goodsColumns, ...moneyColumns]
      }
      caption={`Productos del pedido #${orderNumber}`}
      look="ruled"
      cardsBelow="md"
      card={lineCard}
      printAsTable
      testIds={{ card: "seller-order-line" }}
    />
  );
}
