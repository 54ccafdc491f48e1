import { Badge } from "~/components/ui/Badge";
import { Table, type CardParts, type TableColumn } from "~/components/ui/Table";
import type { ControlProduct } from "~/services/stock.server";
import { demandText, sizeLabel } from "~/services/stock-words";

interface Line {
  size: string;
  stock: number;
  low: boolean;
  waiting: number;
}

function linesOf(product: ControlProduct): Line[] {
  if (product.hasSizes) return product.sizes;
  return [{ size: "", stock: product.stock, low: product.stockLow, waiting: product.waiting }];
}

function State({ line }: { line: Line }) {
  if (line.stock === 0) return <span className="font-semibold text-slate-900">Agotada</span>;
  if (line.low) return <Badge tone="warning">Stock bajo</Badge>;
  return <span className="text-slate-700">Disponible</span>;
}

const sizeColumns: TableColumn<Line>[] = [
  { header: "Talla", rowHeader: true, inCard: false, cell: (line) => (line.size === "" ? "Sin tallas" : line.size) },
  { header: "Unidades", align: "end", cellClassName: "font-semibold text-slate-900", cell: (line) => line.stock },
  { header: "Estado", cell: (line) => <State line={line} /> },
  {
    header: "Demanda",
    cellClassName: "text-slate-800",
    cell: (line) => (line.waiting > 0 ? demandText(line.waiting, line.size) : "Nadie espera"),
  },
];

const sizeCard: CardParts<Line> = { title: (line) => sizeLabel(line.size) };

/**
 * A product's sizes (or its single stock) with their units, low mark and demand: a table from a
 * tablet's width up, a card per size on a phone.
 */
export function SizeFigures({ product }: { product: ControlProduct }) {
  return (
    <Table
      rows={linesOf(product)}
      rowKey={(line) => line.size}
      columns={sizeColumns}
      caption={`Stock por talla de ${product.name}`}
      cardsBelow="md"
      card={sizeCard}
      testIds={{ table: "size-table", row: "size-line", card: "size-card" }}
    />
  );
}
