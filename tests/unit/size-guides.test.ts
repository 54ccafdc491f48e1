import { describe, expect, it } from "vitest";
import {
  BODY_MEASURE_INVALID,
  BODY_MEASURE_OUT_OF_RANGE,
  bodyAdviceText,
  FOOT_LENGTH_INVALID,
  FOOT_LENGTH_MISSING,
  FOOT_LENGTH_OUT_OF_RANGE,
  guideForProduct,
  guideRowSize,
  parseBodyMeasures,
  parseFootLength,
  productGuideRef,
  resolveGuide,
  SIZE_GUIDE_CHOICES,
  SIZE_GUIDE_OPTIONS,
  SIZE_GUIDES,
  sizeAdviceText,
  sizeForBody,
  sizeForFoot,
  type ClothingGuide,
  type ShoeGuide,
} from "#contract/size-guides";

const shoe = { sizeGuide: "categoria", brand: "Asics", specSheet: "zapatilla" as const, sizes: [{ size: "42" }] };

describe("las tablas de tallas", () => {
  it.each(Object.entries(SIZE_GUIDES))("%s va de la talla más pequeña a la más grande", (_, guide) => {
    if (guide.kind === "calzado") {
      const lengths = guide.rows.map((row) => row.footCm);
      expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
      expect(new Set(lengths).size).toBe(lengths.length);
      expect(guide.rows.map((row) => row.eu)).toEqual([
        "36",
        "37",
        "38",
        "39",
        "40",
        "41",
        "42",
        "43",
        "44",
        "45",
        "46",
      ]);
    } else {
      expect(guide.rows.map((row) => row.size)).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
      for (const [previous, next] of guide.rows.slice(1).map((row, index) => [guide.rows[index]!, row] as const))
        expect(next.chestCm[0]).toBeGreaterThan(previous.chestCm[1]);
    }
  });

  it("el formulario ofrece la automática primero, cada tabla y «Sin guía» al final", () => {
    expect(SIZE_GUIDE_OPTIONS.map((option) => option.value)).toEqual(SIZE_GUIDE_CHOICES);
    expect(SIZE_GUIDE_OPTIONS[0]).toEqual({ value: "categoria", label: "La de la categoría (automática)" });
    expect(SIZE_GUIDE_OPTIONS.at(-1)).toEqual({ value: "ninguna", label: "Sin guía" });
  });
});

describe("guideForProduct", () => {
  it("unas zapatillas toman la tabla de su marca, escriba el vendedor la marca como la escriba", () => {
    expect(guideForProduct(shoe)).toBe("calzado-asics");
    expect(guideForProduct({ ...shoe, brand: "  BULLPADEL " })).toBe("calzado-bullpadel");
    expect(guideForProduct({ ...shoe, brand: "adidas" })).toBe("calzado-adidas");
  });

  it("unas zapatillas de una marca sin tabla propia toman la general", () => {
    expect(guideForProduct({ ...shoe, brand: "Kelme" })).toBe("calzado-generica");
  });

  it("un producto con tallas de letra toma la de ropa; sin tallas o con otras, ninguna", () => {
    const shirt = { sizeGuide: "categoria", brand: "Nox", specSheet: null, sizes: [{ size: "M" }, { size: "xl" }] };
    expect(guideForProduct(shirt)).toBe("ropa");
    expect(guideForProduct({ ...shirt, sizes: [] })).toBeNull();
    expect(guideForProduct({ ...shirt, sizes: [{ size: "M" }, { size: "Única" }] })).toBeNull();
    expect(guideForProduct({ ...shirt, specSheet: "pala" })).toBe("ropa");
  });

  it("lo que elige el vendedor manda sobre la categoría", () => {
    expect(guideForProduct({ ...shoe, sizeGuide: "calzado-joma" })).toBe("calzado-joma");
    expect(guideForProduct({ ...shoe, sizeGuide: "ninguna" })).toBeNull();
    expect(guideForProduct({ ...shoe, sizeGuide: "ropa" })).toBe("ropa");
    expect(guideForProduct({ ...shoe, sizeGuide: "otra-cosa" })).toBeNull();
  });
});

describe("parseFootLength", () => {
  it.each([
    ["26,5", 26.5],
    ["26.5", 26.5],
    [" 27 ", 27],
    ["27 cm", 27],
    ["15", 15],
    ["35", 35],
  ])("lee «%s» como %d cm", (text, cm) => {
    expect(parseFootLength(text)).toEqual({ ok: true, cm });
  });

  it.each([
    ["", FOOT_LENGTH_MISSING],
    ["   ", FOOT_LENGTH_MISSING],
    ["26,55", FOOT_LENGTH_INVALID],
    ["veintiséis", FOOT_LENGTH_INVALID],
    ["-26", FOOT_LENGTH_INVALID],
    ["14,9", FOOT_LENGTH_OUT_OF_RANGE],
    ["35,1", FOOT_LENGTH_OUT_OF_RANGE],
    ["265", FOOT_LENGTH_OUT_OF_RANGE],
  ])("rechaza «%s» con su mensaje", (text, error) => {
    expect(parseFootLength(text)).toEqual({ ok: false, error });
  });
});

describe("sizeForFoot", () => {
  const general = SIZE_GUIDES["calzado-generica"] as ShoeGuide;
  const asics = SIZE_GUIDES["calzado-asics"] as ShoeGuide;

  it("elige la primera talla cuyo pie llega al del comprador", () => {
    expect(sizeForFoot(general, 26.5)).toMatchObject({ kind: "talla", row: { eu: "42" } });
    expect(sizeForFoot(general, 26.6)).toMatchObject({ kind: "talla", row: { eu: "43" } });
    expect(sizeForFoot(general, 25.9)).toMatchObject({ kind: "talla", row: { eu: "42" } });
    expect(sizeForFoot(asics, 26.6)).toMatchObject({ kind: "talla", row: { eu: "43" } });
    expect(sizeForFoot(asics, 26)).toMatchObject({ kind: "talla", row: { eu: "41" } });
  });

  it("la talla más pequeña abarca un paso por debajo de su longitud; más abajo no hay talla", () => {
    expect(sizeForFoot(general, 21.9)).toMatchObject({ kind: "talla", row: { eu: "36" } });
    expect(sizeForFoot(general, 21.8)).toMatchObject({ kind: "menor", fromCm: 21.8 });
    expect(sizeForFoot(general, 29.2)).toMatchObject({ kind: "talla", row: { eu: "46" } });
    expect(sizeForFoot(general, 29.3)).toMatchObject({ kind: "mayor", largest: { eu: "46" } });
  });

  it("dice la talla y cómo está en el producto, o por qué no hay talla", () => {
    const sizes = [
      { size: "41", stock: 0 },
      { size: "42", stock: 3 },
    ];
    expect(sizeAdviceText(sizeForFoot(general, 26.5), sizes)).toBe(
      "Te recomendamos la talla 42. Está en stock en este producto.",
    );
    expect(sizeAdviceText(sizeForFoot(general, 25.8), sizes)).toBe(
      "Te recomendamos la talla 41. Está agotada en este producto.",
    );
    expect(sizeAdviceText(sizeForFoot(general, 27), sizes)).toBe(
      "Te recomendamos la talla 43. Este producto no se vende en esa talla.",
    );
    expect(sizeAdviceText(sizeForFoot(general, 30), sizes)).toBe(
      "Tu pie es más largo que la talla más grande de esta guía (la 46, hasta 29,2 cm).",
    );
    expect(sizeAdviceText(sizeForFoot(general, 20), sizes)).toBe(
      "Tu pie es más corto que la talla más pequeña de esta guía (la 36, para pies de más de 21,8 cm).",
    );
  });
});

describe("parseBodyMeasures", () => {
  it("lee el pecho y, si se escriben, la cintura y la cadera", () => {
    expect(parseBodyMeasures({ chestCm: "96,5", waistCm: "", hipCm: " 101 cm" })).toEqual({
      ok: true,
      measures: { chestCm: 96.5, hipCm: 101 },
    });
  });

  it("pide el pecho y rechaza lo que no es una medida, cada error en su campo", () => {
    expect(parseBodyMeasures({ chestCm: "", waistCm: "ochenta", hipCm: "39" })).toEqual({
      ok: false,
      errors: {
        chestCm: "Escribe el contorno de tu pecho en centímetros.",
        waistCm: BODY_MEASURE_INVALID,
        hipCm: BODY_MEASURE_OUT_OF_RANGE,
      },
    });
  });
});

describe("sizeForBody", () => {
  const clothing = SIZE_GUIDES.ropa as ClothingGuide;
  const sold = [
    { size: "S", stock: 2 },
    { size: "M", stock: 4 },
    { size: "L", stock: 0 },
  ];

  it("elige la talla cuyo pecho abarca el del comprador", () => {
    expect(sizeForBody(clothing, { chestCm: 96 })).toMatchObject({ kind: "talla", row: { size: "M" }, mixed: false });
    expect(sizeForBody(clothing, { chestCm: 100 })).toMatchObject({ kind: "talla", row: { size: "L" } });
    expect(sizeForBody(clothing, { chestCm: 82 })).toMatchObject({ kind: "talla", row: { size: "XS" } });
  });

  it("entre dos tallas lo dice y recomienda la mayor", () => {
    expect(sizeForBody(clothing, { chestCm: 87.5 })).toMatchObject({
      kind: "entre",
      smaller: { size: "XS" },
      larger: { size: "S" },
      measure: "chestCm",
    });
  });

  it("si la cintura o la cadera piden una talla mayor que el pecho, manda la mayor", () => {
    expect(sizeForBody(clothing, { chestCm: 96, hipCm: 103 })).toMatchObject({
      kind: "talla",
      row: { size: "L" },
      mixed: true,
    });
    expect(sizeForBody(clothing, { chestCm: 96, waistCm: 70 })).toMatchObject({ kind: "talla", row: { size: "M" } });
    expect(sizeForBody(clothing, { chestCm: 80, waistCm: 75 })).toMatchObject({ kind: "talla", row: { size: "S" } });
  });

  it("fuera de la tabla dice por qué medida", () => {
    expect(sizeForBody(clothing, { chestCm: 121 })).toMatchObject({ kind: "mayor", measure: "chestCm" });
    expect(sizeForBody(clothing, { chestCm: 95, hipCm: 125 })).toMatchObject({ kind: "mayor", measure: "hipCm" });
    expect(sizeForBody(clothing, { chestCm: 80 })).toMatchObject({ kind: "menor", smallest: { size: "XS" } });
  });

  it("lo dice con palabras, con el stock del producto en esa talla", () => {
    expect(bodyAdviceText(sizeForBody(clothing, { chestCm: 96 }), sold)).toBe(
      "Te recomendamos la talla M. Está en stock en este producto.",
    );
    expect(bodyAdviceText(sizeForBody(clothing, { chestCm: 96, hipCm: 103 }), sold)).toBe(
      "Te recomendamos la talla L. Tus medidas caen en tallas distintas: es la mayor, para que no te apriete. Está agotada en este producto.",
    );
    expect(bodyAdviceText(sizeForBody(clothing, { chestCm: 93.5 }), sold)).toBe(
      "Por tu pecho estás entre la S y la M: te recomendamos la M, o la S si la prefieres ajustada. Está en stock en este producto.",
    );
    expect(bodyAdviceText(sizeForBody(clothing, { chestCm: 80 }), sold)).toBe(
      "Tus medidas son menores que las de la talla más pequeña de esta guía (la XS, desde 82 cm de pecho).",
    );
    expect(bodyAdviceText(sizeForBody(clothing, { chestCm: 100, waistCm: 110 }), sold)).toBe(
      "Tu cintura pasa de la talla más grande de esta guía (la XXL, hasta 108 cm).",
    );
  });

  it("una tabla propia desordenada va por el pecho", () => {
    const own: ClothingGuide = {
      kind: "ropa",
      name: "Tabla propia de Tienda",
      own: true,
      rows: [
        { size: "G", chestCm: [104, 110], waistCm: [90, 96], hipCm: [104, 110] },
        { size: "P", chestCm: [90, 96], waistCm: [76, 82], hipCm: [90, 96] },
        { size: "M", chestCm: [97, 103], waistCm: [83, 89], hipCm: [97, 103] },
      ],
    };
    expect(sizeForBody(own, { chestCm: 98 })).toMatchObject({ kind: "talla", row: { size: "M" } });
    expect(sizeForBody(own, { chestCm: 96.5 })).toMatchObject({
      kind: "entre",
      smaller: { size: "P" },
      larger: { size: "M" },
    });
  });
});

describe("productGuideRef y resolveGuide", () => {
  const ownShoes = {
    kind: "calzado" as const,
    rows: [
      { eu: "43", uk: "9", us: "10", footCm: 27.5 },
      { eu: "42", uk: "8", us: "9", footCm: 26.8 },
    ],
  };
  const product = {
    ...shoe,
    sizes: [{ size: "42" }, { size: "43" }],
    sizeGuideTable: null,
    shop: { name: "Pista Uno" },
  };

  it("la tabla propia lleva el nombre de la tienda y sus filas por talla EU", () => {
    const ref = productGuideRef({ ...product, sizeGuide: "propia", sizeGuideTable: ownShoes });
    expect(ref).toEqual({ shop: "Pista Uno", table: ownShoes });
    const guide = resolveGuide(ref!);
    expect(guide).toMatchObject({ kind: "calzado", name: "Tabla propia de Pista Uno", own: true });
    expect(guide.rows.map(guideRowSize)).toEqual(["42", "43"]);
    expect(sizeForFoot(guide as ShoeGuide, 27)).toMatchObject({ kind: "talla", row: { eu: "43" } });
  });

  it("sin tallas, o «Tabla propia» sin tabla guardada, no hay guía; si no, la de la categoría", () => {
    expect(productGuideRef({ ...product, sizes: [] })).toBeNull();
    expect(productGuideRef({ ...product, sizeGuide: "propia" })).toBeNull();
    expect(productGuideRef(product)).toBe("calzado-asics");
    expect(resolveGuide("ropa")).toBe(SIZE_GUIDES.ropa);
  });
});
