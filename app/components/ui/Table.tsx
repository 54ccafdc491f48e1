import { Fragment, type ReactNode } from "react";
import { cx } from "./cx";

/** One column: its header, how a row's cell is drawn (in the table and in the card alike), and whether a card lists it. */
export interface TableColumn<Row> {
  header: string;
  /** Read by screen readers only (a column of buttons or links needs a name, not a visible one). */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** Numbers and money line up on the right. */
  align?: "start" | "end";
  /** On the column's header and cells in the table, e.g. `print:hidden` or `whitespace-nowrap`. */
  className?: string;
  /** On its cells in the table only, e.g. the weight or colour of a figure. */
  cellClassName?: string;
  /** The cell names its row for screen readers (`<th scope="row">`). */
  rowHeader?: boolean;
  /** A card leaves the column out of its list when its title, aside or footer already shows it. */
  inCard?: boolean;
}

/** What a row's card shows above and below its list of columns. */
export interface CardParts<Row> {
  title: (row: Row) => ReactNode;
  /** Beside the title, at the right end of its line: the figure that matters most. */
  aside?: (row: Row) => ReactNode;
  /** A short line under the title. */
  note?: (row: Row) => ReactNode;
  /** Under the list, e.g. an action; nothing is drawn when it gives null. */
  footer?: (row: Row) => ReactNode;
}

/**
 * Where the table gives way to cards. Written out whole: Tailwind only builds classes it reads in
 * the source.
 */
const BREAKPOINT_LOOKS = {
  md: { table: "hidden md:block", cards: "md:hidden" },
  lg: { table: "hidden lg:block", cards: "lg:hidden" },
} as const;

/** `boxed`: a white box with a tinted header (`compact`: its cells narrower on a phone); `ruled`: lines between the rows, on the page's own background. */
const TABLE_LOOKS = {
  boxed: {
    frame: "overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm",
    table: "w-full text-left text-sm",
    head: "border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-600",
    body: "divide-y divide-slate-200",
    row: "",
    cell: "px-4 py-3",
  },
  /** As `boxed`, with headers in plain case and narrower cells on a phone: many short figures that fit 360 px whole. */
  compact: {
    frame: "overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm",
    table: "w-full text-left text-sm",
    head: "border-b border-slate-200 bg-slate-50 text-xs text-slate-600",
    body: "divide-y divide-slate-200",
    row: "",
    cell: "px-2 py-2 sm:px-4 sm:py-3",
  },
  ruled: {
    frame: "",
    table: "w-full border-collapse text-left text-sm",
    head: "border-b border-slate-300 text-slate-700",
    body: "",
    row: "border-b border-slate-200",
    cell: "px-3 py-3 align-top",
  },
} as const;

/** Below `cardsBelow` each row is a card drawn from `card`; without it the table is always shown (its few, narrow columns fit a phone). */
type CardChoice<Row> =
  | { cardsBelow: keyof typeof BREAKPOINT_LOOKS; card: CardParts<Row> }
  | { cardsBelow?: undefined; card?: undefined };

type TableProps<Row> = CardChoice<Row> & {
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  columns: TableColumn<Row>[];
  /** The table's caption and the card list's name, for screen readers. */
  caption: string;
  look?: keyof typeof TABLE_LOOKS;
  /** Newest first, or any order that means something: the cards are an ordered list. */
  ordered?: boolean;
  /** Printed, the table is shown whatever the paper's width (a packing slip). */
  printAsTable?: boolean;
  /** Extra classes on the `<table>`, e.g. a minimum width. */
  tableClassName?: string;
  testIds?: { table?: string; row?: string; card?: string };
  /** Extra classes on a row of the table, e.g. to pick out the rows that concern the reader (words say it too). */
  rowClassName?: (row: Row) => string | undefined;
};

function alignment(align: TableColumn<unknown>["align"]): string | false {
  return align === "end" && "text-right";
}

/**
 * Rows of figures as a real table (headers with their scope) on a wide screen and, below a
 * breakpoint, as a list of cards, each a `<dl>` of the same columns, so a phone shows every column
 * without scrolling sideways. Render only: the caller gives the rows already written for people.
 */
export function Table<Row>({
  rows,
  rowKey,
  columns,
  caption,
  look = "boxed",
  cardsBelow,
  card,
  ordered = false,
  printAsTable = false,
  tableClassName,
  testIds = {},
  rowClassName,
}: TableProps<Row>) {
  const styles = TABLE_LOOKS[look];
  const breakpoint = cardsBelow ? BREAKPOINT_LOOKS[cardsBelow] : null;
  const cardColumns = columns.filter((column) => column.inCard !== false);
  const CardList = ordered ? "ol" : "ul";
  return (
    <>
      {breakpoint && card ? (
        <CardList className={cx("space-y-3", breakpoint.cards, printAsTable && "print:hidden")} aria-label={caption}>
          {rows.map((row, index) => {
            const aside = card.aside?.(row);
            const note = card.note?.(row);
            const footer = card.footer?.(row);
            return (
              <li
                key={rowKey(row, index)}
                data-testid={testIds.card}
                className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 font-semibold text-slate-900">
                  <span className="min-w-0 break-words">{card.title(row)}</span>
                  {aside != null ? <span>{aside}</span> : null}
                </p>
                {note != null ? <p className="text-sm text-slate-600">{note}</p> : null}
                {cardColumns.length > 0 ? (
                  <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-2 text-sm text-slate-700">
                    {cardColumns.map((column) => (
                      <Fragment key={column.header}>
                        <dt>{column.header}</dt>
                        <dd className="break-words text-slate-900">{column.cell(row)}</dd>
                      </Fragment>
                    ))}
                  </dl>
                ) : null}
                {footer != null ? <div className="mt-3">{footer}</div> : null}
              </li>
            );
          })}
        </CardList>
      ) : null}
      <div className={cx(styles.frame, breakpoint?.table, printAsTable && "print:block")}>
        <table className={cx(styles.table, tableClassName)} data-testid={testIds.table}>
          <caption className="sr-only">{caption}</caption>
          <thead className={styles.head}>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={cx(styles.cell, alignment(column.align), column.className)}
                >
                  {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={styles.body}>
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)} data-testid={testIds.row} className={cx(styles.row, rowClassName?.(row))}>
                {columns.map((column) => {
                  const cellClasses = cx(styles.cell, alignment(column.align), column.className, column.cellClassName);
                  return column.rowHeader ? (
                    <th key={column.header} scope="row" className={cx(cellClasses, "font-semibold text-slate-900")}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} className={cellClasses}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
