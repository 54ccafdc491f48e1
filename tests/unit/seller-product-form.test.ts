import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { PRODUCT_IMAGES_MAX } from "#contract/seller-product-labels";
import {
  formEntriesToObject,
  IMAGES_MISSING,
  IMAGES_TOO_MANY,
  NEW_IMAGE_MISSING,
  productFormFields,
  productUpdateFields,
} from "#contract/seller-products";
import { productIntents, specFieldsOf, type ProductFormAnswer, type SheetCategory } from "~/forms/seller-product.forms";
import { addImageOrder, imageReplaceSchema, productAddSchema, productEditSchema } from "~/forms/seller-product.schema";
import { ApiError, ApiUnavailableError } from "~/services/api.server";
import { carriesFiles } from "~/services/form.server";
import { bodyLimitFor, FORM_BODY_LIMIT, PRODUCT_UPLOAD_MAX_BYTES } from "~/services/body-limits.server";
import {
  conformFieldName,
  productFormData,
  productRefusal,
  productFormAnswer,
  typedPrice,
  withoutFiles,
} from "~/services/seller-products.server";
import { suspendedShopMessage } from "~/services/seller.server";

/**
 * The seller's product forms as the web reads them (issue 11): the contract's fields, the spec sheet
 * of the chosen category, the spare size rows a form without JavaScript sends, the images, the
 * multipart body the API receives, and what the form says when the API fails.
 */

const PALAS = "5b1f7a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
const ZAPATILLAS = "6c2a8b4f-2d3e-4f6a-9b0c-1d2e3f4a5b6c";
const PELOTAS = "7d3b9c5a-3e4f-4a7b-8c1d-2e3f4a5b6c7d";
const categories: SheetCategory[] = [
  { _id: PALAS, name: "Palas", specSheet: "pala" },
  { _id: ZAPATILLAS, name: "Zapatillas", specSheet: "zapatilla" },
  { _id: PELOTAS, name: "Pelotas", specSheet: null },
];

const png = (name = "pala.png", size = 64) => new File([new Uint8Array(size).fill(0x89)], name, { type: "image/png" });

function errorsOf(submission: object): Record<string, string[] | null> | undefined {
  return "error" in submission ? (submission.error as Record<string, string[] | null> | undefined) : undefined;
}

const racket = {
  name: "Pala Vértice Carbono 12K",
  categoryId: PALAS,
  brand: "Vértice",
  price: "189,95",
  discount: "10",
  color: "Negro",
  tag: "Novedad",
  description: "Pala de diamante para juego ofensivo, con cara de carbono 12K y núcleo EVA Hard.",
  lowStockThreshold: "2",
  stock: "12",
  "specs.forma": "Diamante",
  "specs.peso": "360-375 g",
  "specs.balance": "Alto",
  "specs.nucleo": "EVA Hard",
  "specs.cara": "Carbono 12K",
  "specs.nivel": "Avanzado",
};

/** A form as the browser sends it: the fields, three spare size rows, and the files (an empty input sends one empty part). */
function formOf(fields: Record<string, string>, images: File[] = [png()], options: { spareRows?: number } = {}) {
  const form = new FormData();
  form.set("intent", "guardar-producto");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const first = Object.keys(fields).filter((name) => name.startsWith("sizes[")).length / 2;
  for (let row = first; row < first + (options.spareRows ?? 3); row++) {
    form.set(`sizes[${row}].size`, "");
    form.set(`sizes[${row}].stock`, "");
  }
  if (images.length === 0) form.append("images", new File([], ""), "");
  for (const image of images) form.append("images", image);
  return form;
}

/** A shoe in 41, 42 and 43, typed after the racket's sheet (whose values stay in the form). */
const shoe = {
  ...racket,
  name: "Zapatilla Rally Omni",
  categoryId: ZAPATILLAS,
  stock: "",
  "specs.forma": "",
  "specs.peso": "",
  "specs.balance": "",
  "specs.nucleo": "",
  "specs.cara": "",
  "specs.nivel": "",
  "specs.suela": "Omni",
  "specs.superficie": "Césped artificial",
  "sizes[0].size": "41",
  "sizes[0].stock": "4",
  "sizes[1].size": "42",
  "sizes[1].stock": "5",
  "sizes[2].size": "43",
  "sizes[2].stock": "0",
};
const addSchema = productAddSchema(categories);

describe("formulario de producto del vendedor", () => {
  it("acepta una pala con su ficha y dos imágenes; el precio se lee en centavos y las filas de talla vacías no cuentan", () => {
    const submission = parseWithZod(formOf(racket, [png("frente.png"), png("perfil.png")]), { schema: addSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      name: "Pala Vértice Carbono 12K",
      price: 18995,
      discount: 10,
      stock: 12,
      sizes: [],
      lowStockThreshold: 2,
    });
    expect(submission.value.specs).toEqual({
      forma: "Diamante",
      peso: "360-375 g",
      balance: "Alto",
      nucleo: "EVA Hard",
      cara: "Carbono 12K",
      nivel: "Avanzado",
    });
    expect(submission.value.images.map((image) => image.name)).toEqual(["frente.png", "perfil.png"]);
  });

  it("una zapatilla con tres tallas, cada una con su stock, y la ficha de zapatilla", () => {
    const submission = parseWithZod(formOf(shoe), { schema: addSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.sizes).toEqual([
      { size: "41", stock: 4 },
      { size: "42", stock: 5 },
      { size: "43", stock: 0 },
    ]);
    expect(submission.value.stock).toBeUndefined();
    // The racket's values typed before the category changed are not the shoe's.
    expect(submission.value.specs).toEqual({ suela: "Omni", superficie: "Césped artificial" });
  });

  it("sin nombre, con un precio mal escrito o sin imágenes, cada campo dice qué falta", () => {
    const { name: _name, ...withoutName } = racket;
    const submission = parseWithZod(formOf({ ...withoutName, price: "doce" }, []), { schema: addSchema });
    expect(submission.status).toBe("error");
    const errors = errorsOf(submission);
    expect(errors?.name).toEqual(["Escribe el nombre del producto."]);
    expect(errors?.price?.[0]).toMatch(/^Escribe el precio en dólares/);
    expect(errors?.images).toEqual([IMAGES_MISSING]);
    const tooMany = parseWithZod(
      formOf(
        racket,
        Array.from({ length: PRODUCT_IMAGES_MAX + 1 }, (_, index) => png(`foto-${index}.png`)),
      ),
      { schema: addSchema },
    );
    expect(errorsOf(tooMany)?.images).toEqual([IMAGES_TOO_MANY]);
  });

  it("la ficha de la categoría es obligatoria y sus valores salen de la lista", () => {
    const submission = parseWithZod(formOf({ ...racket, "specs.forma": "", "specs.balance": "Altísimo" }), {
      schema: addSchema,
    });
    const errors = errorsOf(submission);
    expect(errors?.["specs.forma"]?.[0]).toMatch(/^Elige forma/);
    expect(errors?.["specs.balance"]?.[0]).toMatch(/^Elige un valor de balance/);
    // A category without a sheet takes none.
    expect(parseWithZod(formOf({ ...racket, categoryId: PELOTAS }), { schema: addSchema }).status).toBe("success");
    expect(specFieldsOf(categories, PALAS).map((field) => field.key)).toEqual([
      "forma",
      "peso",
      "balance",
      "nucleo",
      "cara",
      "nivel",
    ]);
    expect(specFieldsOf(categories, "otra")).toEqual([]);
  });

  it("con tallas, el total escrito debe ser su suma; sin tallas, el stock; sin tallas repetidas", () => {
    const mismatch = parseWithZod(
      formOf({
        ...racket,
        stock: "10",
        "sizes[0].size": "M",
        "sizes[0].stock": "3",
        "sizes[1].size": "L",
        "sizes[1].stock": "6",
      }),
      { schema: addSchema },
    );
    expect(errorsOf(mismatch)?.stock).toEqual(["El stock total (10) no coincide con la suma de las tallas (9)."]);
    const matching = parseWithZod(
      formOf({
        ...racket,
        stock: "9",
        "sizes[0].size": "M",
        "sizes[0].stock": "3",
        "sizes[1].size": "L",
        "sizes[1].stock": "6",
      }),
      { schema: addSchema },
    );
    expect(errorsOf(matching)?.stock).toBeUndefined();
    const neither = parseWithZod(formOf({ ...racket, stock: "" }), { schema: addSchema });
    expect(errorsOf(neither)?.stock?.[0]).toMatch(/^Escribe el stock del producto/);
    const repeated = parseWithZod(
      formOf({
        ...racket,
        stock: "",
        "sizes[0].size": "42",
        "sizes[0].stock": "1",
        "sizes[1].size": "42",
        "sizes[1].stock": "2",
      }),
      { schema: addSchema },
    );
    expect(errorsOf(repeated)?.["sizes[1].size"]).toEqual(["Las tallas no pueden repetirse."]);
    const sizeWithoutStock = parseWithZod(
      formOf({ ...racket, stock: "", "sizes[0].size": "42", "sizes[0].stock": "" }),
      { schema: addSchema },
    );
    expect(errorsOf(sizeWithoutStock)?.["sizes[0].stock"]).toEqual(["Escribe el stock de la talla."]);
  });

  it("un solo envío muestra todos los errores: los de la ficha, las tallas y las imágenes no esperan a que el resto esté bien", () => {
    const { name: _name, ...withoutName } = racket;
    const sized = {
      ...withoutName,
      stock: "10",
      "specs.forma": "",
      "sizes[0].size": "42",
      "sizes[0].stock": "3",
      "sizes[1].size": "42",
      "sizes[1].stock": "6",
    };
    const errors = errorsOf(parseWithZod(formOf(sized, []), { schema: addSchema }));
    expect(errors?.name).toEqual(["Escribe el nombre del producto."]);
    expect(errors?.["specs.forma"]?.[0]).toMatch(/^Elige forma/);
    expect(errors?.["sizes[1].size"]).toEqual(["Las tallas no pueden repetirse."]);
    expect(errors?.stock).toEqual(["El stock total (10) no coincide con la suma de las tallas (9)."]);
    expect(errors?.images).toEqual([IMAGES_MISSING]);
    // A category the page does not offer is refused once, by the form; a missing one once, by the contract.
    const otherCategory = errorsOf(
      parseWithZod(formOf({ ...racket, categoryId: "0a0b0c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d" }), { schema: addSchema }),
    );
    expect(otherCategory?.categoryId).toEqual(["Elige la categoría del producto."]);
    expect(errorsOf(parseWithZod(formOf({ ...racket, categoryId: "" }), { schema: addSchema }))?.categoryId).toEqual([
      "Elige la categoría del producto.",
    ]);
    const editSchema = productEditSchema(categories);
    const edited = errorsOf(
      parseWithZod(formOf({ ...withoutName, productId: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d" }, []), {
        schema: editSchema,
      }),
    );
    expect(edited?.name).toEqual(["Escribe el nombre del producto."]);
    expect(edited?.images).toEqual([IMAGES_MISSING]);
  });

  it("al editar, las imágenes guardadas y las nuevas suman de una a ocho", () => {
    const editSchema = productEditSchema(categories);
    const stored = ["8e4c0d6b-4f5a-4b8c-9d2e-3f4a5b6c7d8e", "9f5d1e7c-5a6b-4c9d-8e3f-4a5b6c7d8e9f"];
    const fields = {
      ...racket,
      productId: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
      stockVersion: "3",
      "imageOrder[0]": stored[1]!,
      "imageOrder[1]": stored[0]!,
    };
    const submission = parseWithZod(formOf(fields, []), { schema: editSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.imageOrder).toEqual([stored[1], stored[0]]);
    expect(submission.value.stockVersion).toBe(3);
    const { "imageOrder[0]": _first, "imageOrder[1]": _second, ...noImages } = fields;
    expect(errorsOf(parseWithZod(formOf(noImages, []), { schema: editSchema }))?.images).toEqual([IMAGES_MISSING]);
    const crowded = parseWithZod(
      formOf(
        fields,
        Array.from({ length: 7 }, (_, index) => png(`n-${index}.png`)),
      ),
      { schema: editSchema },
    );
    expect(errorsOf(crowded)?.images).toEqual([IMAGES_TOO_MANY]);
  });

  it("el cuerpo que recibe la API lo lee el esquema del contrato tal cual (sin archivos) y lleva el orden de las imágenes", () => {
    const editSchema = productEditSchema(categories);
    const stored = "8e4c0d6b-4f5a-4b8c-9d2e-3f4a5b6c7d8e";
    const productId = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
    const submission = parseWithZod(formOf({ ...racket, productId, "imageOrder[0]": stored }, [png("nueva.png")]), {
      schema: editSchema,
    });
    if (submission.status !== "success") throw new Error("el formulario debía ser válido");
    const body = productFormData(submission.value, { productId, stockVersion: 7 });
    expect(body.getAll("imageOrder")).toEqual([stored, "nueva:0"]);
    expect((body.getAll("images") as File[]).map((file) => file.name)).toEqual(["nueva.png"]);
    expect(body.get("price")).toBe("189.95");
    const text = [...body.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string");
    const parsed = productUpdateFields.safeParse(formEntriesToObject(text));
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data).toMatchObject({ productId, price: 18995, stockVersion: 7, specs: { forma: "Diamante" } });

    const added = parseWithZod(formOf(racket, [png()]), { schema: addSchema });
    if (added.status !== "success") throw new Error("el formulario debía ser válido");
    const addBody = productFormData(added.value);
    expect(addBody.has("imageOrder")).toBe(false);
    const addText = [...addBody.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string");
    expect(productFormFields.safeParse(formEntriesToObject(addText)).success).toBe(true);
  });

  it("la tabla propia lleva una fila por talla, con el tipo de la categoría, y viaja a la API tal cual", () => {
    const ownShoe = {
      ...shoe,
      sizeGuide: "propia",
      // Rows follow the sizes by name: 43's row came first, and the kind the page had is ignored.
      "sizeGuideTable.kind": "ropa",
      "sizeGuideTable.rows[0].size": "43",
      "sizeGuideTable.rows[0].uk": "9",
      "sizeGuideTable.rows[0].us": "10",
      "sizeGuideTable.rows[0].footCm": "27,4",
      "sizeGuideTable.rows[1].size": "41",
      "sizeGuideTable.rows[1].uk": "7",
      "sizeGuideTable.rows[1].us": "8",
      "sizeGuideTable.rows[1].footCm": "25,8",
      "sizeGuideTable.rows[2].size": "42",
      "sizeGuideTable.rows[2].uk": "8",
      "sizeGuideTable.rows[2].us": "9",
      "sizeGuideTable.rows[2].footCm": "26,6",
      // A row of a size no longer in the form goes.
      "sizeGuideTable.rows[3].size": "40",
      "sizeGuideTable.rows[3].uk": "6",
    };
    const submission = parseWithZod(formOf(ownShoe), { schema: addSchema });
    if (submission.status !== "success") throw new Error(JSON.stringify(errorsOf(submission)));
    expect(submission.value.sizeGuideTable).toEqual({
      kind: "calzado",
      rows: [
        { eu: "41", uk: "7", us: "8", footCm: 25.8 },
        { eu: "42", uk: "8", us: "9", footCm: 26.6 },
        { eu: "43", uk: "9", us: "10", footCm: 27.4 },
      ],
    });
    const text = [...productFormData(submission.value).entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    );
    const parsed = productFormFields.safeParse(formEntriesToObject(text));
    expect(parsed.success && parsed.data.sizeGuideTable).toEqual(submission.value.sizeGuideTable);

    // A size typed in the same post (no JavaScript) has an empty row: its refusals land on it.
    const grown = parseWithZod(formOf({ ...ownShoe, "sizes[3].size": "44", "sizes[3].stock": "1" }), {
      schema: addSchema,
    });
    expect(errorsOf(grown)).toEqual({
      "sizeGuideTable.rows[3].uk": ["Escribe la talla UK."],
      "sizeGuideTable.rows[3].us": ["Escribe la talla US."],
      "sizeGuideTable.rows[3].footCm": ["Escribe la longitud del pie en cm."],
    });
    const shrinking = parseWithZod(formOf({ ...ownShoe, "sizeGuideTable.rows[2].footCm": "25,8" }), {
      schema: addSchema,
    });
    expect(errorsOf(shrinking)).toEqual({
      // The form's row of 42 (its second size), whatever place it had in the post.
      "sizeGuideTable.rows[1].footCm": ["El pie de la talla 42 debe ser más largo que el de la 41 (25,8 cm)."],
    });

    // Another choice: what was typed in the table is not sent.
    const other = parseWithZod(formOf({ ...ownShoe, sizeGuide: "categoria" }), { schema: addSchema });
    if (other.status !== "success") throw new Error("el formulario debía ser válido");
    expect(other.value.sizeGuideTable).toBeUndefined();
    expect(productFormData(other.value).has("sizeGuideTable.kind")).toBe(false);
  });

  it("sin JavaScript se elige la imagen principal entre las elegidas y viaja como orden de las imágenes", () => {
    expect(addImageOrder(3, 4)).toEqual(["nueva:2", "nueva:0", "nueva:1", "nueva:3"]);
    expect(addImageOrder(1, 4)).toBeUndefined();
    expect(addImageOrder(undefined, 2)).toBeUndefined();
    const beyond = parseWithZod(formOf({ ...racket, mainImage: "3" }, [png("a.png"), png("b.png")]), {
      schema: addSchema,
    });
    expect(errorsOf(beyond)?.mainImage).toEqual(["Solo elegiste 2 imágenes: la principal debe ser una de ellas."]);
    const second = parseWithZod(formOf({ ...racket, mainImage: "2" }, [png("a.png"), png("b.png")]), {
      schema: addSchema,
    });
    if (second.status !== "success") throw new Error("el formulario debía ser válido");
    const body = productFormData(second.value);
    expect(body.getAll("imageOrder")).toEqual(["nueva:1", "nueva:0"]);
    const text = [...body.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string");
    expect(productFormFields.safeParse(formEntriesToObject(text)).data?.imageOrder).toEqual(["nueva:1", "nueva:0"]);
  });

  it("el precio vuelve al formulario como se escribe y los archivos no vuelven a la página", () => {
    expect(typedPrice(18995)).toBe("189,95");
    expect(typedPrice(100)).toBe("1,00");
    expect(withoutFiles({ name: "Pala", images: [png()], sizes: [{ size: "41" }] })).toEqual({
      name: "Pala",
      sizes: [{ size: "41" }],
    });
  });

  it("reemplazar una imagen pide el archivo nuevo", () => {
    const form = new FormData();
    form.set("productId", "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d");
    form.set("oldImage", "8e4c0d6b-4f5a-4b8c-9d2e-3f4a5b6c7d8e");
    form.append("newImage", new File([], ""), "");
    expect(errorsOf(parseWithZod(form, { schema: imageReplaceSchema }))?.newImage).toEqual([NEW_IMAGE_MISSING]);
    form.set("newImage", png("otra.png"));
    expect(parseWithZod(form, { schema: imageReplaceSchema }).status).toBe("success");
  });
});

describe("respuestas de la API al formulario de producto", () => {
  it("sin API, con un tiempo agotado o con un 5xx el formulario dice 'Error de red o servidor'", () => {
    expect(productRefusal(new ApiUnavailableError(new Error("timeout")), ["name"])).toMatchObject({
      status: 503,
      formErrors: [NETWORK_OR_SERVER_ERROR],
    });
    expect(productRefusal(new ApiError(500, "Error interno del servidor."), ["name"])).toMatchObject({
      status: 503,
      formErrors: [NETWORK_OR_SERVER_ERROR],
    });
  });

  it("sin categorías (API caída) el formulario vuelve con lo escrito, sin archivos, y 'Error de red o servidor'", () => {
    const form = formOf(racket, [png()]);
    const submission = parseWithZod(form, { schema: productAddSchema([]) });
    const answer = productFormAnswer(
      { intent: productIntents.save, formData: form, reply: submission.reply },
      { unreachable: true },
    ) as unknown as { data: ProductFormAnswer; init: { status: number } };
    expect(answer.init.status).toBe(503);
    expect(answer.data.intent).toBe(productIntents.save);
    expect(answer.data.filesLost).toBe(true);
    expect(answer.data.result?.error).toEqual({ "": [NETWORK_OR_SERVER_ERROR] });
    expect(answer.data.result?.initialValue).toMatchObject({ name: racket.name, brand: racket.brand, price: "189,95" });
    expect(answer.data.result?.initialValue).not.toHaveProperty("images");
  });

  it("el formulario pide elegir las imágenes otra vez solo si el envío llevaba alguna", () => {
    const withoutImages = formOf(racket, []);
    const answer = productFormAnswer(
      {
        intent: productIntents.save,
        formData: withoutImages,
        reply: parseWithZod(withoutImages, { schema: productAddSchema([]) }).reply,
      },
      { status: 400 },
    ) as unknown as { data: ProductFormAnswer };
    expect(answer.data.filesLost).toBe(false);
    // The empty file input a browser sends when nothing was chosen is no file.
    expect(carriesFiles(withoutImages)).toBe(false);
    expect(carriesFiles(formOf(racket, [png()]))).toBe(true);
  });

  it("«Actualizar ficha» y los botones de filas solo vuelven a dibujar el formulario: lo escrito, sin errores, a nombre del formulario", () => {
    const form = formOf({ ...racket, name: "", "specs.forma": "" }, [png()]);
    form.set("intent", productIntents.refreshSheet);
    const submission = parseWithZod(form, { schema: productAddSchema(categories) });
    const answer = productFormAnswer(
      { intent: productIntents.refreshSheet, formData: form, reply: submission.reply },
      { keepOnly: true },
    ) as unknown as { data: ProductFormAnswer; init: { status: number } };
    expect(answer.init.status).toBe(200);
    expect(answer.data.intent).toBe(productIntents.save);
    expect(answer.data.filesLost).toBe(true);
    expect(answer.data.result?.error).toBeUndefined();
    expect(answer.data.result?.initialValue).toMatchObject({ brand: racket.brand, price: "189,95" });
    expect(answer.data.result?.initialValue).not.toHaveProperty("images");
  });

  it("los errores por campo de la API van junto a su campo, con los nombres de Conform", () => {
    const error = new ApiError(400, "Revise los datos.", [
      { field: "sizes.1.size", message: "Las tallas no pueden repetirse." },
      { field: "specs.forma", message: "Elige forma." },
      { field: "otro", message: "Algo más." },
    ]);
    expect(productRefusal(error, ["sizes", "specs"])).toEqual({
      status: 400,
      formErrors: ["Algo más."],
      fieldErrors: { "sizes[1].size": ["Las tallas no pueden repetirse."], "specs.forma": ["Elige forma."] },
    });
    expect(conformFieldName("sizes[0].stock")).toBe("sizes[0].stock");
  });

  it("una tienda suspendida ve el motivo en cada acción", () => {
    const message = suspendedShopMessage("Documentación caducada.");
    expect(message).toContain("Tu tienda está suspendida");
    expect(message).toContain("Motivo: Documentación caducada.");
    expect(suspendedShopMessage(null)).not.toContain("Motivo");
  });

  it("las páginas de producto aceptan ocho imágenes; las demás del área, un formulario normal", () => {
    expect(bodyLimitFor("/dashboard/seller/add-product")).toBe(PRODUCT_UPLOAD_MAX_BYTES);
    expect(bodyLimitFor("/dashboard/seller/edit-product/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d.data")).toBe(
      PRODUCT_UPLOAD_MAX_BYTES,
    );
    expect(bodyLimitFor("/dashboard/seller/products")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/dashboard/seller/edit-product/x/y")).toBe(FORM_BODY_LIMIT);
  });
});
