import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Table, type TableColumn } from "~/components/ui/Table";

interface Line {
  id: string;
  name: string;
  units: number;
  net: string;
}

const lines: Line[] = [
  { id: "a", name: "Pala Nox", units: 2, net: "190,00 US$" },
  { id: "b", name: "Pelotas Head", units: 3, net: "19,95 US$" },
];

const columns: TableColumn<Line>[] = [
  { header: "Producto", rowHeader: true, inCard: false, cell: (line) => line.name },
  { header: "Unidades", align: "end", cellClassName: "font-semibold", cell: (line) => line.units },
  { header: "Tu neto", align: "end", className: "print:hidden", cell: (line) => line.net },
];

/** The markup the server sends for these props. */
const render = (props: Parameters<typeof Table<Line>>[0]) => renderToStaticMarkup(createElement(Table<Line>, props));

describe("Table", () => {
  it("dibuja una tabla de verdad con encabezados de columna y de fila y, bajo el punto de corte, una tarjeta por fila con las demás columnas", () => {
    const html = render({
      rows: lines,
      rowKey: (line) => line.id,
      columns,
      caption: "Productos del pedido",
      cardsBelow: "md",
      card: { title: (line) => line.name, aside: (line) => line.net },
      printAsTable: true,
      testIds: { table: "tabla", row: "fila", card: "tarjeta" },
    });
    expect(html).toContain('<caption class="sr-only">Productos del pedido</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
    expect(html).toContain('<th scope="row" class="px-4 py-3 font-semibold text-slate-900">Pala Nox</th>');
    expect(html).toContain('<th scope="col" class="px-4 py-3 text-right print:hidden">Tu neto</th>');
    // A figure's weight is the cells', not the header's.
    expect(html).toContain('<th scope="col" class="px-4 py-3 text-right">Unidades</th>');
    expect(html).toContain('<td class="px-4 py-3 text-right font-semibold">2</td>');
    expect(html.match(/data-testid="fila"/g)).toHaveLength(2);
    expect(html).toContain(
      '<div class="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm hidden md:block print:block"><table class="w-full text-left text-sm" data-testid="tabla">',
    );

    expect(html).toContain('<ul class="space-y-3 md:hidden print:hidden" aria-label="Productos del pedido">');
    const cards = html.match(/<li data-testid="tarjeta".*?<\/li>/g) ?? [];
    expect(cards).toHaveLength(2);
    // The title's column is not listed again; the others are, with the table's headers as terms.
    expect(cards[1]).toContain("Pelotas Head");
    expect(cards[1]).toContain("<dt>Unidades</dt><dd");
    expect(cards[1]).toContain("<dt>Tu neto</dt><dd");
    expect(cards[1]).not.toContain("<dt>Producto</dt>");
  });

  it("sin punto de corte la tabla se muestra siempre y no hay tarjetas", () => {
    const html = render({ rows: lines, rowKey: (line) => line.id, columns, caption: "Movimientos", look: "ruled" });
    expect(html).not.toContain("<ul");
    expect(html).not.toContain("hidden md:block");
    expect(html).toContain('<table class="w-full border-collapse text-left text-sm">');
    expect(html.match(/<tr class="border-b border-slate-200">/g)).toHaveLength(2);
  });
});
