import { expect, test } from "@playwright/test";
import { placeOrderThroughApi, productNoJourneyBuys, registerThroughApi } from "../e2e/orders-support";
import { apiUrl, queryProducts } from "../e2e/support";

/**
 * docs/decisions/0014-cdn-cache.md: what a CDN may keep of the catalogue's pages, asked over HTTP,
 * once. What a shopper's own answers say (private, never kept) is checked in the browser, with
 * JavaScript and without, by tests/e2e/cdn-cache.spec.ts.
 */
const ANONYMOUS = "public, max-age=0, s-maxage=60, stale-while-revalidate=30";

test.describe("caché de CDN", () => {
  test("las páginas del catálogo de un visitante sin sesión se pueden guardar un minuto en una CDN", async ({
    request,
  }) => {
    const { products } = await queryProducts({ category: "palas" });
    const racket = products[0]!;
    for (const path of [
      "/",
      "/products?category=palas&sortPrice=low-to-high",
      `/product/details/${racket.slug}`,
      `/tienda/${racket.shopSlug}`,
      "/policy",
      "/about",
      "/racket-finder",
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe(ANONYMOUS);
      expect(response.headers()["set-cookie"], path).toBeUndefined();
    }
  });

  test("el buscador de palas con respuestas es del visitante: las guarda en su cookie y la ficha de una pala las lee", async ({
    request,
  }) => {
    const answered = await request.get("/racket-finder?nivel=empiezo&codo=si");
    expect(answered.headers()["cache-control"]).toBe("private, no-store");
    const cookie = answered.headers()["set-cookie"]!;
    expect(cookie).toMatch(/^__mp_buscador=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    const { products } = await queryProducts({ category: "palas", availability: "in-stock" });
    // The request context sends the cookie back: the racket's page answers for these answers.
    const racket = await request.get(`/product/details/${products[0]!.slug}`);
    expect(await racket.text()).toMatch(
      /¿Es esta tu pala\?.*(Encaja muy bien contigo|Encaja bien contigo|Hay palas que encajan mejor contigo|No es la pala que buscas)/s,
    );
    expect(racket.headers()["vary"]).toContain("Cookie");
  });

  test("los archivos estáticos: los de assets/ para siempre (su nombre cambia con su contenido), el favicon una hora", async ({
    request,
  }) => {
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

  test("la web guarda la página de un visitante mientras el catálogo no cambia, y la dibuja de nuevo tras el cambio", async ({
    request,
  }) => {
    // Slot 0: no other test buys it (the slot of js-on's run of this test when it ran in both projects).
    const product = await productNoJourneyBuys(0);
    const path = `/product/details/${product.slug}`;
    const generation = async () =>
      ((await (await fetch(`${apiUrl}/home/catalogue-generation`)).json()) as { generation: string }).generation;

    // Other journeys write to the catalogue meanwhile (each write draws pages again): two reads
    // with no change between them, said by the API's generation before and after, are needed.
    let kept: Awaited<ReturnType<typeof request.get>> | null = null;
    for (let attempt = 0; attempt < 30 && !kept; attempt++) {
      const before = await generation();
      await request.get(path);
      const second = await request.get(path);
      if ((await generation()) === before) kept = second;
    }
    expect(kept, "dos lecturas seguidas sin cambios en el catálogo").not.toBeNull();
    expect(kept!.status()).toBe(200);
    // A kept page says how old it is, as any shared cache does; a drawn one does not.
    expect(kept!.headers()["age"]).toMatch(/^\d+$/);
    // Its scripts carry this response's own nonce, the one its policy allows.
    const nonce = /'nonce-([^']+)'/.exec(kept!.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeDefined();
    const html = await kept!.text();
    expect([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]).every((used) => used === nonce)).toBe(true);

    const stockShown = (page: string) => Number(/En stock: (\d+)/.exec(page)?.[1]);
    expect(stockShown(html)).toBe(product.stock);

    const email = `cache-pagina-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await registerThroughApi("Rosa Caché", email);
    await placeOrderThroughApi(email, product._id);
    // The very next visit shows the unit the order took: the web drew the page again.
    expect(stockShown(await (await request.get(path)).text())).toBe(product.stock - 1);
  });
});
