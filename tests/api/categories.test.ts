import { and, asc, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { CategoryListAnswer, HomeCategoriesAnswer, ProductAnswer, QueryProductsAnswer } from "#contract/catalog";
import {
  CATEGORY_ADDED,
  CATEGORY_IMAGE_INVALID,
  CATEGORY_IMAGE_MISSING,
  CATEGORY_IMAGE_TOO_LARGE,
  CATEGORY_MULTIPART_EXPECTED,
  CATEGORY_NAME_MISSING,
  CATEGORY_NAME_TOO_LONG,
  CATEGORY_NAME_WITHOUT_LETTERS,
  CATEGORY_NOT_FOUND,
  CATEGORY_SPEC_SHEET_IN_USE,
  CATEGORY_SPEC_SHEET_INVALID,
  CATEGORY_UPDATED,
  categoryNameTaken,
  categorySlugTaken,
} from "#contract/categories";
import { CATEGORY_IMAGE_MAX_BYTES } from "#contract/category-labels";
import { FORBIDDEN, UNAUTHORIZED } from "#contract/messages";
import { auditLog, categories, images } from "../../api/src/db/schema";
import { signedInUser, type Customer } from "./orders-support";
import { EXE, fieldParts, multipart, PNG, type Part } from "./shop-support";
import { type Catalogue, insertCatalogue, insertProduct, testImageUrl, useTestApi } from "./support";

/**
 * Categories as an admin keeps them (issue 11) on PGlite: who may write, the form's messages, a
 * duplicate name or slug refused beside the name, images judged by their content, a rename that
 * moves the slug while old listing addresses keep finding the products, the audit entries, and a
 * catalogue cache (30 s here, as in production) that shows every change on the next request.
 */
describe("categorías (PGlite)", () => {
  const api = useTestApi({ config: { catalogueCacheSeconds: 30 } });
  let catalogue: Catalogue;
  let admin: Customer;
  let customer: Customer;
  let seller: Customer;
  let photo: Buffer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admin = await signedInUser(api.db, "admin");
    customer = await signedInUser(api.db);
    seller = await signedInUser(api.db, "seller");
    photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#84cc16" } })
      .jpeg()
      .toBuffer();
  });

  const send = (method: "POST" | "PUT", url: string, user: Customer | undefined, parts: Part[]) => {
    const body = multipart(parts);
    return api.app.inject({
      method,
      url,
      headers: { ...(user?.headers ?? {}), ...body.headers },
      payload: body.payload,
    });
  };
  const add = (user: Customer | undefined, parts: Part[]) => send("POST", "/category-add", user, parts);
  const update = (user: Customer | undefined, categoryId: string, parts: Part[]) =>
    send("PUT", `/category-update/${categoryId}`, user, parts);
  const imagePart = (content: Buffer = photo, filename = "categoria.jpg", type = "image/jpeg"): Part => ({
    name: "image",
    filename,
    content,
    type,
  });
  const get = async <T>(url: string) => {
    const response = await api.app.inject({ method: "GET", url });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as T;
  };
  const categoryCount = async () => (await api.db.select({ total: count() }).from(categories))[0]!.total;
  const imageCount = async () => (await api.db.select({ total: count() }).from(images))[0]!.total;
  const auditOf = (categoryId: string) =>
    api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "categoria"), eq(auditLog.entityId, categoryId)))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  const listingSlugs = async (category: string) =>
    (
      await get<QueryProductsAnswer>(`/home/query-products?category=${encodeURIComponent(category)}&parPage=48`)
    ).products
      .map((product) => product.slug)
      .sort();
  const homeCategories = async () => (await get<HomeCategoriesAnswer>("/home/get-categorys")).categorys;

  describe("quién puede", () => {
    it("responde 401 sin sesión y 403 a clientes y vendedores, y no crea ni cambia nada", async () => {
      const before = await categoryCount();
      const parts = [...fieldParts({ name: "Categoría Prohibida" }), imagePart()];
      const anonymous = await add(undefined, parts);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(UNAUTHORIZED);
      for (const user of [customer, seller]) {
        const refused = await add(user, parts);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: FORBIDDEN });
        const rename = await update(user, catalogue.categories.ropa.id, fieldParts({ name: "Ropa robada" }));
        expect(rename.statusCode).toBe(403);
        expect(rename.json()).toEqual({ message: FORBIDDEN });
      }
      expect(await categoryCount()).toBe(before);
      const [ropa] = await api.db.select().from(categories).where(eq(categories.id, catalogue.categories.ropa.id));
      expect(ropa!.name).toBe("Ropa");
    });

    it("la lista GET /category-get sigue siendo pública y trae la ficha técnica de cada categoría", async () => {
      const list = await get<CategoryListAnswer>("/category-get?searchValue=pal");
      expect(list).toEqual({
        categorys: [
          {
            _id: catalogue.categories.palas.id,
            name: "Palas",
            slug: "palas",
            image: catalogue.categories.palas.imageId,
            imageUrl: testImageUrl(catalogue.categories.palas.imageId),
            specSheet: "pala",
            hidden: false,
          },
        ],
        totalCategory: 1,
      });
    });
  });

  describe("validación", () => {
    it("nombra cada campo que falla, en el orden del formulario, en español", async () => {
      const empty = await add(admin, fieldParts({ name: "   ", specSheet: "raqueta" }));
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual([
        { field: "name", message: CATEGORY_NAME_MISSING },
        { field: "specSheet", message: CATEGORY_SPEC_SHEET_INVALID },
        { field: "image", message: CATEGORY_IMAGE_MISSING },
      ]);
      const long = await add(admin, [...fieldParts({ name: "x".repeat(61) }), imagePart()]);
      expect(long.json()).toEqual({
        message: CATEGORY_NAME_TOO_LONG,
        errors: [{ field: "name", message: CATEGORY_NAME_TOO_LONG }],
      });
      const symbols = await add(admin, [...fieldParts({ name: "¡¿!?" }), imagePart()]);
      expect(symbols.json().errors).toEqual([{ field: "name", message: CATEGORY_NAME_WITHOUT_LETTERS }]);
      const json = await api.app.inject({
        method: "POST",
        url: "/category-add",
        headers: admin.headers,
        payload: { name: "Palas" },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toBe(CATEGORY_MULTIPART_EXPECTED);
      const unknown = await update(admin, "00000000-0000-4000-8000-000000000000", fieldParts({ name: "Nadie" }));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(CATEGORY_NOT_FOUND);
      const malformed = await update(admin, "no-es-un-id", fieldParts({ name: "Nadie" }));
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe("La categoría no es válida.");
    });

    it("rechaza un nombre repetido sin distinguir mayúsculas ni acentos, y uno que daría una dirección ya usada", async () => {
      const before = { categories: await categoryCount(), images: await imageCount() };
      const same = await add(admin, [...fieldParts({ name: "  PÁLAS " }), imagePart()]);
      expect(same.statusCode).toBe(409);
      expect(same.json()).toEqual({
        message: categoryNameTaken("Palas"),
        errors: [{ field: "name", message: categoryNameTaken("Palas") }],
      });
      const sameSlug = await add(admin, [...fieldParts({ name: "Palas!" }), imagePart()]);
      expect(sameSlug.statusCode).toBe(409);
      expect(sameSlug.json().errors).toEqual([{ field: "name", message: categorySlugTaken("palas", "Palas") }]);
      // Renaming one category to another's name is refused alike; its own name, written otherwise, is not.
      const taken = await update(admin, catalogue.categories.zapatillas.id, fieldParts({ name: "pelotas" }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors).toEqual([{ field: "name", message: categoryNameTaken("Pelotas") }]);
      expect({ categories: await categoryCount(), images: await imageCount() }).toEqual(before);
    });

    it("juzga la imagen por su contenido: un programa con nombre .png no se guarda, una demasiado grande tampoco", async () => {
      const before = { categories: await categoryCount(), images: await imageCount() };
      const program = await add(admin, [
        ...fieldParts({ name: "Accesorios Raros" }),
        imagePart(EXE, "foto.png", "image/png"),
      ]);
      expect(program.statusCode).toBe(400);
      expect(program.json()).toEqual({
        message: CATEGORY_IMAGE_INVALID,
        errors: [{ field: "image", message: CATEGORY_IMAGE_INVALID }],
      });
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      );
      const vector = await add(admin, [
        ...fieldParts({ name: "Accesorios Raros" }),
        imagePart(svg, "logo.svg", "image/svg+xml"),
      ]);
      expect(vector.statusCode).toBe(400);
      expect(vector.json().errors).toEqual([{ field: "image", message: CATEGORY_IMAGE_INVALID }]);
      const huge = await add(admin, [
        ...fieldParts({ name: "Accesorios Raros" }),
        imagePart(Buffer.concat([PNG, Buffer.alloc(CATEGORY_IMAGE_MAX_BYTES)]), "enorme.png", "image/png"),
      ]);
      expect(huge.statusCode).toBe(413);
      expect(huge.json().errors).toEqual([{ field: "image", message: CATEGORY_IMAGE_TOO_LARGE }]);
      // A program named .jpg is refused on an edit too, and the category keeps its image.
      expect(
        (
          await update(admin, catalogue.categories.ropa.id, [
            ...fieldParts({ name: "Ropa" }),
            imagePart(EXE, "nueva.jpg"),
          ])
        ).statusCode,
      ).toBe(400);
      expect({ categories: await categoryCount(), images: await imageCount() }).toEqual(before);
    });
  });

  describe("crear", () => {
    it("crea la categoría con su imagen y su ficha, la audita y el catálogo la muestra en la siguiente petición", async () => {
      // The cache is loaded before the write: it must not hide the new category for 30 s.
      const cachedBefore = await homeCategories();
      expect(cachedBefore.map((category) => category.slug)).not.toContain("paleteros-y-mochilas");

      const response = await add(admin, [
        ...fieldParts({ name: "  Paleteros   y Mochilas ", specSheet: "ninguna" }),
        imagePart(PNG, "paletero.bmp", "application/octet-stream"),
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const { message, category } = response.json();
      expect(message).toBe(CATEGORY_ADDED);
      expect(category).toEqual({
        _id: expect.any(String),
        name: "Paleteros y Mochilas",
        slug: "paleteros-y-mochilas",
        image: expect.any(String),
        imageUrl: expect.any(String),
        specSheet: null,
        hidden: false,
      });
      const served = await api.app.inject({ method: "GET", url: `/images/${category.image}/200.webp` });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");

      // Shoppers are offered it once it holds a product in the store (decision 0052).
      await insertProduct(api.db, {
        shopId: catalogue.shops.centro.id,
        categoryId: category._id,
        name: "Paletero Pro",
        slug: "paletero-pro",
        brand: "Bullpadel",
        price: 5900,
        color: "Negro",
        tag: "Novedad",
      });
      const home = await homeCategories();
      expect(home.at(-1)).toEqual({
        _id: category._id,
        name: "Paleteros y Mochilas",
        slug: "paleteros-y-mochilas",
        image: category.image,
        imageUrl: testImageUrl(category.image),
        specSheet: category.specSheet,
      });
      const listed = await get<CategoryListAnswer>(`/category-get?searchValue=${encodeURIComponent("PALETEROS")}`);
      expect(listed.categorys).toEqual([category]);

      const entries = await auditOf(category._id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorId: admin.id,
        action: "categoria.crear",
        entity: "categoria",
        before: null,
        after: { name: "Paleteros y Mochilas", slug: "paleteros-y-mochilas", specSheet: null, imageId: category.image },
      });

      // With a spec sheet.
      const shoes = await add(admin, [
        ...fieldParts({ name: "Zapatillas de Niño", specSheet: "zapatilla" }),
        imagePart(),
      ]);
      expect(shoes.statusCode).toBe(201);
      expect(shoes.json().category).toMatchObject({ slug: "zapatillas-de-nino", specSheet: "zapatilla" });
    });

    it("de dos altas con el mismo nombre a la vez, una se crea y la otra se rechaza junto al nombre", async () => {
      const before = await categoryCount();
      const [first, second] = await Promise.all([
        add(admin, [...fieldParts({ name: "Grips y Overgrips" }), imagePart()]),
        add(admin, [...fieldParts({ name: "GRIPS Y OVERGRIPS" }), imagePart()]),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
      const refused = first.statusCode === 409 ? first : second;
      expect(refused.json().errors[0].field).toBe("name");
      expect(await categoryCount()).toBe(before + 1);
    });

    it("el registro de auditoría del admin filtra por las acciones y el tipo de las categorías", async () => {
      const list = (query: Record<string, string>) =>
        api.app.inject({ method: "GET", url: "/admin/audit", query, headers: admin.headers });
      const created = await list({ action: "categoria.crear" });
      expect(created.statusCode).toBe(200);
      expect(created.json().entries.length).toBeGreaterThanOrEqual(3);
      expect(
        created
          .json()
          .entries.every(
            (entry: { action: string; entity: string }) =>
              entry.action === "categoria.crear" && entry.entity === "categoria",
          ),
      ).toBe(true);
      const byEntity = await list({ entity: "categoria" });
      expect(byEntity.json().totalEntry).toBe(created.json().totalEntry);
      expect((await list({ entity: "tienda" })).json().entries).toEqual([]);
    });
  });

  describe("renombrar", () => {
    it("la dirección sigue al nombre, los productos se encuentran por la nueva y por la antigua, y queda auditado", async () => {
      const palas = catalogue.categories.palas;
      const products = await listingSlugs("palas");
      expect(products).toHaveLength(4);

      const renamed = await update(admin, palas.id, fieldParts({ name: "Palas de Pádel", specSheet: "pala" }));
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toEqual({
        message: CATEGORY_UPDATED,
        category: {
          _id: palas.id,
          name: "Palas de Pádel",
          slug: "palas-de-padel",
          image: palas.imageId,
          imageUrl: testImageUrl(palas.imageId),
          specSheet: "pala",
          hidden: false,
        },
      });
      // At once, through the 30 s cache: the home's categories, the listing by the new and the old slug, the product's card.
      expect((await homeCategories()).find((category) => category._id === palas.id)).toMatchObject({
        name: "Palas de Pádel",
        slug: "palas-de-padel",
      });
      expect(await listingSlugs("palas-de-padel")).toEqual(products);
      expect(await listingSlugs("palas")).toEqual(products);
      const detail = await get<ProductAnswer>("/home/get-product/pala-bullpadel-vertex-04");
      expect(detail.product.category).toEqual({ name: "Palas de Pádel", slug: "palas-de-padel" });

      // Renamed again: every former address still leads to it.
      const again = await update(admin, palas.id, fieldParts({ name: "Palas Pro" }));
      expect(again.json().category).toMatchObject({ slug: "palas-pro", specSheet: "pala" });
      for (const slug of ["palas", "palas-de-padel", "palas-pro"])
        expect(await listingSlugs(slug), slug).toEqual(products);
      expect(await listingSlugs("palas-que-nunca-existieron")).toEqual([]);

      const entries = await auditOf(palas.id);
      expect(entries.map((entry) => [entry.action, entry.actorId, entry.before, entry.after])).toEqual([
        [
          "categoria.editar",
          admin.id,
          { name: "Palas", slug: "palas", specSheet: "pala", imageId: palas.imageId },
          { name: "Palas de Pádel", slug: "palas-de-padel", specSheet: "pala", imageId: palas.imageId },
        ],
        [
          "categoria.editar",
          admin.id,
          { name: "Palas de Pádel", slug: "palas-de-padel", specSheet: "pala", imageId: palas.imageId },
          { name: "Palas Pro", slug: "palas-pro", specSheet: "pala", imageId: palas.imageId },
        ],
      ]);

      // A new category may take a former slug: then the address is the new category's.
      const newcomer = await add(admin, [...fieldParts({ name: "Palas" }), imagePart()]);
      expect(newcomer.statusCode).toBe(201);
      expect(await listingSlugs("palas")).toEqual([]);
      expect(await listingSlugs("palas-de-padel")).toEqual(products);
    });

    it("cambia la imagen y la ficha; una edición sin cambios no escribe nada; la ficha con productos rellenados no cambia", async () => {
      const zapatillas = catalogue.categories.zapatillas;
      const withImage = await update(admin, zapatillas.id, [
        ...fieldParts({ name: "Zapatillas", specSheet: "ninguna" }),
        imagePart(),
      ]);
      expect(withImage.statusCode, withImage.body).toBe(200);
      const { category } = withImage.json();
      expect(category).toMatchObject({ slug: "zapatillas", specSheet: null, image: expect.any(String) });
      expect(category.image).not.toBe(zapatillas.imageId);
      expect((await api.app.inject({ method: "GET", url: `/images/${category.image}/400.webp` })).statusCode).toBe(200);
      const [entry] = await auditOf(zapatillas.id);
      expect(entry).toMatchObject({
        action: "categoria.editar",
        before: { specSheet: "zapatilla", imageId: null },
        after: { specSheet: null, imageId: category.image },
      });

      // The same values again, spec sheet left out (kept) and no file chosen (an empty file input).
      const unchanged = await update(admin, zapatillas.id, [
        ...fieldParts({ name: " Zapatillas " }),
        { name: "image", filename: "", content: Buffer.alloc(0) },
      ]);
      expect(unchanged.statusCode).toBe(200);
      expect(unchanged.json().category).toEqual(category);
      expect(await auditOf(zapatillas.id)).toHaveLength(1);

      // Rackets of 'Palas' have their sheet filled in: it cannot become a shoe's, nor none.
      for (const specSheet of ["zapatilla", "ninguna"]) {
        const refused = await update(
          admin,
          catalogue.categories.palas.id,
          fieldParts({ name: "Palas Pro", specSheet }),
        );
        expect(refused.statusCode).toBe(409);
        expect(refused.json().errors).toEqual([{ field: "specSheet", message: CATEGORY_SPEC_SHEET_IN_USE }]);
      }
      const [palas] = await api.db.select().from(categories).where(eq(categories.id, catalogue.categories.palas.id));
      expect(palas!.specSheet).toBe("pala");
    });
  });
});
