import { describe, expect, it } from "vitest";
import {
  OWN_TABLE_MISSING,
  OWN_TABLE_NEEDS_SIZES,
  ownSizeTableField,
  ownTableFormValue,
  ownTableIssues,
  ownTableKindFor,
} from "#contract/own-size-guide";
import { productFormFields } from "#contract/seller-products";

/** The issues of a parse, as «path: message». */
function issuesOf(value: unknown): string[] {
  const parsed = ownSizeTableField.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

const shoeRows = [
  { size: "42", uk: "8", us: "9", footCm: "26,5" },
  { size: "41", uk: "7,5", us: "8.5", footCm: "25.9" },
];

describe("la tabla propia que escribe el vendedor", () => {
  it("lee unas zapatillas con coma o punto y guarda UK y US como se escriben en español", () => {
    expect(ownSizeTableField.parse({ kind: "calzado", rows: shoeRows })).toEqual({
      kind: "calzado",
      rows: [
        { eu: "42", uk: "8", us: "9", footCm: 26.5 },
        { eu: "41", uk: "7,5", us: "8,5", footCm: 25.9 },
      ],
    });
  });

  it("el pie debe crecer con la talla EU, aunque las filas lleguen en otro orden", () => {
    expect(
      issuesOf({
        kind: "calzado",
        rows: [
          { size: "43", uk: "9", us: "10", footCm: "26,5" },
          { size: "42", uk: "8", us: "9", footCm: "26,5" },
        ],
      }),
    ).toEqual(["rows.0.footCm: El pie de la talla 43 debe ser más largo que el de la 42 (26,5 cm)."]);
  });

  it("rechaza números con dos decimales, vacíos, fuera de rango y tallas que no son EU", () => {
    expect(
      issuesOf({
        kind: "calzado",
        rows: [
          { size: "42", uk: "8,25", us: "", footCm: "40" },
          { size: "XL", uk: "9", us: "10", footCm: "27" },
        ],
      }),
    ).toEqual([
      "rows.0.uk: Escribe un número con un decimal como mucho (por ejemplo 26,5).",
      "rows.0.us: Escribe la talla US.",
      "rows.0.footCm: La longitud del pie debe estar entre 15 y 35 cm.",
    ]);
    expect(issuesOf({ kind: "calzado", rows: [{ size: "XL", uk: "9", us: "10", footCm: "27" }] })).toEqual([
      "rows.0.size: La talla «XL» no es una talla EU: una tabla de zapatillas necesita tallas como 42 o 42,5.",
    ]);
  });

  it("en ropa, «desde» no puede pasar de «hasta», y cada talla va una vez", () => {
    const row = {
      size: "M",
      chestFrom: "94",
      chestTo: "99,5",
      waistFrom: "86",
      waistTo: "80",
      hipFrom: "96",
      hipTo: "101",
    };
    expect(ownSizeTableField.parse({ kind: "ropa", rows: [{ ...row, waistTo: "86" }] })).toEqual({
      kind: "ropa",
      rows: [{ size: "M", chestCm: [94, 99.5], waistCm: [86, 86], hipCm: [96, 101] }],
    });
    expect(issuesOf({ kind: "ropa", rows: [row] })).toEqual([
      "rows.0.waistTo: «Hasta» debe ser igual o mayor que «desde».",
    ]);
    expect(
      issuesOf({
        kind: "ropa",
        rows: [
          { ...row, waistTo: "86" },
          { ...row, size: "m", waistTo: "86" },
        ],
      }),
    ).toEqual(["rows.1.size: Esta talla ya tiene su fila."]);
  });

  it("vuelve al formulario como se escribió", () => {
    const table = ownSizeTableField.parse({ kind: "calzado", rows: shoeRows });
    expect(ownTableFormValue(table)).toEqual({
      kind: "calzado",
      rows: [
        { size: "42", uk: "8", us: "9", footCm: "26,5" },
        { size: "41", uk: "7,5", us: "8,5", footCm: "25,9" },
      ],
    });
  });

  it("las zapatillas llevan tabla de pie; el resto, de cuerpo", () => {
    expect(ownTableKindFor("zapatilla")).toBe("calzado");
    expect(ownTableKindFor("pala")).toBe("ropa");
    expect(ownTableKindFor(null)).toBe("ropa");
  });
});

describe("ownTableIssues", () => {
  const table = ownSizeTableField.parse({ kind: "calzado", rows: shoeRows });
  const sizes = [{ size: "41" }, { size: "42" }];

  it("solo cuenta con «Tabla propia»", () => {
    expect(ownTableIssues({ sizeGuide: "categoria", sizes: [] })).toEqual([]);
    expect(ownTableIssues({ sizeGuide: undefined, sizeGuideTable: table, sizes: [] })).toEqual([]);
  });

  it("pide tallas y una fila por talla, y ninguna de otra talla", () => {
    expect(ownTableIssues({ sizeGuide: "propia", sizes: [] })).toEqual([
      { path: ["sizeGuide"], message: OWN_TABLE_NEEDS_SIZES },
    ]);
    expect(ownTableIssues({ sizeGuide: "propia", sizes })).toEqual([
      { path: ["sizeGuideTable"], message: OWN_TABLE_MISSING },
    ]);
    expect(ownTableIssues({ sizeGuide: "propia", sizeGuideTable: table, sizes })).toEqual([]);
    expect(
      ownTableIssues({
        sizeGuide: "propia",
        sizeGuideTable: table,
        sizes: [{ size: "42" }, { size: "44" }, { size: "45" }],
      }),
    ).toEqual([
      { path: ["sizeGuideTable", "rows", 1, "size"], message: "La talla «41» no es una de las tallas del producto." },
      { path: ["sizeGuideTable"], message: "Escribe las medidas de las tallas 44, 45." },
    ]);
  });

  it("el formulario del producto la comprueba junto a las tallas", () => {
    const form = {
      name: "Zapatillas Pista",
      categoryId: "4b1f7a52-5f2e-4d0b-9a55-0d6c1c7e3a10",
      brand: "Kelme",
      price: "70",
      color: "Blanco",
      tag: "Novedad",
      description: "Zapatillas de pádel con suela de espiga para césped.",
      sizes: [{ size: "42", stock: "1" }],
      sizeGuide: "propia",
      sizeGuideTable: { kind: "calzado", rows: [{ size: "42", uk: "8", us: "9", footCm: "26,5" }] },
    };
    expect(productFormFields.safeParse(form).success).toBe(true);
    const refused = productFormFields.safeParse({ ...form, sizes: [{ size: "43", stock: "1" }] });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      "La talla «42» no es una de las tallas del producto.",
      "Escribe las medidas de la talla 43.",
    ]);
  });
});
