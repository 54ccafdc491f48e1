import { beforeAll, describe, expect, it } from "vitest";
import type {
  AdvancedSearchAnswer,
  BannersAnswer,
  CategoryListAnswer,
  HomeCategoriesAnswer,
  HomeProductsAnswer,
  PriceRangeAnswer,
  ProductFiltersAnswer,
  ProductAnswer,
  ProductCard,
  QueryProductsAnswer,
} from "#contract/catalog";
import { postgresAvailable } from "../support/postgres";
import { type Catalogue, insertBanner, insertCatalogue, insertProduct, testImageUrl, useTestApi } from "./support";

const ALL_SLUGS_NEWEST_FIRST = [
  "camiseta-tecnica-nox",
  "pelotas-bullpadel-premium-pro",
  "pelotas-head-padel-pro",
  "zapatillas-joma-slam",
  "zapatillas-bullpadel-hack-hybrid",
  "zapatillas-asics-gel-padel-pro-5",
  "pala-head-delta-pro",
  "pala-nox-at10-genius",
  "pala-bullpadel-hack-03",
  "pala-bullpadel-vertex-04",
];
const BULLPADEL_SLUGS = [
  "pala-bullpadel-vertex-04",
  "pala-bullpadel-hack-03",
  "zapatillas-bullpadel-hack-hybrid",
  "pelotas-bullpadel-premium-pro",
];
const PALAS_SLUGS = [
  "pala-bullpadel-vertex-04",
  "pala-bullpadel-hack-03",
  "pala-nox-at10-genius",
  "pala-head-delta-pro",
];

const slugs = (products: { slug: string }[]) => products.map((product) => product.slug);
const sorted = (values: string[]) => [...values].sort();

/** The same behaviour is required on the embedded PGlite and on a real PostgreSQL (DESIGN.md section 1). */
const engines = postgresAvailable() ? (["PGlite", "PostgreSQL"] as const) : (["PGlite"] as const);

describe.each(engines)("catálogo en %s", (engine) => {
  const api = useTestApi({ engine });
  let catalogue: Catalogue;

  async function get<T>(url: string): Promise<{ status: number; body: T }> {
    const response = await api.app.inject({ method: "GET", url });
    return { status: response.statusCode, body: response.json() as T };
  }

  async function queryProducts(query: Record<string, string | number>): Promise<QueryProductsAnswer> {
    const { status, body } = await get<QueryProductsAnswer>(
      `/home/query-products?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`,
    );
    expect(status).toBe(200);
    return body;
  }

  async function searchSlugs(searchValue: string): Promise<string[]> {
    return slugs((await queryProducts({ searchValue })).products);
  }

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
  });

  describe("categorías", () => {
    it("GET /home/get-categorys las da todas por posición", async () => {
      const { status, body } = await get<HomeCategoriesAnswer>("/home/get-categorys");
      expect(status).toBe(200);
      expect(body.categorys.map((category) => category.slug)).toEqual(["palas", "zapatillas", "pelotas", "ropa"]);
      expect(body.categorys[0]).toEqual({
        _id: catalogue.categories.palas.id,
        name: "Palas",
        slug: "palas",
        image: catalogue.categories.palas.imageId,
        imageUrl: testImageUrl(catalogue.categories.palas.imageId),
        specSheet: "pala",
      });
      expect(body.categorys[1]!.image).toBeNull();
      expect(body.categorys.map((category) => category.specSheet)).toEqual(["pala", "zapatilla", null, null]);
    });

    it("GET /category-get pagina con 12 por defecto y cuenta el total", async () => {
      const { status, body } = await get<CategoryListAnswer>("/category-get");
      expect(status).toBe(200);
      expect(body.totalCategory).toBe(4);
      expect(body.categorys.map((category) => category.slug)).toEqual(["palas", "zapatillas", "pelotas", "ropa"]);

      const secondPage = await get<CategoryListAnswer>("/category-get?page=2&parPage=3");
      expect(secondPage.body).toEqual({ categorys: [expect.objectContaining({ slug: "ropa" })], totalCategory: 4 });

      const beyond = await get<CategoryListAnswer>("/category-get?page=3&parPage=3");
      expect(beyond.body).toEqual({ categorys: [], totalCategory: 4 });
    });

    it("GET /category-get busca por nombre sin distinguir mayúsculas ni acentos", async () => {
      const byName = await get<CategoryListAnswer>("/category-get?searchValue=%20PALA%20");
      expect(byName.body.categorys.map((category) => category.slug)).toEqual(["palas"]);
      expect(byName.body.totalCategory).toBe(1);

      const accented = await get<CategoryListAnswer>(`/category-get?searchValue=${encodeURIComponent("zapátillas")}`);
      expect(accented.body.categorys.map((category) => category.slug)).toEqual(["zapatillas"]);

      const paged = await get<CategoryListAnswer>("/category-get?searchValue=a&parPage=1&page=2");
      expect(paged.body.totalCategory).toBe(4);
      expect(paged.body.categorys.map((category) => category.slug)).toEqual(["zapatillas"]);

      // LIKE wildcards are searched as themselves.
      const wildcard = await get<CategoryListAnswer>("/category-get?searchValue=%25");
      expect(wildcard.body).toEqual({ categorys: [], totalCategory: 0 });
    });

    it.each([
      ["page=0", "La página debe ser un número entero mayor o igual que 1."],
      ["page=abc", "La página debe ser un número entero mayor o igual que 1."],
      ["page=1.5", "La página debe ser un número entero mayor o igual que 1."],
      ["parPage=0", "La cantidad por página debe ser un número entero entre 1 y 100."],
      ["parPage=101", "La cantidad por página debe ser un número entero entre 1 y 100."],
      [`searchValue=${"a".repeat(101)}`, "La búsqueda no puede superar los 100 caracteres."],
    ])("GET /category-get?%s responde 400 en español", async (query, message) => {
      const { status, body } = await get<{ message: string }>(`/category-get?${query}`);
      expect(status).toBe(400);
      expect(body.message).toBe(message);
    });
  });

  describe("portada", () => {
    it("GET /home/get-products da las listas de la portada", async () => {
      const { status, body } = await get<HomeProductsAnswer>("/home/get-products");
      expect(status).toBe(200);
      expect(slugs(body.products)).toEqual(ALL_SLUGS_NEWEST_FIRST);
      expect(slugs(body.latest_product)).toEqual(ALL_SLUGS_NEWEST_FIRST.slice(0, 9));
      expect(slugs(body.topRated_product)).toEqual([
        "pala-nox-at10-genius",
        "pala-bullpadel-vertex-04",
        "pelotas-head-padel-pro",
        "pala-bullpadel-hack-03",
        "zapatillas-asics-gel-padel-pro-5",
        "camiseta-tecnica-nox",
        "pelotas-bullpadel-premium-pro",
        "pala-head-delta-pro",
        "zapatillas-bullpadel-hack-hybrid",
      ]);
      expect(body.discount_product.map((product) => [product.slug, product.discount])).toEqual([
        ["pala-head-delta-pro", 50],
        ["zapatillas-joma-slam", 30],
        ["pelotas-bullpadel-premium-pro", 25],
        ["pala-bullpadel-vertex-04", 20],
        ["zapatillas-asics-gel-padel-pro-5", 15],
        ["pala-nox-at10-genius", 10],
      ]);
    });

    it("cada producto llega como ficha completa, con imágenes por posición", async () => {
      const { body } = await get<HomeProductsAnswer>("/home/get-products");
      const vertex = catalogue.bySlug["pala-bullpadel-vertex-04"]!;
      expect(body.products.find((product) => product.slug === vertex.slug)).toEqual({
        _id: vertex.id,
        name: "Pala Bullpadel Vertex 04",
        slug: "pala-bullpadel-vertex-04",
        brand: "Bullpadel",
        price: 25000,
        discount: 20,
        salePrice: 20000,
        rating: 4.8,
        stock: 5,
        color: "Negro",
        tag: "Potencia",
        category: { name: "Palas", slug: "palas" },
        shopName: "Centro Pádel",
        shopSlug: "centro-padel",
        images: vertex.imageIds,
        imageUrls: vertex.imageIds.map((id) => testImageUrl(id)),
        hasSizes: false,
        available: true,
      } satisfies ProductCard);
      expect(body.products.find((product) => product.slug === "camiseta-tecnica-nox")!.hasSizes).toBe(true);
      expect(vertex.imageIds).toHaveLength(2);
      // Stock of a product with sizes is the sum of its sizes.
      expect(body.products.find((product) => product.slug === "camiseta-tecnica-nox")!.stock).toBe(7);
    });

    it("GET /home/price-range-latest-product da el rango de precios, lo último y las opciones de filtro", async () => {
      const { status, body } = await get<PriceRangeAnswer>("/home/price-range-latest-product");
      expect(status).toBe(200);
      expect(body.priceRange).toEqual({ low: 600, high: 28000 });
      expect(slugs(body.latest_product)).toEqual(ALL_SLUGS_NEWEST_FIRST.slice(0, 9));
      expect(body.filters).toEqual({
        colors: ["Amarillo", "Azul", "Blanco", "Negro", "Rojo"],
        tags: ["Comodidad", "Competición", "Control", "Oferta", "Potencia"],
        // Numbers first and ascending, then letters in garment order; sizes with no stock anywhere are left out.
        sizes: ["38.5", "40", "41", "42", "S", "L", "XL", "XXL"],
      });
    });

    it("GET /home/product-filters da solo el rango de precios y las opciones de filtro", async () => {
      const [filters, withLatest] = await Promise.all([
        get<ProductFiltersAnswer>("/home/product-filters"),
        get<PriceRangeAnswer>("/home/price-range-latest-product"),
      ]);
      expect(filters.status).toBe(200);
      expect(filters.body).toEqual({ priceRange: withLatest.body.priceRange, filters: withLatest.body.filters });
    });

    it("GET /banners los da por posición", async () => {
      const second = await insertBanner(api.db, {
        title: "Zapatillas nuevas",
        subtitle: "Temporada 2025",
        link: "/products?category=zapatillas",
        position: 2,
      });
      const first = await insertBanner(api.db, {
        title: "Palas de potencia",
        link: "/products?category=palas",
        position: 1,
      });
      const { status, body } = await get<BannersAnswer>("/banners");
      expect(status).toBe(200);
      expect(body.banners).toEqual([
        {
          _id: first.id,
          title: "Palas de potencia",
          subtitle: "",
          link: "/products?category=palas",
          image: first.imageId,
          imageUrl: testImageUrl(first.imageId),
        },
        {
          _id: second.id,
          title: "Zapatillas nuevas",
          subtitle: "Temporada 2025",
          link: "/products?category=zapatillas",
          image: second.imageId,
          imageUrl: testImageUrl(second.imageId),
        },
      ]);
    });
  });

  describe("GET /home/query-products", () => {
    it("sin filtros da todo, lo más nuevo primero, 12 por página", async () => {
      const answer = await queryProducts({});
      expect(slugs(answer.products)).toEqual(ALL_SLUGS_NEWEST_FIRST);
      expect(answer.totalProduct).toBe(10);
      expect(answer.parPage).toBe(12);
    });

    it("los parámetros vacíos no filtran", async () => {
      const answer = await queryProducts({
        category: "",
        rating: "",
        lowPrice: "",
        highPrice: "",
        sortPrice: "",
        sortByDate: "",
        availability: "",
        color: "",
        tag: "",
        size: "",
        pageNumber: "",
        parPage: "",
        searchValue: "   ",
      });
      expect(slugs(answer.products)).toEqual(ALL_SLUGS_NEWEST_FIRST);
      expect(answer.totalProduct).toBe(10);
    });

    it("filtra por categoría; una categoría desconocida da una lista vacía", async () => {
      const palas = await queryProducts({ category: "palas" });
      expect(slugs(palas.products)).toEqual([
        "pala-head-delta-pro",
        "pala-nox-at10-genius",
        "pala-bullpadel-hack-03",
        "pala-bullpadel-vertex-04",
      ]);
      expect(palas.totalProduct).toBe(4);
      expect(await queryProducts({ category: "raquetas-de-tenis" })).toEqual({
        products: [],
        totalProduct: 0,
        parPage: 12,
      });
    });

    it("filtra por valoración mínima", async () => {
      const answer = await queryProducts({ rating: 4 });
      expect(sorted(slugs(answer.products))).toEqual(
        sorted([
          "pala-nox-at10-genius",
          "pala-bullpadel-vertex-04",
          "pelotas-head-padel-pro",
          "pala-bullpadel-hack-03",
          "zapatillas-asics-gel-padel-pro-5",
          "camiseta-tecnica-nox",
          "pelotas-bullpadel-premium-pro",
        ]),
      );
      expect(answer.totalProduct).toBe(7);
      expect(answer.products.every((product) => product.rating >= 4)).toBe(true);
      expect(slugs((await queryProducts({ rating: 5 })).products)).toEqual([]);
    });

    it("filtra por precio de venta (con descuento), límites incluidos", async () => {
      const between = await queryProducts({ lowPrice: 9000, highPrice: 10200 });
      expect(sorted(slugs(between.products))).toEqual(
        sorted(["zapatillas-asics-gel-padel-pro-5", "zapatillas-bullpadel-hack-hybrid", "pala-head-delta-pro"]),
      );
      expect(sorted(slugs((await queryProducts({ lowPrice: 20000 })).products))).toEqual(
        sorted(["pala-bullpadel-vertex-04", "pala-bullpadel-hack-03", "pala-nox-at10-genius"]),
      );
      expect(sorted(slugs((await queryProducts({ highPrice: 700 })).products))).toEqual(
        sorted(["pelotas-head-padel-pro", "pelotas-bullpadel-premium-pro"]),
      );
      expect(slugs((await queryProducts({ lowPrice: 700, highPrice: 700 })).products)).toEqual([
        "pelotas-head-padel-pro",
      ]);
    });

    it("filtra por disponibilidad", async () => {
      const answer = await queryProducts({ availability: "in-stock" });
      expect(sorted(slugs(answer.products))).toEqual(
        sorted([
          "pala-bullpadel-vertex-04",
          "pala-nox-at10-genius",
          "pala-head-delta-pro",
          "zapatillas-asics-gel-padel-pro-5",
          "zapatillas-bullpadel-hack-hybrid",
          "pelotas-head-padel-pro",
          "camiseta-tecnica-nox",
        ]),
      );
      expect(answer.products.every((product) => product.stock > 0)).toBe(true);
    });

    it("filtra por color y por etiqueta", async () => {
      expect(sorted(slugs((await queryProducts({ color: "Negro" })).products))).toEqual(
        sorted(["pala-bullpadel-vertex-04", "pala-head-delta-pro"]),
      );
      expect(sorted(slugs((await queryProducts({ tag: "Oferta" })).products))).toEqual(
        sorted(["zapatillas-joma-slam", "pelotas-bullpadel-premium-pro"]),
      );
      expect((await queryProducts({ color: "Verde" })).totalProduct).toBe(0);
    });

    it("filtra por talla con existencias", async () => {
      // The Asics also has a 40, but none in stock.
      expect(slugs((await queryProducts({ size: "40" })).products)).toEqual(["zapatillas-bullpadel-hack-hybrid"]);
      expect(slugs((await queryProducts({ size: "41" })).products)).toEqual(["zapatillas-asics-gel-padel-pro-5"]);
      expect(slugs((await queryProducts({ size: "XL" })).products)).toEqual(["camiseta-tecnica-nox"]);
      expect((await queryProducts({ size: "M" })).totalProduct).toBe(0);
      expect((await queryProducts({ size: "44" })).totalProduct).toBe(0);
    });

    it("ordena por precio en ambos sentidos; a igual precio, lo más nuevo primero", async () => {
      const ascending = await queryProducts({ sortPrice: "low-to-high" });
      expect(ascending.products.map((product) => product.salePrice)).toEqual([
        600, 700, 3500, 4200, 9000, 9000, 10200, 20000, 27000, 28000,
      ]);
      expect(slugs(ascending.products).slice(4, 6)).toEqual([
        "zapatillas-bullpadel-hack-hybrid",
        "pala-head-delta-pro",
      ]);
      const descending = await queryProducts({ sortPrice: "high-to-low" });
      expect(descending.products.map((product) => product.salePrice)).toEqual([
        28000, 27000, 20000, 10200, 9000, 9000, 4200, 3500, 700, 600,
      ]);
    });

    it("ordena por fecha en ambos sentidos", async () => {
      expect(slugs((await queryProducts({ sortByDate: "newest" })).products)).toEqual(ALL_SLUGS_NEWEST_FIRST);
      expect(slugs((await queryProducts({ sortByDate: "oldest" })).products)).toEqual(
        [...ALL_SLUGS_NEWEST_FIRST].reverse(),
      );
    });

    it("ordena por precio y después por fecha", async () => {
      const answer = await queryProducts({
        sortPrice: "high-to-low",
        sortByDate: "oldest",
        lowPrice: 9000,
        highPrice: 9000,
      });
      expect(slugs(answer.products)).toEqual(["pala-head-delta-pro", "zapatillas-bullpadel-hack-hybrid"]);
    });

    it("combina filtros y orden", async () => {
      const palasInStock = await queryProducts({
        category: "palas",
        availability: "in-stock",
        sortPrice: "low-to-high",
      });
      expect(slugs(palasInStock.products)).toEqual([
        "pala-head-delta-pro",
        "pala-bullpadel-vertex-04",
        "pala-nox-at10-genius",
      ]);
      expect(palasInStock.totalProduct).toBe(3);

      const whiteShoes = await queryProducts({ category: "zapatillas", color: "Blanco", rating: 4 });
      expect(slugs(whiteShoes.products)).toEqual(["zapatillas-asics-gel-padel-pro-5"]);

      const comfortable = await queryProducts({
        tag: "Comodidad",
        size: "41",
        lowPrice: 10000,
        highPrice: 20000,
        availability: "in-stock",
      });
      expect(slugs(comfortable.products)).toEqual(["zapatillas-asics-gel-padel-pro-5"]);

      // The same filters under the names the listing sends (SPEC.md section 7).
      expect(
        await queryProducts({ tagValue: "Comodidad", size: "41", low: 10000, high: 20000, InStock: "true" }),
      ).toEqual(comfortable);
      expect(await queryProducts({ category: "palas", InStock: "true", sortPrice: "low-to-high" })).toEqual(
        palasInStock,
      );
      expect((await queryProducts({ InStock: "false" })).totalProduct).toBe((await queryProducts({})).totalProduct);
      // The call's own name wins when both are sent.
      expect(await queryProducts({ low: 1, lowPrice: 9000, highPrice: 10200 })).toEqual(
        await queryProducts({ lowPrice: 9000, highPrice: 10200 }),
      );

      const bullpadelPalas = await queryProducts({
        searchValue: "bullpadel",
        category: "palas",
        sortPrice: "high-to-low",
      });
      expect(slugs(bullpadelPalas.products)).toEqual(["pala-bullpadel-hack-03", "pala-bullpadel-vertex-04"]);
      expect(bullpadelPalas.totalProduct).toBe(2);

      const nothing = await queryProducts({ category: "pelotas", color: "Negro" });
      expect(nothing).toEqual({ products: [], totalProduct: 0, parPage: 12 });
    });

    it("pagina sin repetir ni saltar productos y cuenta el total en cada página", async () => {
      const pages = [];
      for (let pageNumber = 1; pageNumber <= 4; pageNumber++)
        pages.push(await queryProducts({ parPage: 3, pageNumber }));
      expect(pages.map((page) => page.products.length)).toEqual([3, 3, 3, 1]);
      expect(pages.every((page) => page.totalProduct === 10 && page.parPage === 3)).toBe(true);
      expect(pages.flatMap((page) => slugs(page.products))).toEqual(ALL_SLUGS_NEWEST_FIRST);

      const beyond = await queryProducts({ parPage: 3, pageNumber: 5 });
      expect(beyond).toEqual({ products: [], totalProduct: 10, parPage: 3 });

      const filteredPage = await queryProducts({
        category: "palas",
        sortPrice: "low-to-high",
        parPage: 2,
        pageNumber: 2,
      });
      expect(slugs(filteredPage.products)).toEqual(["pala-nox-at10-genius", "pala-bullpadel-hack-03"]);
      expect(filteredPage.totalProduct).toBe(4);
    });

    it.each([
      ["sortPrice=foo", "El orden por precio debe ser «low-to-high» o «high-to-low»."],
      ["sortByDate=ayer", "El orden por fecha debe ser «newest» u «oldest»."],
      ["availability=todos", "La disponibilidad solo admite el valor «in-stock»."],
      ["pageNumber=0", "El número de página debe ser un número entero mayor o igual que 1."],
      ["pageNumber=-1", "El número de página debe ser un número entero mayor o igual que 1."],
      ["pageNumber=2.5", "El número de página debe ser un número entero mayor o igual que 1."],
      ["pageNumber=1e3", "El número de página debe ser un número entero mayor o igual que 1."],
      ["pageNumber=99999999999", "El número de página debe ser un número entero mayor o igual que 1."],
      ["pageNumber=1&pageNumber=2", "El número de página debe ser un número entero mayor o igual que 1."],
      ["parPage=0", "La cantidad por página debe ser un número entero entre 1 y 48."],
      ["parPage=49", "La cantidad por página debe ser un número entero entre 1 y 48."],
      ["rating=0", "La valoración debe ser un número entero entre 1 y 5."],
      ["rating=9", "La valoración debe ser un número entero entre 1 y 5."],
      ["rating=4.5", "La valoración debe ser un número entero entre 1 y 5."],
      ["lowPrice=abc", "El precio mínimo debe ser un número entero de céntimos entre 0 y 100.000.000."],
      ["lowPrice=-5", "El precio mínimo debe ser un número entero de céntimos entre 0 y 100.000.000."],
      ["lowPrice=999999999999", "El precio mínimo debe ser un número entero de céntimos entre 0 y 100.000.000."],
      ["highPrice=10.50", "El precio máximo debe ser un número entero de céntimos entre 0 y 100.000.000."],
      ["highPrice=100000001", "El precio máximo debe ser un número entero de céntimos entre 0 y 100.000.000."],
      ["lowPrice=5000&highPrice=1000", "El precio mínimo no puede ser mayor que el precio máximo."],
      [`category=${"a".repeat(201)}`, "La categoría no es válida."],
      ["category=palas&category=pelotas", "La categoría no es válida."],
      [`color=${"a".repeat(101)}`, "El color no es válido."],
      [`tag=${"a".repeat(101)}`, "La etiqueta no es válida."],
      [`size=${"4".repeat(21)}`, "La talla no es válida."],
      ["low=abc", "El precio mínimo debe ser un número entero de céntimos entre 0 y 100.000.000."],
      ["high=-1", "El precio máximo debe ser un número entero de céntimos entre 0 y 100.000.000."],
      [`tagValue=${"a".repeat(101)}`, "La etiqueta no es válida."],
      ["InStock=si", "InStock solo admite «true» o «false»."],
      [`searchValue=${"a".repeat(101)}`, "La búsqueda no puede superar los 100 caracteres."],
    ])("?%s responde 400 con un mensaje en español", async (query, message) => {
      const { status, body } = await get<{ message: string; errors: { field: string; message: string }[] }>(
        `/home/query-products?${query}`,
      );
      expect(status).toBe(400);
      expect(body.message).toBe(message);
      expect(body.errors[0]!.field).toBe(query.split("=")[0]);
    });
  });

  describe("búsqueda", () => {
    it("encuentra Bullpadel escrito con erratas", async () => {
      for (const typo of ["bullpadel", "bulpadel", "bulbpadel", "BULBPADEL"]) {
        expect(sorted(await searchSlugs(typo)), typo).toEqual(sorted(BULLPADEL_SLUGS));
      }
    });

    it("encuentra por el comienzo de una palabra mientras se escribe", async () => {
      expect(sorted(await searchSlugs("bullp"))).toEqual(sorted(BULLPADEL_SLUGS));
    });

    it("ignora los acentos en la búsqueda y en el producto", async () => {
      const plain = await searchSlugs("nucleo");
      expect(sorted(plain)).toEqual(
        sorted(["pala-bullpadel-vertex-04", "pala-bullpadel-hack-03", "pala-nox-at10-genius"]),
      );
      expect(await searchSlugs("núcleo")).toEqual(plain);
      expect(await searchSlugs("NÚCLEO")).toEqual(plain);
      expect(await searchSlugs("tecnica")).toEqual(["camiseta-tecnica-nox"]);
    });

    it("reconoce singular y plural (raíces en español)", async () => {
      expect(sorted(await searchSlugs("zapatilla"))).toEqual(
        sorted(["zapatillas-asics-gel-padel-pro-5", "zapatillas-bullpadel-hack-hybrid", "zapatillas-joma-slam"]),
      );
      expect(sorted(await searchSlugs("pala"))).toEqual(sorted(PALAS_SLUGS));
      expect(sorted(await searchSlugs("palas"))).toEqual(sorted(PALAS_SLUGS));
      // Description words count too: "presurizadas" stems like "presurizada".
      expect(await searchSlugs("presurizada")).toEqual(["pelotas-head-padel-pro"]);
    });

    it("ordena por relevancia: el nombre pesa más que la descripción", async () => {
      const results = await searchSlugs("head");
      expect(sorted(results.slice(0, 2))).toEqual(sorted(["pala-head-delta-pro", "pelotas-head-padel-pro"]));
      // The Joma only mentions Head in its description.
      expect(results[2]).toBe("zapatillas-joma-slam");
      expect(results).toHaveLength(3);
      expect((await searchSlugs("pala nox"))[0]).toBe("pala-nox-at10-genius");
    });

    it("con un orden explícito, el orden manda sobre la relevancia", async () => {
      const answer = await queryProducts({ searchValue: "head", sortPrice: "low-to-high" });
      expect(slugs(answer.products)).toEqual(["pelotas-head-padel-pro", "zapatillas-joma-slam", "pala-head-delta-pro"]);
      expect(answer.totalProduct).toBe(3);
      const oldest = await queryProducts({ searchValue: "head", sortByDate: "oldest" });
      expect(slugs(oldest.products)).toEqual(["pala-head-delta-pro", "zapatillas-joma-slam", "pelotas-head-padel-pro"]);
    });

    it("un texto sin palabras útiles no encuentra nada y no falla", async () => {
      for (const text of ["!!!", "de la", "zzzzqqq", "'; drop table products; --", '"pala', "-pala"]) {
        const { status } = await get(`/home/query-products?searchValue=${encodeURIComponent(text)}`);
        expect(status, text).toBe(200);
      }
      expect(await searchSlugs("zzzzqqq")).toEqual([]);
    });

    it("GET /home/advanced-search sugiere nombre, slug e imágenes por relevancia", async () => {
      const { status, body } = await get<AdvancedSearchAnswer>("/home/advanced-search?searchValue=bulbpadel");
      expect(status).toBe(200);
      expect(sorted(slugs(body.advanced_search_prd))).toEqual(sorted(BULLPADEL_SLUGS));
      const vertex = catalogue.bySlug["pala-bullpadel-vertex-04"]!;
      expect(body.advanced_search_prd.find((item) => item.slug === vertex.slug)).toEqual({
        _id: vertex.id,
        name: "Pala Bullpadel Vertex 04",
        slug: "pala-bullpadel-vertex-04",
        images: vertex.imageIds,
        imageUrls: vertex.imageIds.map((id) => testImageUrl(id)),
      });

      const head = await get<AdvancedSearchAnswer>(
        `/home/advanced-search?searchValue=${encodeURIComponent("  Head ")}`,
      );
      expect(slugs(head.body.advanced_search_prd).at(-1)).toBe("zapatillas-joma-slam");
    });

    it.each([
      ["", "No se proporcionó un valor para buscar"],
      ["?searchValue=", "No se proporcionó un valor para buscar"],
      ["?searchValue=%20%20", "No se proporcionó un valor para buscar"],
      ["?searchValue=a&searchValue=b", "No se proporcionó un valor para buscar"],
      [`?searchValue=${"a".repeat(101)}`, "La búsqueda no puede superar los 100 caracteres."],
    ])("GET /home/advanced-search%s responde 400", async (query, message) => {
      const { status, body } = await get<{ message: string }>(`/home/advanced-search${query}`);
      expect(status).toBe(400);
      expect(body.message).toBe(message);
    });
  });

  describe("ficha de producto", () => {
    it("GET /home/get-product/:slug da el detalle y hasta 8 relacionados de su categoría", async () => {
      const vertex = catalogue.bySlug["pala-bullpadel-vertex-04"]!;
      const { status, body } = await get<ProductAnswer>("/home/get-product/pala-bullpadel-vertex-04");
      expect(status).toBe(200);
      expect(body.product).toEqual({
        _id: vertex.id,
        name: "Pala Bullpadel Vertex 04",
        slug: "pala-bullpadel-vertex-04",
        brand: "Bullpadel",
        price: 25000,
        discount: 20,
        salePrice: 20000,
        rating: 4.8,
        stock: 5,
        color: "Negro",
        tag: "Potencia",
        category: { name: "Palas", slug: "palas" },
        shopName: "Centro Pádel",
        shopSlug: "centro-padel",
        images: vertex.imageIds,
        imageUrls: vertex.imageIds.map((id) => testImageUrl(id)),
        hasSizes: false,
        available: true,
        description: "Pala de forma diamante con núcleo de goma EVA dura.",
        sizes: [],
        // No size guide chosen: the category's (a racket has none to show).
        sizeGuide: "categoria",
        sizeGuideTable: null,
        specSheet: "pala",
        specs: {
          forma: "Diamante",
          peso: "360-375 g",
          balance: "Alto",
          nucleo: "EVA",
          cara: "Carbono",
          nivel: "Avanzado",
        },
        shop: { name: "Centro Pádel", slug: "centro-padel", status: "aprobada", vacationUntil: null },
        createdAt: "2024-01-10T12:00:00.000Z",
      });
      expect(slugs(body.relatedProducts)).toEqual([
        "pala-head-delta-pro",
        "pala-nox-at10-genius",
        "pala-bullpadel-hack-03",
      ]);
      // The first page of its reviews comes along, as GET /home/customer/get-reviews answers it.
      const reviews = await get<ProductAnswer["reviews"]>(`/home/customer/get-reviews/${vertex.id}`);
      expect(body.reviews).toEqual(reviews.body);
      expect(body.reviews).toMatchObject({ reviews: [], totalReview: 0, pageNo: 1, perPage: 5 });
    });

    it("da las tallas en su orden, con sus existencias", async () => {
      const { body } = await get<ProductAnswer>("/home/get-product/zapatillas-asics-gel-padel-pro-5");
      expect(body.product.sizes).toEqual([
        { size: "42", stock: 2 },
        { size: "40", stock: 0 },
        { size: "41", stock: 1 },
      ]);
      expect(body.product.stock).toBe(3);
      expect(body.product.specs).toBeNull();
      expect(sorted(slugs(body.relatedProducts))).toEqual(
        sorted(["zapatillas-bullpadel-hack-hybrid", "zapatillas-joma-slam"]),
      );
    });

    it("un producto solo en su categoría no tiene relacionados", async () => {
      const { body } = await get<ProductAnswer>("/home/get-product/camiseta-tecnica-nox");
      expect(body.relatedProducts).toEqual([]);
    });

    it("un slug desconocido responde 404", async () => {
      for (const slug of ["no-existe", encodeURIComponent("pala bullpadel"), "a".repeat(200)]) {
        const { status, body } = await get(`/home/get-product/${slug}`);
        expect(status, slug).toBe(404);
        expect(body).toEqual({ message: "Producto no encontrado" });
      }
      // The router refuses path parameters over 200 characters before the route runs.
      const tooLong = await get(`/home/get-product/${"a".repeat(201)}`);
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toEqual({ message: "Petición no válida." });
    });
  });
});

describe("catálogo vacío y catálogo grande", () => {
  const api = useTestApi();

  it("sin productos el rango de precios es 0-100 USD y las listas están vacías", async () => {
    const range = (await api.app.inject({ url: "/home/price-range-latest-product" })).json() as PriceRangeAnswer;
    expect(range).toEqual({
      priceRange: { low: 0, high: 10000 },
      latest_product: [],
      filters: { colors: [], tags: [], sizes: [] },
    });
    const home = (await api.app.inject({ url: "/home/get-products" })).json() as HomeProductsAnswer;
    expect(home).toEqual({ products: [], latest_product: [], topRated_product: [], discount_product: [] });
    expect((await api.app.inject({ url: "/home/query-products" })).json()).toEqual({
      products: [],
      totalProduct: 0,
      parPage: 12,
    });
    expect((await api.app.inject({ url: "/banners" })).json()).toEqual({ banners: [] });
    expect((await api.app.inject({ url: "/category-get" })).json()).toEqual({ categorys: [], totalCategory: 0 });
  });

  it("la portada limita sus listas y la búsqueda avanzada da como mucho 8 resultados", async () => {
    const catalogue = await insertCatalogue(api.db);
    for (let index = 1; index <= 10; index++) {
      await insertProduct(api.db, {
        shopId: catalogue.shops.centro.id,
        categoryId: catalogue.categories.ropa.id,
        name: `Grip Bullpadel Confort ${index}`,
        slug: `grip-bullpadel-confort-${index}`,
        brand: "Bullpadel",
        price: 500,
        color: "Blanco",
        tag: "Accesorio",
        stock: 10,
        createdAt: new Date(Date.UTC(2025, 0, index)),
      });
    }
    const home = (await api.app.inject({ url: "/home/get-products" })).json() as HomeProductsAnswer;
    expect(home.products).toHaveLength(12);
    expect(home.latest_product).toHaveLength(9);
    expect(home.topRated_product).toHaveLength(9);
    expect(home.products[0]!.slug).toBe("grip-bullpadel-confort-10");

    const search = (
      await api.app.inject({ url: "/home/advanced-search?searchValue=bullpadel" })
    ).json() as AdvancedSearchAnswer;
    expect(search.advanced_search_prd).toHaveLength(8);
    const all = (
      await api.app.inject({ url: "/home/query-products?searchValue=bullpadel&parPage=48" })
    ).json() as QueryProductsAnswer;
    expect(all.totalProduct).toBe(14);
    expect(all.products).toHaveLength(14);

    const { body } = await api.app.inject({ url: "/home/get-product/grip-bullpadel-confort-1" });
    expect((JSON.parse(body) as ProductAnswer).relatedProducts).toHaveLength(8);
  });
});
