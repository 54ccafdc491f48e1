import { type IncomingMessage, type ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { useFakeApi } from "../support/fake-api";
import type { ProductAnswer } from "#contract/catalog";

/**
 * A renamed product's old address (issue 11): the API answers the product with `redirectSlug` and
 * the product page answers 301 to the current address, keeping the query; the current address is
 * the page itself.
 */

const product: ProductAnswer["product"] = {
  _id: "3f4b6422-a7ad-4313-ae9f-2dc8c5375dbd",
  name: "Pala Nueva",
  slug: "pala-nueva",
  brand: "Nox",
  price: 10_000,
  discount: 0,
  salePrice: 10_000,
  rating: 0,
  stock: 3,
  color: "Negro",
  tag: "Control",
  category: { name: "Palas", slug: "palas" },
  shopName: "Centro Pádel",
  shopSlug: "centro-padel",
  images: ["0b9d7f0e-6f43-4c1e-9a43-2d8f1c3b7a10"],
  hasSizes: false,
  available: true,
  description: "Una pala de prueba.",
  sizes: [],
  specSheet: null,
  specs: null,
  sizeGuide: "categoria",
  sizeGuideTable: null,
  shop: { name: "Centro Pádel", slug: "centro-padel", status: "aprobada", vacationUntil: null },
  createdAt: "2026-01-01T00:00:00.000Z",
};
const reviews: ProductAnswer["reviews"] = { reviews: [], totalReview: 0, rating_review: [], pageNo: 1, perPage: 5 };

describe("la página de un producto renombrado", () => {
  function answer(request: IncomingMessage, response: ServerResponse) {
    const path = request.url ?? "";
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (path === "/home/get-product/pala-vieja")
      return send(200, { product, relatedProducts: [], reviews, redirectSlug: "pala-nueva" });
    if (path === "/home/get-product/pala-nueva") return send(200, { product, relatedProducts: [], reviews });
    if (path === "/home/get-categorys") return send(200, { categorys: [] });
    send(404, { message: "Producto no encontrado" });
  }

  useFakeApi(answer);

  async function load(url: string, slug: string) {
    const { createRequestContext } = await import("~/services/context.server");
    const { loader } = await import("~/routes/product-details");
    const request = new Request(url);
    const context = await createRequestContext(request, { requestId: "prueba-producto", cspNonce: "" });
    return loader({ request, context, params: { slug } });
  }

  it("la dirección vieja responde 301 a la nueva, con su consulta", async () => {
    const thrown = await load("http://127.0.0.1/product/details/pala-vieja?pageNo=2", "pala-vieja").then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(301);
    expect((thrown as Response).headers.get("location")).toBe("/product/details/pala-nueva?pageNo=2");
  });

  it("la dirección actual es la página del producto", async () => {
    const loaded = (await load("http://127.0.0.1/product/details/pala-nueva", "pala-nueva")) as {
      product: { slug: string };
    };
    expect(loaded.product.slug).toBe("pala-nueva");
  });
});
