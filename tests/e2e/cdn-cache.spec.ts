import { expect, test, type Response } from "./fixtures";
import { addRacketToCart } from "./support";

/**
 * docs/decisions/0014-cdn-cache.md: what a CDN must never keep, a shopper's own answers, with
 * JavaScript and without. What it may keep of a visitor's pages is asked over HTTP, once, by
 * tests/http/cdn-cache.spec.ts.
 */
const PERSONAL = "private, no-store";

test.describe("caché de CDN", () => {
  test("la respuesta que guarda un aviso y las páginas de un comprador con carrito son privadas y no se guardan", async ({
    page,
    baseURL,
  }) => {
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
