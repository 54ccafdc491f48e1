import { parseWithZod } from "@conform-to/zod";
import { formatUsd } from "#contract/money-format";
import { describe, expect, it } from "vitest";
import {
  BULK_NOTHING_SELECTED,
  BULK_PERCENT_INVALID,
  BULK_PRICE_INVALID,
  BULK_TOO_MANY,
} from "#contract/seller-products";
import { bulkFormSchema } from "~/routes/dashboard/seller/products.schema";
import { auditChanges } from "~/services/audit-format";

const A = "0b7c1f3e-5d2a-4c8e-9f10-2a3b4c5d6e7f";
const B = "1c8d2a4f-6e3b-4d9f-8a21-3b4c5d6e7f80";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const parse = (entries: [string, string][]) => parseWithZod(form(entries), { schema: bulkFormSchema });
const errorsOf = (entries: [string, string][]) => {
  const submission = parse(entries);
  return submission.status === "error" ? submission.error : null;
};

describe("el formulario de acciones en lote del vendedor", () => {
  it("lee los productos elegidos y el valor de cada acción como el cuerpo de la API", () => {
    const cases: [[string, string][], unknown][] = [
      [
        [
          ["ids", A],
          ["ids", B],
          ["action", "precio_porcentaje"],
          ["value", "-10"],
        ],
        { kind: "precio_porcentaje", percent: -10 },
      ],
      [
        [
          ["ids", A],
          ["action", "precio_fijo"],
          ["value", "129,95"],
        ],
        { kind: "precio_fijo", price: 12_995 },
      ],
      [
        [
          ["ids", A],
          ["action", "descuento"],
          ["value", "15"],
        ],
        { kind: "descuento", discount: 15 },
      ],
      [
        [
          ["ids", A],
          ["action", "ocultar"],
          ["value", ""],
        ],
        { kind: "ocultar" },
      ],
    ];
    for (const [entries, action] of cases) {
      const submission = parse(entries);
      expect(submission.status, JSON.stringify(entries)).toBe("success");
      if (submission.status === "success")
        expect(submission.value).toEqual({
          ids: entries.filter(([name]) => name === "ids").map(([, id]) => id),
          action,
        });
    }
  });

  it("sin productos, con más de 200 o con un valor que no se entiende, lo dice junto a la acción", () => {
    expect(errorsOf([["action", "publicar"]])?.ids).toEqual([BULK_NOTHING_SELECTED]);
    const many = Array.from({ length: 201 }, (): [string, string] => ["ids", A]);
    expect(errorsOf([...many, ["action", "publicar"]])?.ids).toEqual([BULK_TOO_MANY]);
    expect(
      errorsOf([
        ["ids", A],
        ["action", "precio_porcentaje"],
        ["value", "diez"],
      ])?.value,
    ).toEqual([BULK_PERCENT_INVALID]);
    expect(
      errorsOf([
        ["ids", A],
        ["action", "precio_porcentaje"],
        ["value", "-100"],
      ])?.value,
    ).toEqual([BULK_PERCENT_INVALID]);
    expect(
      errorsOf([
        ["ids", A],
        ["action", "precio_fijo"],
        ["value", "12,345"],
      ])?.value,
    ).toEqual([BULK_PRICE_INVALID]);
    expect(
      errorsOf([
        ["ids", A],
        ["action", "descuento"],
        ["value", "101"],
      ])?.value,
    ).toEqual(["El descuento debe ser un número entero entre 0 y 100."]);
  });

  it("la auditoría de un lote nombra el estado y el precio de cada producto en palabras", () => {
    const changes = auditChanges(
      { products: [{ id: A, name: "Pala Uno", price: 1_000, state: "publicado" }] },
      { products: [{ id: A, name: "Pala Uno", price: 1_000, state: "oculto" }] },
      (iso) => iso,
      { entity: "tienda", action: "producto.lote" },
    );
    expect(changes).toEqual([
      {
        field: "Productos",
        before: `Pala Uno, Precio: ${formatUsd(1_000)}, Estado: Publicado`,
        after: `Pala Uno, Precio: ${formatUsd(1_000)}, Estado: Oculto`,
      },
    ]);
  });
});
