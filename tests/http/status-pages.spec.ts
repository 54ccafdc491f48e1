import { get } from "node:http";
import { gunzipSync } from "node:zlib";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { slugify } from "#contract/catalog";
import { placeOrderThroughApi, plentifulProduct, registerThroughApi } from "../e2e/orders-support";
import { signedInRequest } from "../e2e/sessions";
import { apiSignIn, apiUrl, DEMO_PASSWORD, queryProducts, SHOPPER_PASSWORD } from "../e2e/support";

/**
 * What HTTP alone says about the store's pages, once and without a browser: the 404 page for what
 * does not exist (another seller's order included), where the order pages send a customer who names
 * no order, the pages that carry no script at all, compression, and the files for search engines.
 * The pages themselves are swept in a browser by tests/e2e/sweep.spec.ts.
 */
test.describe.configure({ mode: "default" });

const NOT_FOUND_TITLE = "¡Oops! Página no encontrada";
const NOWHERE = "00000000-0000-4000-8000-000000000000";

/**
 * The answer is the 404 page: its status, its title and heading, and its way on: back home, or
 * inside an area the area's menu (answered, for the caller to look into).
 */
async function expectNotFoundPage(response: APIResponse, path: string, area?: string): Promise<string | undefined> {
  expect(response.status(), path).toBe(404);
  const html = await response.text();
  expect(html, path).toContain(`<title>${NOT_FOUND_TITLE}</title>`);
  expect(html, path).toMatch(new RegExp(`<h1[^>]*>${NOT_FOUND_TITLE}</h1>`));
  expect(html.match(/<h1[\s>]/g), `${path}: un solo título de nivel 1`).toHaveLength(1);
  if (!area) {
    expect(html, path).toMatch(/<a[^>]*href="\/"[^>]*>Volver al inicio<\/a>/);
    return undefined;
  }
  const menu = new RegExp(`<nav aria-label="${area}">([\\s\\S]*?)</nav>`).exec(html)?.[1];
  expect(menu, `${path}: el menú «${area}»`).toBeDefined();
  return menu;
}

/** Text as React writes it into HTML. */
const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The document carries no script: no <script> element (inline or not) and no modulepreload link. */
async function expectNoScripts(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  expect(html, path).toContain("</html>");
  expect(html, path).not.toMatch(/<script|modulepreload/i);
}

test("una ruta, un producto o una tienda que no existen son la página 404, con su enlace al inicio", async ({
  request,
}) => {
  for (const path of ["/esto-no-existe", "/product/details/pala-que-no-existe", "/tienda/no-existe-esta-tienda"])
    await expectNotFoundPage(await request.get(path), path);
});

test("un enlace hecho con el nombre del producto, con acentos o puntos, lleva a su ficha", async ({ request }) => {
  const { products } = await queryProducts({ parPage: "40" });
  // SPEC.md section 2: the name in lower case with spaces replaced by hyphens.
  const byName = (name: string) => name.toLowerCase().replace(/ /g, "-");
  // One whose address is its name's (no suffix told it apart from a namesake).
  const product = products.find(
    (candidate) => byName(candidate.name) !== candidate.slug && slugify(candidate.name) === candidate.slug,
  );
  expect(product, "un producto cuyo nombre lleva acentos o signos").toBeDefined();
  const response = await request.get(`/product/details/${encodeURIComponent(byName(product!.name))}`);
  expect(response.status()).toBe(200);
  expect(new URL(response.url()).pathname).toBe(`/product/details/${product!.slug}`);
  expect(/<h1[^>]*>([^<]+)<\/h1>/.exec(await response.text())?.[1]).toBe(escapeHtml(product!.name));
});

test("un pedido desconocido es la página 404; sin pedido, la confirmación lo explica y el resumen y el pago llevan a Mis pedidos", async ({
  playwright,
  baseURL,
}) => {
  const email = `curiosa-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await registerThroughApi("Nora Curiosa", email);
  const customer = await signedInRequest(playwright, baseURL, email, SHOPPER_PASSWORD);
  for (const path of [`/payment?orderId=${NOWHERE}`, "/order/summary?orderId=nada", `/order/confirm/${NOWHERE}`])
    await expectNotFoundPage(await customer.get(path), path);
  // An order that is not the user's is the 404 page inside the account: its menu is kept.
  const missing = `/dashboard/order/details/${NOWHERE}`;
  const accountMenu = await expectNotFoundPage(await customer.get(missing), missing, "Mi cuenta");
  expect(accountMenu).toMatch(/<a[^>]*href="\/dashboard\/my-orders"[^>]*><span>Mis pedidos/);

  const confirm = await customer.get("/order/confirm");
  expect(confirm.status()).toBe(200);
  expect(await confirm.text()).toMatch(/<a[^>]*href="\/dashboard\/my-orders"[^>]*>Mis pedidos<\/a>/);
  // The summary of no order in particular is the list of them all; so is paying no order in particular.
  for (const path of ["/order/summary", "/payment"]) {
    const answer = await customer.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(302);
    expect(answer.headers()["location"], path).toBe("/dashboard/my-orders");
  }
  // An empty cart has nothing to send.
  const shipping = await (await customer.get("/shipping")).text();
  expect(shipping).toContain("Tu carrito está vacío: no hay nada que enviar.");
  expect(shipping).toMatch(/<a[^>]*href="\/products"[^>]*>Ver productos<\/a>/);
  await customer.dispose();
});

test("un vendedor no abre el pedido de otra tienda: página 404", async ({ playwright, baseURL }) => {
  const other = await apiSignIn("vendedor2@mercadopadel.test", DEMO_PASSWORD);
  const answer = await fetch(`${apiUrl}/seller/orders/${other.userId}?parPage=1`, {
    headers: { authorization: `Bearer ${other.token}` },
  });
  const { orders } = (await answer.json()) as { orders: { _id: string }[] };
  expect(orders.length).toBeGreaterThan(0);
  const seller = await signedInRequest(playwright, baseURL, "vendedor1@mercadopadel.test", DEMO_PASSWORD);
  const path = `/dashboard/seller/orders/details/${orders[0]!._id}`;
  await expectNotFoundPage(await seller.get(path), path, "Mi tienda");
  await seller.dispose();
});

test("políticas, sobre nosotros, blog, las páginas 404, los datos de envío y el resumen del pedido no llevan ningún script", async ({
  request,
  playwright,
  baseURL,
}) => {
  for (const path of ["/policy", "/about", "/blog", "/no-existe", "/product/details/no-existe"])
    await expectNoScripts(request, path);
  const email = `sin-scripts-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await registerThroughApi("Lucía Sin Scripts", email);
  const orderId = await placeOrderThroughApi(email, await plentifulProduct());
  const customer = await signedInRequest(playwright, baseURL, email, SHOPPER_PASSWORD);
  for (const path of ["/shipping", `/order/summary?orderId=${orderId}`]) await expectNoScripts(customer, path);
  await customer.dispose();
});

test("las páginas viajan comprimidas de verdad: el inicio ocupa menos de un cuarto de su tamaño", async ({
  baseURL,
}) => {
  // Node's own client: Playwright's would undo the compression before the test could weigh it.
  const { encoding, sent, html } = await new Promise<{ encoding: string | undefined; sent: number; html: number }>(
    (resolve, reject) => {
      get(`${baseURL}/`, { headers: { "accept-encoding": "gzip" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ encoding: response.headers["content-encoding"], sent: body.length, html: gunzipSync(body).length });
        });
      }).on("error", reject);
    },
  );
  expect(encoding).toBe("gzip");
  // Streamed HTML flushed chunk by chunk compressed to only a third.
  expect(sent, `${sent} bytes comprimidos de ${html}`).toBeLessThan(html / 4);
});

test("el sitemap lista las páginas de las tiendas aprobadas y robots.txt lo anuncia", async ({ request, baseURL }) => {
  const [racket] = (await queryProducts({ category: "palas", parPage: "1" })).products;
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const listed = await sitemap.text();
  expect(listed).toContain(`<loc>${baseURL}/tienda/${racket!.shopSlug}</loc>`);
  expect(listed).toContain(`<loc>${baseURL}/racket-finder</loc>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain("Disallow: /dashboard");
});
