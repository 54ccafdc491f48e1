import { randomInt, randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN, TOO_MANY_REQUESTS } from "#contract/messages";
import {
  CATEGORY_NOT_FOUND,
  IMAGE_NOT_AN_IMAGE,
  IMAGE_ORDER_INVALID,
  IMAGES_MISSING,
  IMAGES_TOO_MANY,
  OLD_IMAGE_NOT_FOUND,
  PRODUCT_ARCHIVED,
  PRODUCT_DELETED,
  SELLER_PRODUCT_NOT_FOUND,
  SHOP_NOT_SELLING,
  SPEC_NOT_IN_SHEET,
  STOCK_VERSION_STALE,
} from "#contract/seller-products";
import { SHOP_SUSPENDED_NO_WRITES } from "#contract/shops";
import {
  SIZE_GUIDE_AUTOMATIC,
  SIZE_GUIDE_CHOICE_INVALID,
  SIZE_GUIDE_NONE,
  SIZE_GUIDE_OWN,
} from "#contract/size-guides";
import { OWN_TABLE_MISSING, OWN_TABLE_WRONG_KIND } from "#contract/own-size-guide";
import { buildApp, type App } from "../../api/src/app";
import type { Database } from "../../api/src/db/client";
import { openTestDatabase } from "../support/databases";
import {
  auditLog,
  images,
  productSlugHistory,
  products,
  reviews,
  stockMovements,
  users,
} from "../../api/src/db/schema";
import { announceCatalogueChange } from "../../api/src/modules/catalog/changes";
import { placedOrderId, putInCart, signedInAs, signedInUser, type Customer } from "./orders-support";
import { EXE, JPEG, multipart, PNG, WEBP, type Part } from "./shop-support";
import {
  insertCatalogue,
  insertOwnBalls,
  insertProduct,
  insertShop,
  insertUser,
  TEST_RATE_LIMITS,
  testConfig,
  useTestApi,
  type Catalogue,
} from "./support";

/**
 * Seller products (issue 11) on PGlite: who may read and write, every field's Spanish refusal,
 * images judged by content, spec sheets per category, sizes and stock, renames that keep old
 * addresses working, archiving ordered products, the discount list, image swaps and the catalogue
 * caches dropped at once after a write.
 */
describe("productos del vendedor (PGlite)", () => {
  // Caches on (tests run without them by default): a write must drop them.
  const api = useTestApi({ config: { catalogueCacheSeconds: 300 } });
  let catalogue: Catalogue;
  let seller: Customer;
  let otherSeller: Customer;
  let customer: Customer;
  let admin: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    seller = await signedInAs(catalogue.owner.id, "seller");
    otherSeller = await signedInAs(catalogue.smashOwner.id, "seller");
    customer = await signedInUser(api.db);
    admin = await signedInUser(api.db, "admin");
  });

  type Fields = Record<string, string | string[]>;
  const image = (content: Buffer = PNG, filename = "foto.png"): Part => ({
    name: "images",
    filename,
    content,
    type: "image/png",
  });

  /** A valid ball product (no spec sheet, single stock). */
  const ballFields = (overrides: Fields = {}): Fields => ({
    name: `Pelotas Prueba ${randomUUID().slice(0, 8)}`,
    categoryId: catalogue.categories.pelotas.id,
    brand: "Wilson",
    price: "12,50",
    discount: "10",
    color: "Verde",
    tag: "Novedad",
    description: "Bote de tres pelotas presurizadas para entrenar.",
    lowStockThreshold: "2",
    stock: "7",
    ...overrides,
  });

  const toParts = (fields: Fields): Part[] =>
    Object.entries(fields).flatMap(([name, value]) =>
      Array.isArray(value) ? value.map((item) => ({ name, value: item })) : [{ name, value }],
    );

  const send = (url: string, user: Customer | undefined, fields: Fields, files: Part[] = []) => {
    const body = multipart([...toParts(fields), ...files]);
    return api.app.inject({
      method: "POST",
      url,
      headers: { ...(user?.headers ?? {}), ...body.headers },
      payload: body.payload,
    });
  };
  const add = (user: Customer | undefined, fields: Fields, files: Part[] = [image()]) =>
    send("/product-add", user, fields, files);
  const update = (user: Customer | undefined, fields: Fields, files: Part[] = []) =>
    send("/product-update", user, fields, files);
  const get = (url: string, user?: Customer) => api.app.inject({ method: "GET", url, headers: user?.headers ?? {} });
  const remove = (id: string, user: Customer) =>
    api.app.inject({ method: "DELETE", url: `/delete-product/${id}`, headers: user.headers });

  async function created(fields: Fields = ballFields(), files: Part[] = [image()], user = seller) {
    const response = await add(user, fields, files);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().product as {
      _id: string;
      slug: string;
      name: string;
      stock: number;
      stockVersion: number;
      sizes: { size: string; stock: number }[];
      images: string[];
      price: number;
      salePrice: number;
      discount: number;
      status: string;
    };
  }

  /** The edit form as the web sends it back: every field of the product, and what the test changes. */
  const editFields = (product: { _id: string; name: string }, overrides: Fields = {}): Fields => {
    const { stock: _stock, ...rest } = ballFields({ name: product.name });
    return { productId: product._id, ...rest, ...overrides };
  };

  const productCount = async () => (await api.db.select({ total: count() }).from(products))[0]!.total;

  it("crea un producto con stock único: precio en céntimos, precio de venta del servidor, slug del nombre, auditoría y movimiento de stock", async () => {
    const name = `Pelotas Wilson Rush ${randomUUID().slice(0, 6)}`;
    const product = await created(ballFields({ name, price: "1.299,95", discount: "20" }), [
      image(PNG),
      image(JPEG, "b.jpg"),
      image(WEBP, "c.webp"),
    ]);
    expect(product).toMatchObject({
      name,
      price: 129_995,
      discount: 20,
      salePrice: 103_996,
      stock: 7,
      sizes: [],
      status: "en_venta",
    });
    expect(product.slug).toBe(name.toLowerCase().replaceAll(" ", "-"));
    expect(product.images).toHaveLength(3);

    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, product._id), eq(auditLog.action, "producto.crear")));
    expect(entry).toMatchObject({ actorId: seller.id, entity: "producto", before: null });
    const movements = await api.db.select().from(stockMovements).where(eq(stockMovements.productId, product._id));
    expect(
      movements.map((movement) => ({
        size: movement.size,
        kind: movement.kind,
        change: movement.change,
        actorId: movement.actorId,
      })),
    ).toEqual([{ size: "", kind: "ajuste", change: 7, actorId: seller.id }]);
    // In the store at once.
    const page = await get(`/home/get-product/${product.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().product).toMatchObject({ _id: product._id, available: true, salePrice: 103_996 });
    expect(page.json().redirectSlug).toBeUndefined();
  });

  it("crea un producto con tallas: el stock total es la suma, cada talla deja su movimiento, y la ficha de zapatilla se guarda", async () => {
    const product = await created(
      ballFields({
        categoryId: catalogue.categories.zapatillas.id,
        stock: [],
        "sizes[0].size": "41",
        "sizes[0].stock": "3",
        "sizes[1].size": "42",
        "sizes[1].stock": "4",
        "specs.suela": "Espiga",
        "specs.superficie": "Todas",
      }),
    );
    expect(product.stock).toBe(7);
    expect(product.sizes).toEqual([
      { size: "41", stock: 3 },
      { size: "42", stock: 4 },
    ]);
    const read = await get(`/product-get/${product._id}`, seller);
    expect(read.json().product).toMatchObject({
      hasSizes: true,
      specSheet: "zapatilla",
      specs: { suela: "Espiga", superficie: "Todas" },
    });
    const movements = await api.db.select().from(stockMovements).where(eq(stockMovements.productId, product._id));
    expect(movements.map((movement) => `${movement.size}:${movement.change}`).sort()).toEqual(["41:3", "42:4"]);
  });

  /** A valid shoe in size 42 (Joma), through the form's fields. */
  const shoeFields = (overrides: Fields = {}) =>
    ballFields({
      categoryId: catalogue.categories.zapatillas.id,
      brand: "Joma",
      stock: [],
      "sizes[0].size": "42",
      "sizes[0].stock": "2",
      "specs.suela": "Espiga",
      "specs.superficie": "Todas",
      ...overrides,
    });

  /** The last audit record of a product's edits. */
  async function lastEditAudit(productId: string) {
    const [audit] = await api.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, productId), eq(auditLog.action, "producto.editar")))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    return audit;
  }

  it("la guía de tallas: la de la categoría por defecto, la que elige el vendedor, se conserva si no se envía y se rechaza una desconocida", async () => {
    const automatic = await created(shoeFields());
    expect((await get(`/product-get/${automatic._id}`, seller)).json().product.sizeGuide).toBe(SIZE_GUIDE_AUTOMATIC);

    const chosen = await created(shoeFields({ sizeGuide: "calzado-asics" }));
    expect((await get(`/home/get-product/${chosen.slug}`)).json().product.sizeGuide).toBe("calzado-asics");

    const refused = await add(seller, shoeFields({ sizeGuide: "calzado-marciana" }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: "sizeGuide", message: SIZE_GUIDE_CHOICE_INVALID }]);

    const { "sizes[0].stock": _stock, ...kept } = shoeFields({ name: chosen.name });
    const untouched = await update(seller, { productId: chosen._id, ...kept });
    expect(untouched.statusCode, untouched.body).toBe(200);
    expect(untouched.json().product.sizeGuide).toBe("calzado-asics");

    const none = await update(seller, { productId: chosen._id, ...kept, sizeGuide: SIZE_GUIDE_NONE });
    expect(none.json().product.sizeGuide).toBe(SIZE_GUIDE_NONE);
    expect(await lastEditAudit(chosen._id)).toMatchObject({
      before: { sizeGuide: "calzado-asics" },
      after: { sizeGuide: SIZE_GUIDE_NONE },
    });
  });

  it("la tabla propia: se guarda y se lee, se rechaza mal escrita o de otra categoría, y solo la escribe su tienda", async () => {
    const ownShoe = (overrides: Fields = {}) =>
      shoeFields({
        "sizes[1].size": "43",
        "sizes[1].stock": "1",
        sizeGuide: SIZE_GUIDE_OWN,
        "sizeGuideTable.kind": "calzado",
        "sizeGuideTable.rows[0].size": "43",
        "sizeGuideTable.rows[0].uk": "9",
        "sizeGuideTable.rows[0].us": "10",
        "sizeGuideTable.rows[0].footCm": "27,6",
        "sizeGuideTable.rows[1].size": "42",
        "sizeGuideTable.rows[1].uk": "8,5",
        "sizeGuideTable.rows[1].us": "9.5",
        "sizeGuideTable.rows[1].footCm": "26.9",
        ...overrides,
      });
    const table = {
      kind: "calzado",
      rows: [
        { eu: "43", uk: "9", us: "10", footCm: 27.6 },
        { eu: "42", uk: "8,5", us: "9,5", footCm: 26.9 },
      ],
    };
    const product = await created(ownShoe());
    expect((await get(`/product-get/${product._id}`, seller)).json().product).toMatchObject({
      sizeGuide: SIZE_GUIDE_OWN,
      sizeGuideTable: table,
    });
    expect((await get(`/home/get-product/${product.slug}`)).json().product).toMatchObject({
      sizeGuide: SIZE_GUIDE_OWN,
      sizeGuideTable: table,
    });

    // Bad rows are refused field by field, a clothing table on a shoe and a missing size too.
    const growing = await add(seller, ownShoe({ "sizeGuideTable.rows[1].footCm": "28" }));
    expect(growing.statusCode).toBe(400);
    expect(growing.json().errors).toEqual([
      {
        field: "sizeGuideTable.rows[0].footCm",
        message: "El pie de la talla 43 debe ser más largo que el de la 42 (28 cm).",
      },
    ]);
    const clothing = await add(
      seller,
      shoeFields({
        sizeGuide: SIZE_GUIDE_OWN,
        "sizeGuideTable.kind": "ropa",
        ...Object.fromEntries(
          ["chestFrom", "chestTo", "waistFrom", "waistTo", "hipFrom", "hipTo"].map((key, index) => [
            `sizeGuideTable.rows[0].${key}`,
            String(90 + index),
          ]),
        ),
        "sizeGuideTable.rows[0].size": "42",
      }),
    );
    expect(clothing.statusCode).toBe(400);
    expect(clothing.json().errors).toEqual([{ field: "sizeGuideTable", message: OWN_TABLE_WRONG_KIND }]);
    const missing = await add(seller, ownShoe({ "sizes[2].size": "44", "sizes[2].stock": "1" }));
    expect(missing.json().errors).toEqual([
      { field: "sizeGuideTable", message: "Escribe las medidas de la talla 44." },
    ]);
    const tableless = await add(seller, shoeFields({ sizeGuide: SIZE_GUIDE_OWN }));
    expect(tableless.json().errors).toEqual([{ field: "sizeGuideTable", message: OWN_TABLE_MISSING }]);

    // Another shop cannot write it.
    const edit: Fields = {
      productId: product._id,
      ...ownShoe({ name: product.name, "sizeGuideTable.rows[0].footCm": "30" }),
    };
    const theirs = await update(otherSeller, edit);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(SELLER_PRODUCT_NOT_FOUND);

    // Its shop changes it (audited); a size added later without a row keeps the table; another choice drops it.
    const changed = await update(seller, edit);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().product.sizeGuideTable.rows[0]).toEqual({ eu: "43", uk: "9", us: "10", footCm: 30 });
    expect(await lastEditAudit(product._id)).toMatchObject({
      before: { sizeGuideTable: table },
      after: { sizeGuideTable: { rows: [{ footCm: 30 }, { footCm: 26.9 }] } },
    });
    const { sizeGuide: _choice, ...withoutChoice } = edit;
    const grown = await update(seller, { ...withoutChoice, "sizes[2].size": "44", "sizes[2].stock": "1" });
    expect(grown.statusCode, grown.body).toBe(200);
    expect(grown.json().product.sizes.map((entry: { size: string }) => entry.size)).toEqual(["42", "43", "44"]);
    expect(grown.json().product.sizeGuideTable.rows).toHaveLength(2);
    const dropped = await update(seller, { ...edit, sizeGuide: SIZE_GUIDE_NONE, "sizes[2].size": "44" });
    expect(dropped.json().product).toMatchObject({ sizeGuide: SIZE_GUIDE_NONE, sizeGuideTable: null });

    // Any other category takes a table by body: from and to of chest, waist and hip.
    const body = { chestFrom: "94", chestTo: "99,5", waistFrom: "80", waistTo: "85", hipFrom: "96", hipTo: "101" };
    const garment = await created(
      ballFields({
        stock: [],
        "sizes[0].size": "M",
        "sizes[0].stock": "3",
        sizeGuide: SIZE_GUIDE_OWN,
        "sizeGuideTable.kind": "ropa",
        "sizeGuideTable.rows[0].size": "M",
        ...Object.fromEntries(Object.entries(body).map(([key, value]) => [`sizeGuideTable.rows[0].${key}`, value])),
      }),
    );
    expect((await get(`/home/get-product/${garment.slug}`)).json().product.sizeGuideTable).toEqual({
      kind: "ropa",
      rows: [{ size: "M", chestCm: [94, 99.5], waistCm: [80, 85], hipCm: [96, 101] }],
    });
  });

  it("el orden de las imágenes lo dice imageOrder: la primera es la principal", async () => {
    const product = await created(ballFields({ imageOrder: ["nueva:1", "nueva:0"] }), [
      image(PNG, "a.png"),
      image(JPEG, "b.jpg"),
    ]);
    const list = await get(`/products-get?searchValue=${encodeURIComponent(product.name)}`, seller);
    expect(list.json().products[0].image).toBe(product.images[0]);
    const [first] = await api.db
      .select({ width: images.width, alt: images.alt })
      .from(images)
      .where(eq(images.id, product.images[0]!));
    expect(first).toBeDefined();
    const refused = await add(seller, ballFields({ imageOrder: ["nueva:0", "nueva:5"] }), [image()]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({ field: "imageOrder", message: IMAGE_ORDER_INVALID });
  });

  it("rechaza cada campo con su mensaje en español y no crea nada", async () => {
    const before = await productCount();
    const empty = await add(seller, {}, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        { field: "name", message: "Escribe el nombre del producto." },
        { field: "categoryId", message: "Elige la categoría del producto." },
        { field: "brand", message: "Escribe la marca del producto." },
        { field: "price", message: "Escribe el precio del producto." },
        { field: "color", message: "Escribe el color del producto." },
        { field: "tag", message: "Escribe una etiqueta (por ejemplo «Novedad» o «Oferta»)." },
        { field: "description", message: "Escribe la descripción del producto." },
        { field: "images", message: IMAGES_MISSING },
      ]),
    );

    const cases: [Fields, string, string][] = [
      [{ name: "ab" }, "name", "El nombre debe tener al menos 3 caracteres."],
      [{ name: "x".repeat(121) }, "name", "El nombre no puede superar los 120 caracteres."],
      [{ categoryId: "no-es-un-id" }, "categoryId", "Elige la categoría del producto."],
      [{ categoryId: randomUUID() }, "categoryId", CATEGORY_NOT_FOUND],
      [{ brand: "b".repeat(61) }, "brand", "La marca no puede superar los 60 caracteres."],
      [{ price: "doce" }, "price", "Escribe el precio en dólares, con hasta dos decimales (por ejemplo 129,95)."],
      [{ price: "12,345" }, "price", "Escribe el precio en dólares, con hasta dos decimales (por ejemplo 129,95)."],
      [{ price: "0" }, "price", "El precio debe estar entre 0,01 y 200.000,00 USD."],
      [{ price: "1000000,01" }, "price", "El precio debe estar entre 0,01 y 200.000,00 USD."],
      [{ discount: "101" }, "discount", "El descuento debe ser un número entero entre 0 y 100."],
      [{ discount: "-5" }, "discount", "El descuento debe ser un número entero entre 0 y 100."],
      [{ discount: "12.5" }, "discount", "El descuento debe ser un número entero entre 0 y 100."],
      [{ color: "" }, "color", "Escribe el color del producto."],
      [{ tag: "t".repeat(41) }, "tag", "La etiqueta no puede superar los 40 caracteres."],
      [{ description: "Corta." }, "description", "La descripción debe tener al menos 20 caracteres."],
      [{ description: "d".repeat(4001) }, "description", "La descripción no puede superar los 4000 caracteres."],
      [
        { lowStockThreshold: "-1" },
        "lowStockThreshold",
        "El aviso de stock bajo debe ser un número entero entre 0 y 10000.",
      ],
      [{ stock: "-1" }, "stock", "El stock debe ser un número entero entre 0 y 100000."],
      [{ stock: "100001" }, "stock", "El stock debe ser un número entero entre 0 y 100000."],
      [{ stock: [] }, "stock", "Escribe el stock del producto o añade tallas con su stock."],
      [
        { "sizes[0].size": "M", "sizes[0].stock": "1" },
        "stock",
        "El stock total (7) no coincide con la suma de las tallas (1).",
      ],
      [
        { stock: [], "sizes[0].size": "M", "sizes[0].stock": "1", "sizes[1].size": "m", "sizes[1].stock": "2" },
        "sizes[1].size",
        "Las tallas no pueden repetirse.",
      ],
      [
        { stock: [], "sizes[0].size": "M", "sizes[0].stock": "-2" },
        "sizes[0].stock",
        "El stock debe ser un número entero entre 0 y 100000.",
      ],
      [{ stock: [], "sizes[0].size": "M" }, "sizes[0].stock", "Escribe el stock de la talla."],
      [{ stock: [], "sizes[0].size": "", "sizes[0].stock": "1" }, "sizes[0].size", "Escribe la talla."],
      [
        { stock: [], "sizes[0].size": "T".repeat(21), "sizes[0].stock": "1" },
        "sizes[0].size",
        "La talla no puede superar los 20 caracteres.",
      ],
      [
        {
          stock: [],
          ...Object.fromEntries(
            Array.from({ length: 21 }, (_, index) => [
              [`sizes[${index}].size`, `T${index}`],
              [`sizes[${index}].stock`, "1"],
            ]).flat(),
          ),
        },
        "sizes",
        "Un producto puede tener como máximo 20 tallas.",
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await add(seller, ballFields(overrides));
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json().errors, JSON.stringify(overrides).slice(0, 80)).toContainEqual({ field, message });
    }

    const nine = await add(
      seller,
      ballFields(),
      Array.from({ length: 9 }, () => image()),
    );
    expect(nine.statusCode).toBe(400);
    expect(nine.json().errors).toContainEqual({ field: "images", message: IMAGES_TOO_MANY });
    expect(await productCount()).toBe(before);
  });

  it("juzga las imágenes por su contenido: un .exe llamado foto.png se rechaza y no se guarda nada", async () => {
    const before = await productCount();
    const imagesBefore = (await api.db.select({ total: count() }).from(images))[0]!.total;
    const response = await add(seller, ballFields(), [
      image(PNG),
      { name: "images", filename: "foto.png", content: EXE, type: "image/png" },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: IMAGE_NOT_AN_IMAGE,
      errors: [{ field: "images", message: IMAGE_NOT_AN_IMAGE }],
    });
    expect(await productCount()).toBe(before);
    expect((await api.db.select({ total: count() }).from(images))[0]!.total).toBe(imagesBefore);
  });

  it("valida la ficha técnica contra la categoría: todos sus datos, solo valores de la lista, nada de otra ficha", async () => {
    const palas = catalogue.categories.palas.id;
    const full = {
      "specs.forma": "Redonda",
      "specs.peso": "355-370 g",
      "specs.balance": "Medio",
      "specs.nucleo": "EVA",
      "specs.cara": "Carbono",
      "specs.nivel": "Avanzado",
    };
    const missing = await add(seller, ballFields({ categoryId: palas, ...full, "specs.nivel": "" }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: "specs.nivel", message: "Elige nivel: es parte de la ficha de la categoría." },
    ]);
    const wrong = await add(seller, ballFields({ categoryId: palas, ...full, "specs.forma": "Cuadrada" }));
    expect(wrong.json().errors).toEqual([{ field: "specs.forma", message: "Elige un valor de forma de la lista." }]);
    const foreign = await add(seller, ballFields({ categoryId: palas, ...full, "specs.suela": "Espiga" }));
    expect(foreign.json().errors).toEqual([{ field: "specs.suela", message: SPEC_NOT_IN_SHEET }]);
    const noSheet = await add(seller, ballFields({ "specs.forma": "Redonda" }));
    expect(noSheet.json().errors).toEqual([{ field: "specs.forma", message: SPEC_NOT_IN_SHEET }]);
    const racket = await created(ballFields({ categoryId: palas, ...full }));
    expect((await get(`/home/get-product/${racket.slug}`)).json().product.specs).toEqual({
      forma: "Redonda",
      peso: "355-370 g",
      balance: "Medio",
      nucleo: "EVA",
      cara: "Carbono",
      nivel: "Avanzado",
    });
  });

  it("los clientes reciben 403 y los anónimos 401, sin leer el formulario", async () => {
    const product = await created();
    expect((await add(customer, ballFields())).json()).toEqual({ message: FORBIDDEN });
    expect((await add(customer, ballFields())).statusCode).toBe(403);
    expect((await add(undefined, ballFields())).statusCode).toBe(401);
    expect((await update(customer, editFields(product))).statusCode).toBe(403);
    expect((await remove(product._id, customer)).statusCode).toBe(403);
    expect((await get("/products-get", customer)).statusCode).toBe(403);
    expect((await get(`/product-get/${product._id}`, customer)).statusCode).toBe(403);
    expect((await get(`/discount-product-get/${customer.id}`, customer)).statusCode).toBe(403);
    // An admin reads any shop's, but writes none.
    expect((await get(`/product-get/${product._id}`, admin)).json().product._id).toBe(product._id);
    expect(
      (await get(`/products-get?shopId=${catalogue.shops.centro.id}&parPage=48`, admin))
        .json()
        .products.map((row: { _id: string }) => row._id),
    ).toContain(product._id);
    expect((await remove(product._id, admin)).statusCode).toBe(403);
  });

  it("la tienda suspendida no cambia nada (403 con el motivo) pero puede leer; una tienda pendiente tampoco publica", async () => {
    const owner = await insertUser(api.db, { role: "seller" });
    const shop = await insertShop(api.db, {
      ownerId: owner.id,
      name: "Tienda Suspendida",
      slug: `suspendida-${randomUUID().slice(0, 6)}`,
      status: "suspendida",
    });
    const product = await insertProduct(api.db, {
      shopId: shop.id,
      categoryId: catalogue.categories.pelotas.id,
      name: "Pelotas Suspendidas",
      slug: `pelotas-suspendidas-${randomUUID().slice(0, 6)}`,
      brand: "Head",
      price: 900,
      color: "Amarillo",
      tag: "Oferta",
      stock: 4,
    });
    const suspended = await signedInAs(owner.id, "seller");
    for (const response of [
      await add(suspended, ballFields()),
      await update(suspended, editFields({ _id: product.id, name: product.name })),
      await remove(product.id, suspended),
      await send("/product-image-update", suspended, { productId: product.id, oldImage: product.imageIds[0]! }, [
        { name: "newImage", filename: "n.png", content: PNG },
      ]),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: SHOP_SUSPENDED_NO_WRITES });
    }
    const read = await get(`/product-get/${product.id}`, suspended);
    expect(read.json().product).toMatchObject({ _id: product.id, status: "oculto" });

    const pendingOwner = await insertUser(api.db, { role: "seller" });
    await insertShop(api.db, {
      ownerId: pendingOwner.id,
      name: "Tienda Pendiente",
      slug: `pendiente-${randomUUID().slice(0, 6)}`,
      status: "pendiente",
    });
    expect((await add(await signedInAs(pendingOwner.id, "seller"), ballFields())).json()).toEqual({
      message: SHOP_NOT_SELLING,
    });
  });

  it("un vendedor no lee, cambia, borra ni cambia imágenes de productos de otra tienda (404)", async () => {
    const theirs = catalogue.bySlug["pelotas-head-padel-pro"]!;
    const notFound = { message: SELLER_PRODUCT_NOT_FOUND };
    expect((await get(`/product-get/${theirs.id}`, seller)).json()).toEqual(notFound);
    expect((await get(`/product-get/${theirs.id}`, seller)).statusCode).toBe(404);
    const edit = await update(seller, editFields({ _id: theirs.id, name: "Robada" }));
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual(notFound);
    expect((await remove(theirs.id, seller)).statusCode).toBe(404);
    const swap = await send("/product-image-update", seller, { productId: theirs.id, oldImage: theirs.imageIds[0]! }, [
      { name: "newImage", filename: "n.png", content: PNG },
    ]);
    expect(swap.statusCode).toBe(404);
    const [row] = await api.db
      .select({ name: products.name, archivedAt: products.archivedAt })
      .from(products)
      .where(eq(products.id, theirs.id));
    expect(row).toEqual({ name: "Pelotas Head Padel Pro", archivedAt: null });
    const list = await get("/products-get?parPage=48", seller);
    expect(list.json().products.every((product: { shopName: string }) => product.shopName === "Centro Pádel")).toBe(
      true,
    );
  });

  it("renombrar cambia el slug y la dirección vieja sigue llevando al producto (redirectSlug); el nombre viejo no se reutiliza", async () => {
    const product = await created(ballFields({ name: "Pelotas Renombrables Uno" }));
    expect(product.slug).toBe("pelotas-renombrables-uno");
    const renamed = await update(seller, editFields(product, { name: "Pelotas Renombradas Dos" }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().product.slug).toBe("pelotas-renombradas-dos");

    const old = await get("/home/get-product/pelotas-renombrables-uno");
    expect(old.statusCode).toBe(200);
    expect(old.json().redirectSlug).toBe("pelotas-renombradas-dos");
    expect(old.json().product._id).toBe(product._id);
    expect((await get("/home/get-product/pelotas-renombradas-dos")).json().redirectSlug).toBeUndefined();

    // Another product named as the old one gets a slug of its own: the old address stays with the first.
    const namesake = await created(ballFields({ name: "Pelotas Renombrables Uno" }));
    expect(namesake.slug).toBe("pelotas-renombrables-uno-2");

    // Back to the first name: the product takes its old slug again, and the second one redirects.
    const back = await update(
      seller,
      editFields({ _id: product._id, name: "Pelotas Renombradas Dos" }, { name: "Pelotas Renombrables Uno" }),
    );
    expect(back.json().product.slug).toBe("pelotas-renombrables-uno");
    expect((await get("/home/get-product/pelotas-renombradas-dos")).json().redirectSlug).toBe(
      "pelotas-renombrables-uno",
    );
    const history = await api.db
      .select({ slug: productSlugHistory.slug })
      .from(productSlugHistory)
      .where(eq(productSlugHistory.productId, product._id));
    expect(history).toEqual([{ slug: "pelotas-renombradas-dos" }]);
  });

  it("editar: tallas nuevas con su stock, tallas quitadas, y el stock de las que quedan solo cambia con el stockVersion vigente", async () => {
    const product = await created(
      ballFields({
        stock: [],
        "sizes[0].size": "S",
        "sizes[0].stock": "2",
        "sizes[1].size": "M",
        "sizes[1].stock": "3",
      }),
    );
    // Without stockVersion the stock sent for M is ignored; L comes with its own; S goes.
    const edited = await update(
      seller,
      editFields(product, {
        "sizes[0].size": "M",
        "sizes[0].stock": "50",
        "sizes[1].size": "L",
        "sizes[1].stock": "4",
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().product.sizes).toEqual([
      { size: "M", stock: 3 },
      { size: "L", stock: 4 },
    ]);
    expect(edited.json().product.stock).toBe(7);

    const missingStock = await update(seller, editFields(product, { "sizes[0].size": "M", "sizes[1].size": "XL" }));
    expect(missingStock.statusCode).toBe(400);
    expect(missingStock.json().errors).toEqual([
      { field: "sizes[1].stock", message: "Escribe el stock de la talla nueva." },
    ]);

    const stale = await update(
      seller,
      editFields(product, { stockVersion: String(product.stockVersion), "sizes[0].size": "M", "sizes[0].stock": "9" }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STOCK_VERSION_STALE });

    const current = (await get(`/product-get/${product._id}`, seller)).json().product;
    const withVersion = await update(
      seller,
      editFields(product, {
        stockVersion: String(current.stockVersion),
        "sizes[0].size": "M",
        "sizes[0].stock": "9",
        "sizes[1].size": "L",
        "sizes[1].stock": "4",
      }),
    );
    expect(withVersion.statusCode, withVersion.body).toBe(200);
    expect(withVersion.json().product).toMatchObject({
      stock: 13,
      sizes: [
        { size: "M", stock: 9 },
        { size: "L", stock: 4 },
      ],
    });
    const entries = await api.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, product._id));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      "producto.crear",
      "producto.editar",
      "producto.editar",
    ]);
  });

  it("suspender una tienda saca sus productos del listado y las sugerencias guardados; reactivarla los devuelve", async () => {
    // A shop of its own: suspending makes its owner's tokens stale, which the other tests' sellers must not see.
    const owner = await insertUser(api.db, { role: "seller" });
    const shop = await insertShop(api.db, {
      ownerId: owner.id,
      name: "Tienda Suspendible",
      slug: `suspendible-${randomUUID().slice(0, 6)}`,
      status: "aprobada",
    });
    const theirs = await insertProduct(api.db, {
      shopId: shop.id,
      categoryId: catalogue.categories.pelotas.id,
      name: `Pelotas Suspendibles ${randomUUID().slice(0, 6)}`,
      slug: `pelotas-suspendibles-${randomUUID().slice(0, 6)}`,
      brand: "Head",
      price: 900,
      color: "Amarillo",
      tag: "Oferta",
      stock: 4,
    });
    const found = async () => ({
      total: (await get(`/home/query-products?searchValue=${encodeURIComponent(theirs.name)}`)).json()
        .totalProduct as number,
      suggested: (
        (await get(`/home/advanced-search?searchValue=${encodeURIComponent(theirs.name)}`)).json()
          .advanced_search_prd as unknown[]
      ).length,
    });
    const decide = (action: "suspend" | "reactivate") =>
      api.app.inject({
        method: "POST",
        url: `/admin/shops/${shop.id}/${action}`,
        headers: admin.headers,
        payload: action === "suspend" ? { reason: "Documentación caducada." } : {},
      });
    // Read first, so what the catalogue keeps (catalog/keyed-cache.ts) must be dropped by the decision.
    expect(await found()).toEqual({ total: 1, suggested: 1 });
    expect((await decide("suspend")).statusCode).toBe(200);
    expect(await found()).toEqual({ total: 0, suggested: 0 });
    expect((await decide("reactivate")).statusCode).toBe(200);
    expect(await found()).toEqual({ total: 1, suggested: 1 });
  });

  it("borrar un producto con pedidos lo archiva: sale del listado, la búsqueda, su página y el carrito; uno sin pedidos se elimina", async () => {
    const ordered = await created(
      ballFields({ name: `Pelotas Archivables ${randomUUID().slice(0, 6)}`, color: "Turquesa" }),
    );
    const buyer = await signedInUser(api.db);
    await putInCart(api.db, buyer.id, ordered._id, 1);
    await placedOrderId(api.app, buyer);

    const shopProducts = async () => (await get("/home/shop/centro-padel")).json().shop.productCount as number;
    const countBefore = await shopProducts();
    // Read once before, so the listing's kept total and the kept suggestions (catalog/keyed-cache.ts) must be dropped by the write.
    expect(
      (await get(`/home/query-products?searchValue=${encodeURIComponent(ordered.name)}`)).json().totalProduct,
    ).toBe(1);
    expect(
      (await get(`/home/advanced-search?searchValue=${encodeURIComponent(ordered.name)}`)).json().advanced_search_prd,
    ).toHaveLength(1);
    const deleted = await remove(ordered._id, seller);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: PRODUCT_ARCHIVED, archived: true });
    const [row] = await api.db
      .select({ archivedAt: products.archivedAt })
      .from(products)
      .where(eq(products.id, ordered._id));
    expect(row!.archivedAt).not.toBeNull();
    expect(await shopProducts()).toBe(countBefore - 1);

    const listing = await get(`/home/query-products?searchValue=${encodeURIComponent(ordered.name)}`);
    expect(listing.json().totalProduct).toBe(0);
    expect(
      (await get(`/home/advanced-search?searchValue=${encodeURIComponent(ordered.name)}`)).json().advanced_search_prd,
    ).toEqual([]);
    expect((await get(`/home/get-product/${ordered.slug}`)).statusCode).toBe(404);
    expect((await get("/home/product-filters")).json().filters.colors).not.toContain("Turquesa");
    expect(
      (await get("/home/get-products")).json().latest_product.map((card: { _id: string }) => card._id),
    ).not.toContain(ordered._id);
    expect((await get(`/product-get/${ordered._id}`, seller)).statusCode).toBe(404);
    expect(
      (await get("/products-get?parPage=48", seller)).json().products.map((product: { _id: string }) => product._id),
    ).not.toContain(ordered._id);
    const toCart = await api.app.inject({
      method: "POST",
      url: "/home/product/add-to-card",
      headers: buyer.headers,
      payload: { userId: buyer.id, productId: ordered._id },
    });
    expect(toCart.statusCode).toBe(400);
    expect((await remove(ordered._id, seller)).statusCode).toBe(404);

    const unordered = await created();
    expect((await remove(unordered._id, seller)).json()).toEqual({ message: PRODUCT_DELETED, archived: false });
    expect(await api.db.select().from(products).where(eq(products.id, unordered._id))).toEqual([]);
    expect(await api.db.select().from(images).where(eq(images.id, unordered.images[0]!))).toEqual([]);
    const actions = await api.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, unordered._id));
    expect(actions.map((entry) => entry.action).sort()).toEqual(["producto.crear", "producto.eliminar"]);
  });

  it("una búsqueda leída antes se lee de nuevo tras una edición: el producto que deja de coincidir sale y el que pasa a coincidir entra", async () => {
    // Letters only, so the search reads it as one word of its own.
    const word = Array.from({ length: 9 }, () => String.fromCharCode(97 + randomInt(26))).join("");
    const first = await created(ballFields({ name: `Pelotas ${word} Uno` }));
    const second = await created(ballFields({ name: `Pelotas Dos ${randomUUID().slice(0, 6)}` }));
    const searched = async () => {
      const answer = (await get(`/home/query-products?searchValue=${word}`)).json();
      return { ids: answer.products.map((card: { _id: string }) => card._id), total: answer.totalProduct };
    };
    // Read once, so the page's ranking kept by the API (searchedCards in catalog/service.ts) must be dropped by the edits.
    expect(await searched()).toEqual({ ids: [first._id], total: 1 });
    const renamed = await update(seller, editFields(first, { name: `Pelotas Uno ${randomUUID().slice(0, 6)}` }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await update(seller, editFields(second, { name: `Pelotas ${word} Dos` }))).statusCode).toBe(200);
    expect(await searched()).toEqual({ ids: [second._id], total: 1 });
  });

  it("la lista del vendedor: sus productos, los más nuevos primero, por nombre o marca, por páginas", async () => {
    const brand = `Marca${randomUUID().slice(0, 6)}`;
    const first = await created(ballFields({ brand }));
    const second = await created(ballFields({ brand }));
    const page1 = (await get(`/products-get?searchValue=${brand}&parPage=1&page=1`, seller)).json();
    const page2 = (await get(`/products-get?searchValue=${brand}&parPage=1&page=2`, seller)).json();
    expect(page1).toMatchObject({ totalProduct: 2, page: 1, parPage: 1 });
    expect([page1.products[0]._id, page2.products[0]._id]).toEqual([second._id, first._id]);
    expect(page1.products[0]).toMatchObject({
      brand,
      stock: 7,
      discount: 10,
      salePrice: 1125,
      status: "en_venta",
      image: second.images[0],
    });
    expect((await get(`/products-get?searchValue=${brand}`, otherSeller)).json().totalProduct).toBe(0);
    expect(
      (await get(`/products-get?searchValue=vertex`, seller))
        .json()
        .products.map((product: { name: string }) => product.name),
    ).toEqual(["Pala Bullpadel Vertex 04"]);
  });

  it("la lista de descuentos: los productos del vendedor con descuento, el mayor primero; solo él o un admin", async () => {
    const own = await get(`/discount-product-get/${seller.id}`, seller);
    expect(own.statusCode).toBe(200);
    const discounts = own.json().products.map((product: { discount: number }) => product.discount);
    expect(discounts.length).toBeGreaterThan(0);
    expect(discounts.every((discount: number) => discount > 0)).toBe(true);
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    expect(own.json().products.every((product: { shopName: string }) => product.shopName === "Centro Pádel")).toBe(
      true,
    );
    expect((await get(`/discount-product-get/${seller.id}`, otherSeller)).statusCode).toBe(403);
    expect((await get(`/discount-product-get/${seller.id}`, admin)).json().products).toHaveLength(discounts.length);
  });

  it("cambiar una imagen: la nueva ocupa el sitio de la vieja, que desaparece; una imagen ajena se rechaza", async () => {
    const product = await created(ballFields(), [image(PNG), image(JPEG, "b.jpg")]);
    const foreign = await send("/product-image-update", seller, { productId: product._id, oldImage: randomUUID() }, [
      { name: "newImage", filename: "n.png", content: WEBP },
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ field: "oldImage", message: OLD_IMAGE_NOT_FOUND }]);
    const exe = await send("/product-image-update", seller, { productId: product._id, oldImage: product.images[0]! }, [
      { name: "newImage", filename: "n.png", content: EXE },
    ]);
    expect(exe.json().errors).toEqual([{ field: "newImage", message: IMAGE_NOT_AN_IMAGE }]);

    const swapped = await send(
      "/product-image-update",
      seller,
      { productId: product._id, oldImage: product.images[0]! },
      [{ name: "newImage", filename: "n.webp", content: WEBP }],
    );
    expect(swapped.statusCode, swapped.body).toBe(200);
    const after = swapped.json().product.images as string[];
    expect(after).toHaveLength(2);
    expect(after[0]).not.toBe(product.images[0]);
    expect(after[1]).toBe(product.images[1]);
    expect(await api.db.select().from(images).where(eq(images.id, product.images[0]!))).toEqual([]);
    expect((await get(`/images/${after[0]}/200.webp`)).statusCode).toBe(200);
  });

  it("editar imágenes: reordenar, quitar y añadir con imageOrder; sin ninguna se rechaza", async () => {
    const product = await created(ballFields(), [image(PNG), image(JPEG, "b.jpg")]);
    const [a, b] = product.images;
    const reordered = await update(seller, editFields(product, { imageOrder: [b!, "nueva:0"] }), [
      image(WEBP, "c.webp"),
    ]);
    expect(reordered.statusCode, reordered.body).toBe(200);
    const after = reordered.json().product.images as string[];
    expect(after[0]).toBe(b);
    expect(after).toHaveLength(2);
    expect(after).not.toContain(a);
    const none = await update(seller, editFields(product, { imageOrder: "" }));
    expect(none.statusCode).toBe(400);
  });

  it("la caché del catálogo se vacía con cada escritura: un color nuevo aparece en los filtros enseguida", async () => {
    const color = `Fucsia${randomUUID().slice(0, 4)}`;
    expect((await get("/home/product-filters")).json().filters.colors).not.toContain(color);
    await created(ballFields({ color }));
    expect((await get("/home/product-filters")).json().filters.colors).toContain(color);
    expect((await get("/home/price-range-latest-product")).json().filters.colors).toContain(color);
  });
});

describe("avisos de cambios del catálogo entre instancias", () => {
  let database: Database;
  let apps: App[];
  let catalogue: Catalogue;

  beforeAll(async () => {
    database = await openTestDatabase();
    const config = testConfig({ catalogueCacheSeconds: 300 });
    apps = [
      await buildApp({ db: database.db, config, listen: database.listen }),
      await buildApp({ db: database.db, config, listen: database.listen }),
    ];
    await Promise.all(apps.map((app) => app.ready()));
    catalogue = await insertCatalogue(database.db);
  });

  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await database?.close();
  });

  it("un cambio anunciado en una transacción (pg_notify) vacía la caché de cada instancia al confirmarse", async () => {
    const colors = async (app: App) =>
      (await app.inject({ method: "GET", url: "/home/product-filters" })).json().filters.colors as string[];
    for (const app of apps) expect(await colors(app)).not.toContain("Violeta");
    // Written straight to the database, as another instance would: only the notification tells these two.
    await database.db.transaction(async (tx) => {
      await tx.insert(products).values({
        shopId: catalogue.shops.centro.id,
        categoryId: catalogue.categories.pelotas.id,
        name: "Pelotas Violeta",
        slug: "pelotas-violeta",
        brand: "Head",
        description: "Pelotas de color violeta.",
        price: 900,
        color: "Violeta",
        tag: "Novedad",
        stock: 3,
      });
      await announceCatalogueChange(tx);
    });
    for (const app of apps) {
      let seen: string[] = [];
      for (let attempt = 0; attempt < 50 && !seen.includes("Violeta"); attempt++) {
        seen = await colors(app);
        if (!seen.includes("Violeta")) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen).toContain("Violeta");
    }
    // Without an announcement the copies stay (the cache is on): the notification, not luck, cleared them.
    await database.db.update(products).set({ color: "Ocre" }).where(eq(products.slug, "pelotas-violeta"));
    for (const app of apps) expect(await colors(app)).not.toContain("Ocre");
  });

  it("un listado guardado se lee de nuevo tras cualquier escritura en sus filas: una venta en una instancia, stock y valoración escritos en la base", async () => {
    const balls = await insertOwnBalls(database.db, catalogue, "pelotas-listado-guardado", { stock: 6 });
    const card = async (app: App) => {
      const answer = (
        await app.inject({ method: "GET", url: "/home/query-products?category=pelotas&sortByDate=newest" })
      ).json();
      const found = answer.products.find((product: { _id: string }) => product._id === balls.id);
      return { stock: found.stock, rating: found.rating };
    };
    for (const app of apps) expect(await card(app)).toEqual({ stock: 6, rating: 0 });

    // A sale through the first instance: both answer with the new stock on their next request.
    const customer = await signedInUser(database.db);
    await putInCart(database.db, customer.id, balls.id, 2);
    await placedOrderId(apps[0]!, customer);
    for (const app of apps) expect(await card(app)).toEqual({ stock: 4, rating: 0 });

    // Written straight to the database (a SQL function, another instance): the tables announce it themselves.
    await database.db.update(products).set({ stock: 9, rating: 4.5 }).where(eq(products.id, balls.id));
    for (const app of apps) expect(await card(app)).toEqual({ stock: 9, rating: 4.5 });

    // With the tables' triggers off the answers stay as kept: the notice, not luck, refreshed them.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(products).set({ stock: 1 }).where(eq(products.id, balls.id));
    });
    for (const app of apps) expect(await card(app)).toEqual({ stock: 9, rating: 4.5 });
  });

  it("la ficha guardada de un producto se lee de nuevo tras una reseña y tras el cambio de nombre de quien la escribió", async () => {
    const balls = await insertOwnBalls(database.db, catalogue, "pelotas-ficha-guardada", { stock: 4 });
    const reviewer = await insertUser(database.db, { name: "Marta Reseñas" });
    const shown = async (app: App) => {
      const answer = (await app.inject({ method: "GET", url: "/home/get-product/pelotas-ficha-guardada" })).json();
      return answer.reviews.reviews.map((review: { name: string; text: string }) => `${review.name}: ${review.text}`);
    };
    for (const app of apps) expect(await shown(app)).toEqual([]);

    // Written straight to the database: the tables announce it themselves.
    await database.db
      .insert(reviews)
      .values({ productId: balls.id, userId: reviewer.id, rating: 5, text: "Botan de maravilla." });
    for (const app of apps) expect(await shown(app)).toEqual(["Marta Reseñas: Botan de maravilla."]);
    await database.db.update(users).set({ name: "Marta Pádel" }).where(eq(users.id, reviewer.id));
    for (const app of apps) expect(await shown(app)).toEqual(["Marta Pádel: Botan de maravilla."]);

    // With the triggers off the kept answers stay: the notice, not luck, refreshed them.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ name: "Marta Otra" }).where(eq(users.id, reviewer.id));
    });
    for (const app of apps) expect(await shown(app)).toEqual(["Marta Pádel: Botan de maravilla."]);
  });
});

/**
 * Issue 31, item 6: `POST /product-update` took any number of new images past the per-account
 * upload limit. An edit that brings new images now counts against the same limit (and counter) as
 * `POST /product-add`; an edit without new images is not an upload and does not count.
 */
describe("límite de subidas al editar un producto", () => {
  const LIMIT = 3;
  const api = useTestApi({
    config: { rateLimits: { ...TEST_RATE_LIMITS, upload: { perAccount: LIMIT, perAddress: 100_000 } } },
  });
  let catalogue: Catalogue;
  let seller: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    seller = await signedInAs(catalogue.owner.id, "seller");
  });

  const post = (url: string, fields: Record<string, string | string[]>, files: Part[]) => {
    const parts: Part[] = Object.entries(fields).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => ({ name, value: item })),
    );
    const body = multipart([...parts, ...files]);
    return api.app.inject({
      method: "POST",
      url,
      headers: { ...seller.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const picture = (): Part => ({ name: "images", filename: "foto.png", content: PNG, type: "image/png" });
  const fields = (overrides: Record<string, string | string[]> = {}) => ({
    name: "Pelotas del Límite",
    categoryId: catalogue.categories.pelotas.id,
    brand: "Wilson",
    price: "12,50",
    discount: "0",
    color: "Verde",
    tag: "Novedad",
    description: "Bote de tres pelotas presurizadas para entrenar.",
    lowStockThreshold: "0",
    ...overrides,
  });
  const imagesOf = async (productId: string) =>
    (await api.app.inject({ method: "GET", url: `/product-get/${productId}`, headers: seller.headers })).json().product
      .images as string[];

  it("las imágenes nuevas de una edición cuentan en el límite de la cuenta; una edición sin imágenes no cuenta", async () => {
    const added = await post("/product-add", fields({ stock: "5" }), [picture()]);
    expect(added.statusCode, added.body).toBe(201);
    const productId = added.json().product._id as string;
    /** The edit form sent back with its stored images in order and the files given (empty ones are no image). */
    const edit = async (files: Part[]) => {
      const chosen = files.filter((file) => "content" in file && file.content.length > 0);
      const imageOrder = [...(await imagesOf(productId)), ...chosen.map((_, index) => `nueva:${index}`)];
      return post("/product-update", fields({ productId, imageOrder }), files);
    };

    // Edits without new images (an empty file input included) are not uploads.
    for (let attempt = 0; attempt < LIMIT + 2; attempt++) {
      const response = await edit([]);
      expect(response.statusCode, response.body).toBe(200);
    }
    const emptyInput = await edit([{ name: "images", filename: "", content: Buffer.alloc(0) }]);
    expect(emptyInput.statusCode, emptyInput.body).toBe(200);

    // The add counted once; each edit with a new image counts once more, up to the limit.
    for (let attempt = 1; attempt < LIMIT; attempt++) {
      const response = await edit([picture()]);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await imagesOf(productId)).toHaveLength(LIMIT);

    const refused = await edit([picture()]);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY_REQUESTS.upload });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await imagesOf(productId)).toHaveLength(LIMIT);
    // One counter for adds and edits.
    expect(
      (await post("/product-add", fields({ stock: "5", name: "Pelotas Sin Sitio" }), [picture()])).statusCode,
    ).toBe(429);
    // An edit without new images still saves.
    expect((await edit([])).statusCode).toBe(200);
  });
});
