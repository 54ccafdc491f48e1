import type { SellerOrderLine } from "#contract/seller-orders";
import { ResponsiveTable, type CardParts, type TableColumn } from "~/components/ResponsiveTable";
import { formatPrice } from "~/services/money";

const lineColumns: TableColumn<SellerOrderLine>[] = [
  { header: "Producto", rowHeader: true, inCard: false, className: "break-words", cell: (line) => line.name },
  { header: "Talla", cell: (line) => line.size ?? "Sin talla" },
  { header: "Cantidad", align: "end", cell: (line) => line.quantity },
  { header: "Precio unidad", align: "end", cell: (line) => formatPrice(line.unitPrice) },
  { header: "Total línea", align: "end", cell: (line) => formatPrice(line.lineTotal) },
  // A packing slip shows what is in the parcel, not the shop's money.
  { header: "Comisión", align: "end", className: "print:hidden", cell: (line) => formatPrice(line.commission) },
  { header: "Tu neto", align: "end", className: "print:hidden", cellClassName: "font-semibold", cell: (line) => formatPrice(line.sellerNet) },
];

const lineCard: CardParts<SellerOrderLine> = { title: (line) => line.name };

/** A sub-order's products: a card each on a phone, a table from the tablet up and on paper (the packing slip). */
export function SellerOrderLines({ lines, orderNumber }: { lines: SellerOrderLine[]; orderNumber: string }) {
  return (
    <ResponsiveTable
      rows={lines}
      rowKey={(line, index) => `${line.productId}-${line.size ?? ""}-${index}`}
      columns={lineColumns}
      caption={`Productos del pedido #${orderNumber}`}
      look="ruled"
      cardsBelow="md"
      card={lineCard}
      printAsTable
      testIds={{ card: "seller-order-line" }}
    />
  );
}
