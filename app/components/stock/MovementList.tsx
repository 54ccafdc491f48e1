import { Table, type CardParts, type TableColumn } from "~/components/ui/Table";
import type { StockMovement } from "#contract/stock";
import { STOCK_MOVEMENT_WITHOUT_VERSION } from "#contract/stock-labels";
import { signedChange } from "~/services/stock-words";

/** A movement as the page shows it: its kind's label and its time in the store's zone, written by the server. */
export interface ShownMovement extends StockMovement {
  kindLabel: string;
  when: string;
}

/** Said of a save that sent no stock version (another client's, not this form's): nobody checked it against a sale. */
function WithoutVersion({ movement }: { movement: ShownMovement }) {
  if (!movement.withoutVersion) return null;
  return <span className="block text-sm font-normal text-slate-700">{STOCK_MOVEMENT_WITHOUT_VERSION}</span>;
}

const changeTone = (change: number) => (change < 0 ? "text-red-800" : "text-lime-800");

function movementColumns(hasSizes: boolean): TableColumn<ShownMovement>[] {
  const columns: (TableColumn<ShownMovement> | false)[] = [
    {
      header: "Fecha",
      className: "whitespace-nowrap",
      cell: (movement) => <time dateTime={movement.createdAt}>{movement.when}</time>,
    },
    {
      header: "Tipo",
      inCard: false,
      cellClassName: "font-semibold text-slate-900",
      cell: (movement) => (
        <>
          {movement.kindLabel}
          <WithoutVersion movement={movement} />
        </>
      ),
    },
    hasSizes && { header: "Talla", inCard: false, cell: (movement) => movement.size },
    {
      header: "Cambio",
      align: "end",
      inCard: false,
      cell: (movement) => (
        <span className={`font-semibold ${changeTone(movement.change)}`}>{signedChange(movement.change)}</span>
      ),
    },
    { header: "Stock después", align: "end", cell: (movement) => movement.stockAfter },
    { header: "Quién", className: "break-words", cell: (movement) => movement.actorName ?? "—" },
  ];
  return columns.filter((column) => column !== false);
}

function movementCard(hasSizes: boolean): CardParts<ShownMovement> {
  return {
    title: (movement) => `${movement.kindLabel}${hasSizes ? ` · talla ${movement.size}` : ""}`,
    aside: (movement) => <span className={changeTone(movement.change)}>{signedChange(movement.change)}</span>,
    note: (movement) => (movement.withoutVersion ? STOCK_MOVEMENT_WITHOUT_VERSION : null),
  };
}

/**
 * A product's stock movements, newest first: a table from a tablet's width up, a card per movement
 * on a phone. Who: the seller, the buyer of a sale, the admin who cancelled, or nobody (an expiry).
 */
export function MovementList({ movements, hasSizes }: { movements: ShownMovement[]; hasSizes: boolean }) {
  return (
    <Table
      rows={movements}
      rowKey={(movement) => movement._id}
      columns={movementColumns(hasSizes)}
      caption="Movimientos de stock, los más recientes primero"
      cardsBelow="md"
      card={movementCard(hasSizes)}
      ordered
      testIds={{ table: "movement-table", row: "movement-row", card: "movement-card" }}
    />
  );
}
