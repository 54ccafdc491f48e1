import { describe, expect, it } from "vitest";
import { parsePriceText } from "#contract/seller-products";
import type { ExportedProduct } from "#contract/seller-exports";
import { priceCell } from "#contract/product-csv";
import { ordersExportDefaults, productsCsv } from "~/services/seller-exports.server";

const product = (values: Partial<ExportedProduct>): ExportedProduct => ({
  _id: "0b9d7f0e-6f43-4c1e-9a43-2d8f1c3b7a10",
  name: "Pala Vertex 04",
  categorySlug: "palas",
  brand: "Bullpadel",
  price: 129_995,
  discount: 10,
  color: "Negro",
  tag: "Novedad",
  description: "Una pala de control para jugadores de nivel medio.",
  state: "borrador",
  lowStockThreshold: 2,
  stock: 5,
  sizes: [],
  specs: { forma: "Redonda" },
  ...values,
});

describe("descargas CSV del vendedor (web)", () => {
  it("el precio va como lo lee el formulario del producto: sin moneda ni miles, con coma decimal", () => {
    for (const cents of [1, 99, 100, 129_995, 20_000_000]) {
      expect(parsePriceText(priceCell(cents))).toBe(cents);
    }
    expect(priceCell(129_995)).toBe("1299,95");
  });

  it("una fila por producto, tallas y ficha en una celda cada una, y la guarda de fórmulas", () => {
    const csv = productsCsv([
      product({}),
      product({
        name: "=HIPERVINCULO(1)",
        sizes: [
          { size: "M", stock: 2 },
          { size: "L", stock: 3 },
        ],
        stock: 5,
        specs: {},
      }),
    ]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      '\uFEFF"ID";"Nombre";"Categoría";"Marca";"Precio";"Descuento";"Color";"Etiqueta";"Descripción";"Estado";"Aviso de stock bajo";"Stock";"Tallas";"Ficha técnica"',
    );
    expect(lines[1]).toContain('"1299,95";"10";"Negro";"Novedad";');
    expect(lines[1]).toContain('"borrador";"2";"5";"";"forma: Redonda"');
    expect(lines[2]).toContain(`"'=HIPERVINCULO(1)"`);
    expect(lines[2]).toContain('"M: 2 | L: 3";""');
  });

  it("el formulario de pedidos: este mes hasta hoy (hora de Madrid), o lo que volvió con su mensaje", () => {
    // 23:30 UTC of 31 March is already 1 April in Madrid.
    const fresh = ordersExportDefaults(new URLSearchParams(), new Date("2026-03-31T23:30:00Z"));
    expect(fresh).toMatchObject({ from: "2026-04-01", to: "2026-04-01", errors: {} });
    const refused = ordersExportDefaults(new URLSearchParams("from=2026-03-10&to=2026-03-01"), new Date());
    expect(refused).toEqual({
      from: "2026-03-10",
      to: "2026-03-01",
      errors: { to: "El último día no puede ser anterior al primero." },
      range: null,
    });
    const empty = ordersExportDefaults(new URLSearchParams("from=&to="), new Date());
    expect(empty.errors).toEqual({ from: "Elige el primer día.", to: "Elige el último día." });
  });
});
