import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CATEGORY_HIDDEN_FOR_PRODUCTS } from "#contract/categories";
import { FORBIDDEN } from "#contract/messages";
import { PUBLISH_REFUSED_ADMIN_HIDDEN } from "#contract/product-moderation";
import {
  IMPORT_FILE_EMPTY,
  IMPORT_FILE_NOT_CSV,
  IMPORT_ID_INVALID,
  IMPORT_ID_NOT_YOURS,
  IMPORT_NEW_NOT_PUBLISHED,
  IMPORT_NOTHING_VALID,
  IMPORT_SIZES_FORMAT,
  IMPORT_SPECS_FORMAT,
  importColumnsMissing,
  importIdRepeated,
  importRowCells,
} from "#contract/product-import";
import { CATEGORY_NOT_FOUND, publishWithoutImages } from "#contract/seller-products";
import { auditLog, categories, productSizes, products, shops, stockMovements } from "../../api/src/db/schema";
import { applyImport } from "../../api/src/modules/product-import/service";
import { useTwoShops } from "./notifications-support";
import { signedInUser, type Customer } from "./orders-support";
import { importCsv, newBallsRow, type ImportRow } from "./product-import-support";
import { FAILED_BEFORE_COMMIT, failingBeforeCommit, insertOwnBalls } from "./support";

/**
 * Issue 34, a seller's catalogue brought back from a CSV file (decision 0054): every row checked
 * by the product form's rules and refused by line and column; apply writes only the valid rows, in
 * one transaction, of the caller's own shop.
 */
describe("importar productos desde un CSV", () => {
  const suite = useTwoShops({});
  const post = (caller: Customer, url: string, csv: unknown) =>
    suite.api.app.inject({ method: "POST", url, headers: caller.headers, payload: { csv } });
  const preview = (caller: Customer, csv: string) => post(caller, "/seller/products/import", csv);
  const apply = (caller: Customer, csv: string) => post(caller, "/seller/products/import/apply", csv);
  const shopProducts = (name: string) =>
    suite.api.db
      .select({ id: products.id, name: products.name, state: products.state, stock: products.stock })
      .from(products)
      .where(like(products.name, `${name}%`));

  it("crea las filas sin ID y actualiza las de la tienda, con tallas, ficha y estado", async () => {
    const { api, catalogue, sellers } = suite;
    const own = await insertOwnBalls(api.db, catalogue, "importar-propio", {
      shopId: catalogue.shops.smash.id,
      stock: 0,
    });
    const rows: ImportRow[] = [
      newBallsRow("Importada Uno", { sizes: "M: 2 | L: 3", stock: "5" }),
      newBallsRow("Importada Dos", { state: "" }),
      newBallsRow("Importada Pala", {
        category: "palas",
        specs: "forma: Redonda | peso: 345-360 g | balance: Medio | nucleo: EVA | cara: Carbono | nivel: Intermedio",
        state: "oculto",
        price: "1.299,95",
      }),
      newBallsRow("Importada Renombrada", {
        id: own.id,
        state: "publicado",
        stock: "7",
        price: "9,99",
        discount: "10",
      }),
    ];
    const csv = importCsv(rows);
    const previewed = await preview(sellers.smash, csv);
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json()).toEqual({
      rows: 4,
      creates: 3,
      updates: 1,
      skippedLines: [],
      refusals: [],
      refusalCount: 0,
    });
    // The preview wrote nothing.
    expect(await shopProducts("Importada")).toEqual([]);

    const applied = await apply(sellers.smash, csv);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({
      message: "Importados: 3 nuevos, 1 actualizado.",
      created: 3,
      updated: 1,
      skipped: 0,
    });
    const created = await shopProducts("Importada");
    expect(created.map((row) => [row.name, row.state, row.stock]).sort()).toEqual([
      ["Importada Dos", "borrador", 10],
      ["Importada Pala", "oculto", 10],
      ["Importada Renombrada", "publicado", 7],
      ["Importada Uno", "borrador", 5],
    ]);
    const [renamed] = await api.db.select().from(products).where(eq(products.id, own.id));
    expect(renamed).toMatchObject({
      name: "Importada Renombrada",
      slug: "importada-renombrada",
      price: 999,
      discount: 10,
      shopId: catalogue.shops.smash.id,
    });
    const [pala] = await api.db.select().from(products).where(eq(products.name, "Importada Pala"));
    expect(pala).toMatchObject({ price: 129_995, specs: { forma: "Redonda", balance: "Medio" } });
    const uno = created.find((row) => row.name === "Importada Uno")!;
    expect(
      await api.db
        .select({ size: productSizes.size, stock: productSizes.stock })
        .from(productSizes)
        .where(eq(productSizes.productId, uno.id))
        .orderBy(productSizes.position),
    ).toEqual([
      { size: "M", stock: 2 },
      { size: "L", stock: 3 },
    ]);
    // The stock change is a movement of the seller, as the stock screen's.
    const movements = await api.db.select().from(stockMovements).where(eq(stockMovements.productId, own.id));
    expect(movements.at(-1)).toMatchObject({ change: 7, stockAfter: 7, kind: "ajuste", actorId: sellers.smash.id });
    // One audit entry with the counts.
    const audit = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "producto.importar"), eq(auditLog.entityId, catalogue.shops.smash.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ created: 3, updated: 1, skipped: 0, updatedIds: [own.id] });

    // An imported draft has no picture yet: publishing it in bulk is refused by name.
    const published = await api.app.inject({
      method: "POST",
      url: "/seller/products/bulk",
      headers: sellers.smash.headers,
      payload: { action: { kind: "publicar" }, ids: [uno.id] },
    });
    expect([published.statusCode, published.json().message]).toEqual([409, publishWithoutImages("Importada Uno")]);
  });

  it("dice cada rechazo por línea y columna, con los mensajes del formulario, y aplica solo las filas válidas", async () => {
    const { api, catalogue, sellers } = suite;
    const centroProduct = await insertOwnBalls(api.db, catalogue, "importar-ajeno");
    const hidden = await insertOwnBalls(api.db, catalogue, "importar-oculto-admin", {
      shopId: catalogue.shops.smash.id,
    });
    await api.db
      .update(products)
      .set({ state: "oculto", adminHiddenAt: new Date(), adminHiddenReason: "Fotos engañosas" })
      .where(eq(products.id, hidden.id));
    await api.db.insert(categories).values({ name: "Retirada", slug: "retirada", hidden: true });
    const rows: ImportRow[] = [
      newBallsRow("Rechazos Válida"), // line 2
      newBallsRow("Rechazos Precio", { price: "doce" }), // 3
      newBallsRow("Rechazos Categoría", { category: "no-existe" }), // 4
      newBallsRow("Rechazos Oculta", { category: "retirada" }), // 5
      newBallsRow("Rechazos Ajeno", { id: centroProduct.id }), // 6
      newBallsRow("Rechazos ID", { id: "123" }), // 7
      newBallsRow("Rechazos Tallas", { sizes: "M 2, L 3" }), // 8
      newBallsRow("Rechazos Suma", { sizes: "M: 2 | L: 3", stock: "9" }), // 9
      newBallsRow("Rechazos Ficha", { category: "palas", specs: "forma: Cuadrada" }), // 10
      newBallsRow("Rechazos Formato Ficha", { specs: "sin dos puntos" }), // 11
      newBallsRow("Rechazos Estado", { state: "vendido" }), // 12
      newBallsRow("Rechazos Publicado", { state: "publicado" }), // 13
      newBallsRow("Rechazos Admin", { id: hidden.id, state: "publicado" }), // 14
      newBallsRow("Rechazos Repetido", { id: hidden.id, state: "oculto" }), // 15
      newBallsRow("No", { description: "Corta" }), // 16: two columns
    ];
    const csv = importCsv(rows).replace(/\r\n$/, "\r\nsobra;;;;;;;;;;;;;;;x\r\n"); // 17: too many cells
    const response = await preview(sellers.smash, csv);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ rows: 16, creates: 1, updates: 0 });
    expect(answer.skippedLines).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    const said = (line: number) =>
      (answer.refusals as { line: number; column: string | null; message: string }[])
        .filter((refusal) => refusal.line === line)
        .map((refusal) => [refusal.column, refusal.message]);
    expect(said(3)).toEqual([
      ["Precio", "Escribe el precio en dólares, con hasta dos decimales (por ejemplo 129,95)."],
    ]);
    expect(said(4)).toEqual([["Categoría", CATEGORY_NOT_FOUND]]);
    expect(said(5)).toEqual([["Categoría", CATEGORY_HIDDEN_FOR_PRODUCTS]]);
    expect(said(6)).toEqual([["ID", IMPORT_ID_NOT_YOURS]]);
    expect(said(7)).toEqual([["ID", IMPORT_ID_INVALID]]);
    expect(said(8)).toEqual([["Tallas", IMPORT_SIZES_FORMAT]]);
    expect(said(9)).toEqual([["Stock", "El stock total (9) no coincide con la suma de las tallas (5)."]]);
    expect(said(10)).toContainEqual(["Ficha técnica", "Elige un valor de forma de la lista."]);
    expect(said(10)).toContainEqual(["Ficha técnica", "Elige peso: es parte de la ficha de la categoría."]);
    expect(said(11)).toEqual([["Ficha técnica", IMPORT_SPECS_FORMAT]]);
    expect(said(12)).toEqual([["Estado", "Elige si el producto es un borrador, está publicado o está oculto."]]);
    expect(said(13)).toEqual([["Estado", IMPORT_NEW_NOT_PUBLISHED]]);
    expect(said(14)).toEqual([["Estado", PUBLISH_REFUSED_ADMIN_HIDDEN]]);
    expect(said(15)).toEqual([["ID", importIdRepeated(14)]]);
    expect(said(16)).toEqual([
      ["Nombre", "El nombre debe tener al menos 3 caracteres."],
      ["Descripción", "La descripción debe tener al menos 20 caracteres."],
    ]);
    expect(said(17)).toEqual([[null, importRowCells(16, 14)]]);

    const applied = await apply(sellers.smash, csv);
    expect(applied.json()).toMatchObject({ created: 1, updated: 0, skipped: 15 });
    expect((await shopProducts("Rechazos")).map((row) => row.name)).toEqual(["Rechazos Válida"]);
    // Another shop's product is untouched.
    const [untouched] = await api.db.select().from(products).where(eq(products.id, centroProduct.id));
    expect(untouched!.name).toBe("Pelotas importar-ajeno");
  });

  it("un archivo que no se puede leer, o sin filas válidas, no cambia nada y lo dice en el campo del archivo", async () => {
    const { api, sellers } = suite;
    const before = await api.db.select({ id: products.id }).from(products);
    const cases: [string, string][] = [
      ["", IMPORT_FILE_EMPTY],
      ["\uFEFF  \r\n", IMPORT_FILE_EMPTY],
      ['ID;Nombre\r\n"sin cerrar;x\r\n', IMPORT_FILE_NOT_CSV],
      [
        "ID;Nombre;Precio\r\n;Algo;1\r\n",
        importColumnsMissing([
          "Categoría",
          "Marca",
          "Descuento",
          "Color",
          "Etiqueta",
          "Descripción",
          "Estado",
          "Aviso de stock bajo",
          "Stock",
          "Tallas",
          "Ficha técnica",
        ]),
      ],
    ];
    for (const [csv, message] of cases) {
      for (const call of [preview, apply]) {
        const response = await call(sellers.smash, csv);
        expect(response.statusCode, csv).toBe(400);
        expect(response.json().errors, csv).toEqual([{ field: "csv", message }]);
      }
    }
    const allRefused = importCsv([newBallsRow("Nada", { price: "" })]);
    const response = await apply(sellers.smash, allRefused);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: "csv", message: IMPORT_NOTHING_VALID }]);
    expect(await api.db.select({ id: products.id }).from(products)).toHaveLength(before.length);
  });

  it("lee comas como separador, sin BOM, y quita el apóstrofo que la descarga pone a una fórmula", async () => {
    const { api, sellers } = suite;
    const csv = importCsv([newBallsRow("Coma Fórmula", { tag: "'=Oferta", price: "12.50" })], {
      bom: false,
      delimiter: ",",
    });
    const response = await apply(sellers.smash, csv);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await api.db
      .select({ tag: products.tag, price: products.price })
      .from(products)
      .where(eq(products.name, "Coma Fórmula"));
    expect(row).toEqual({ tag: "=Oferta", price: 1250 });
  });

  it("si la transacción falla, no queda nada de la importación", async () => {
    const { api, catalogue, sellers } = suite;
    const own = await insertOwnBalls(api.db, catalogue, "importar-todo-o-nada", {
      shopId: catalogue.shops.smash.id,
      stock: 4,
    });
    const csv = importCsv([newBallsRow("Todo O Nada Nueva"), newBallsRow("Todo O Nada", { id: own.id, stock: "40" })]);
    const seller = { id: sellers.smash.id, role: "seller" as const };
    await expect(
      applyImport(failingBeforeCommit(api.db), seller as never, csv, { publicWebUrl: "http://x" } as never),
    ).rejects.toThrow(FAILED_BEFORE_COMMIT);
    expect(await shopProducts("Todo O Nada")).toEqual([]);
    const [kept] = await api.db.select().from(products).where(eq(products.id, own.id));
    expect(kept).toMatchObject({ name: "Pelotas importar-todo-o-nada", stock: 4 });
  });

  it("solo un vendedor con la tienda aprobada importa", async () => {
    const { api, sellers, catalogue } = suite;
    const csv = importCsv([newBallsRow("Quien Importa")]);
    for (const role of ["customer", "admin"] as const) {
      const caller = await signedInUser(api.db, role);
      for (const call of [preview, apply]) {
        const response = await call(caller, csv);
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(FORBIDDEN);
      }
    }
    await api.db.update(shops).set({ status: "pendiente" }).where(eq(shops.id, catalogue.shops.smash.id));
    try {
      expect((await preview(sellers.smash, csv)).statusCode).toBe(403);
      expect((await apply(sellers.smash, csv)).statusCode).toBe(403);
    } finally {
      await api.db.update(shops).set({ status: "aprobada" }).where(eq(shops.id, catalogue.shops.smash.id));
    }
    expect(await shopProducts("Quien Importa")).toEqual([]);
  });
});

describe("importar 5.000 filas de una vez", () => {
  const suite = useTwoShops({});

  it("crea 5.000 productos y luego los actualiza por su ID, con tallas y stock", async () => {
    const { api, catalogue, sellers } = suite;
    const names = Array.from({ length: 5_000 }, (_, index) => `Lote ${index}`);
    const post = (url: string, csv: string) =>
      api.app.inject({ method: "POST", url, headers: sellers.smash.headers, payload: { csv } });
    const fresh = names.map((name, index) =>
      newBallsRow(name, index % 2 === 0 ? { sizes: "M: 1 | L: 2", stock: "" } : { stock: "3" }),
    );
    const previewed = await post("/seller/products/import", importCsv(fresh));
    expect(previewed.json()).toMatchObject({ rows: 5_000, creates: 5_000, updates: 0, refusalCount: 0 });
    const created = await post("/seller/products/import/apply", importCsv(fresh));
    expect(created.json()).toMatchObject({ created: 5_000, updated: 0, skipped: 0 });

    const ids = new Map(
      (
        await api.db
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(and(eq(products.shopId, catalogue.shops.smash.id), like(products.name, "Lote %")))
      ).map((row) => [row.name, row.id]),
    );
    expect(ids.size).toBe(5_000);
    const updates = fresh.map((row, index) => ({
      ...row,
      id: ids.get(row.name!)!,
      price: "20,00",
      ...(index % 2 === 0 ? { sizes: "M: 5 | XL: 1", stock: "6" } : { stock: "9" }),
    }));
    const updated = await post("/seller/products/import/apply", importCsv(updates));
    expect(updated.json()).toMatchObject({ created: 0, updated: 5_000, skipped: 0 });
    const [sized] = await api.db
      .select()
      .from(products)
      .where(eq(products.id, ids.get("Lote 0")!));
    expect(sized).toMatchObject({ price: 2_000, stock: 6, hasSizes: true });
    const [single] = await api.db
      .select()
      .from(products)
      .where(eq(products.id, ids.get("Lote 1")!));
    expect(single).toMatchObject({ price: 2_000, stock: 9, hasSizes: false });
    // A limit for a slow machine, not a measure: bench/product-import.ts times it.
  }, 120_000);
});
