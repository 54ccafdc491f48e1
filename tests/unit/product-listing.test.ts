import { describe, expect, it } from "vitest";
import { formatPrice } from "~/services/money";
import { PRODUCTS_PER_PAGE } from "#contract/limits";
import { parseListingParams, toProductQuery } from "~/services/product-listing.server";

const parse = (query: string) => parseListingParams(new URLSearchParams(query));

describe("parseListingParams", () => {
  it("lee cada filtro de la URL de /products", () => {
    const { params, droppedInvalid } = parse(
      "category=palas&rating=4&lowPrice=50&highPrice=200&sortPrice=low-to-high&sortByDate=newest&availability=in-stock&color=Azul&tag=Oferta&size=42&searchValue=%20nox%20&pageNumber=3&view=list",
    );
    expect(droppedInvalid).toBe(false);
    expect(params).toEqual({
      category: "palas",
      rating: 4,
      lowPrice: 50,
      highPrice: 200,
      sortPrice: "low-to-high",
      sortByDate: "newest",
      availability: "in-stock",
      color: "Azul",
      tag: "Oferta",
      size: "42",
      searchValue: "nox",
      pageNumber: 3,
      view: "list",
    });
  });

  it("trata los campos vacíos como ausentes, como los envía un formulario sin JavaScript", () => {
    const { params, droppedInvalid } = parse("category=&rating=&tag=&color=&size=&sortPrice=&sortByDate=&view=grid");
    expect(droppedInvalid).toBe(false);
    expect(params).toEqual({ pageNumber: 1, view: "grid" });
  });

  it("descarta los valores inválidos en vez de fallar, y lo dice", () => {
    const { params, droppedInvalid } = parse(
      "rating=9&pageNumber=-2&lowPrice=abc&sortPrice=cheap&category=%3Cscript%3E&view=tiles&size=" + "x".repeat(30),
    );
    expect(droppedInvalid).toBe(true);
    expect(params).toEqual({ pageNumber: 1, view: "grid" });
  });

  it("se queda con la última de varias categorías repetidas e invierte un rango de precios al revés", () => {
    const { params } = parse("category=palas&category=pelotas&lowPrice=300&highPrice=20");
    expect(params.category).toBe("pelotas");
    expect([params.lowPrice, params.highPrice]).toEqual([20, 300]);
  });
});

describe("toProductQuery", () => {
  it("convierte los límites en dólares enteros a centavos y deja fuera la vista", () => {
    const { params } = parse("lowPrice=10.5&highPrice=99.2&view=list");
    const query = toProductQuery(params);
    expect(query).toMatchObject({ lowPrice: 1000, highPrice: 10000, pageNumber: 1, parPage: PRODUCTS_PER_PAGE });
    expect(query).not.toHaveProperty("view");
  });
});

describe("formatPrice", () => {
  it("muestra los centavos como dólares estadounidenses al estilo español", () => {
    expect(formatPrice(17073)).toBe("170,73\u00a0US$");
    expect(formatPrice(1234550)).toBe("12.345,50\u00a0US$");
  });
});
