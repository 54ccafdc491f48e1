import { expect, test, type Response } from "./fixtures";
import { addRacketToCart, queryProducts } from "./support";

/** docs/decisions/0014-cdn-cache.md: what a CDN may keep of the catalogue's pages, and what never. */
const ANONYMOUS = "public, max-age=0, s-maxage=60, stale-while-revalidate=30";
const PERSONAL = "private, no-store";

test.describe("caché de CDN", () => {
  test("las páginas del catálogo de un visitante sin sesión se pueden guardar un minuto en una CDN", async ({ request }) => {
    const { products } = await queryProducts({ category: "palas" });
    const racket = products[0]!;
    for (const path of ["/", "/products?category=palas&sortPrice=low-to-high", `/product/details/${racket.slug}`, `/tienda/${racket.shopSlug}`]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe(ANONYMOUS);
      expect(response.headers()["set-cookie"], path).toBeUndefined();
    }
  });

  test("los archivos estáticos: los de assets/ para siempre (su nombre cambia con su contenido), el favicon una hora", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const script = await request.get(asset!);
    expect(script.status()).toBe(200);
    expect(script.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const favicon = await request.get("/favicon.svg");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toContain("image/svg+xml");
    expect(favicon.headers()["cache-control"]).toBe("public, max-age=3600");
  });

  test("la respuesta que guarda un aviso y las páginas de un comprador con carrito son privadas y no se guardan", async ({ page, baseURL }) => {
    const webResponses: Response[] = [];
    page.on("response", (response) => {
      // With JavaScript the cart's form answers a fetch, without it a document: both are the web's.
      if (response.url().startsWith(baseURL!)) webResponses.push(response);
    });
    await addRacketToCart(page);
    // Adding to the cart wrote the session cookie (the guest's cart, the flash message) on an answer.
    // (headers() leaves cookies out: allHeaders() has them.)
    const all = await Promise.all(webResponses.map((response) => response.allHeaders()));
    const settingCookie = all.filter((headers) => headers["set-cookie"] !== undefined);
    expect(settingCookie.length).toBeGreaterThan(0);
    for (const headers of settingCookie) expect(headers["cache-control"]).toBe(PERSONAL);

    for (const path of ["/", "/products?category=palas"]) {
      const response = await page.goto(path);
      expect(response?.headers()["cache-control"], path).toBe(PERSONAL);
    }
  });
});
