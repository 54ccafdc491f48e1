import {
  expect,
  type APIRequestContext,
  type Frame,
  type Page,
  type Request,
  type Response,
  type TestInfo,
} from "@playwright/test";

export const apiUrl = `http://127.0.0.1:${process.env.E2E_API_PORT || 4310}`;
/** The second store, which pays through the fake PayPal (playwright.config.ts). */
export const paypalWebUrl = `http://127.0.0.1:${process.env.E2E_PAYPAL_WEB_PORT || 3311}`;
/** That store's own API. */
export const paypalApiUrl = `http://127.0.0.1:${process.env.E2E_PAYPAL_API_PORT || 4311}`;

interface ProductSummary {
  _id: string;
  name: string;
  slug: string;
  brand: string;
  salePrice: number;
  stock: number;
  /** Its shop's page is /tienda/{shopSlug}. */
  shopSlug: string;
}

/** Products straight from the API, to pick test data without hard-coding the seeded catalogue. */
export async function queryProducts(
  query: Record<string, string>,
): Promise<{ products: ProductSummary[]; totalProduct: number }> {
  const response = await fetch(`${apiUrl}/home/query-products?${new URLSearchParams(query)}`);
  if (!response.ok) throw new Error(`query-products ${response.status}`);
  return (await response.json()) as { products: ProductSummary[]; totalProduct: number };
}

/**
 * Every script the page loads while the callback runs, by path, from the main frame's new document
 * on: a late import of the page left behind (the bell's socket, on a busy machine) is not the new
 * page's weight. A script asked for twice (a module preload and its import racing) is listed once.
 * Paths only: Chromium may drop a response's body once the page has used it, so bytes are read
 * from the server by the caller.
 */
export async function scriptsLoaded(page: Page, run: () => Promise<unknown>): Promise<Set<string>> {
  const paths = new Set<string>();
  const beforeCommit = new Set<Request>();
  let committed = false;
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame()) committed = true;
  };
  const onRequest = (request: Request) => {
    if (!committed) beforeCommit.add(request);
  };
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== "script" || beforeCommit.has(response.request())) return;
    paths.add(new URL(response.url()).pathname);
  };
  page.on("framenavigated", onNavigated);
  page.on("request", onRequest);
  page.on("response", onResponse);
  await run();
  page.off("framenavigated", onNavigated);
  page.off("request", onRequest);
  page.off("response", onResponse);
  return paths;
}

/** The first link of an HTML page whose address matches, as a browser reads it (`&amp;` is `&`). */
export function firstHrefIn(html: string, pattern: RegExp): string | undefined {
  return [...html.matchAll(/href="(\/[^"]*)"/g)]
    .map(([, href]) => href!.replaceAll("&amp;", "&"))
    .find((href) => pattern.test(href));
}

/** The first link of the page at `listPath`, as `request`'s user reads it, whose address matches. */
export async function firstLink(request: APIRequestContext, listPath: string, pattern: RegExp): Promise<string> {
  const href = firstHrefIn(await (await request.get(listPath)).text(), pattern);
  if (!href) throw new Error(`${listPath} no enlaza a ${pattern}`);
  return href;
}

// ---- Shopper journeys (coupons) -----------------------------------------------------------------

export const SHOPPER_PASSWORD = "Raqueta-2026";

/** The password of every seeded demo account (the admin, the sellers, the demo customer). */
export const DEMO_PASSWORD = "Demo-Padel-2026";
/** The seeded admin. */
export const ADMIN_EMAIL = "admin@mercadopadel.test";

/** Adds one in-stock racket (no sizes) from the listing's card; answers it. */
export async function addRacketToCart(page: Page): Promise<ProductSummary> {
  const { products } = await queryProducts({ category: "palas", availability: "in-stock", parPage: "20" });
  const racket = products.find((product) => product.stock >= 2);
  if (!racket) throw new Error("no hay palas con existencias");
  await page.goto(`/products?searchValue=${encodeURIComponent(racket.name)}`);
  const card = page
    .getByTestId("product-card")
    .filter({ has: page.getByRole("link", { name: racket.name, exact: true }) });
  await card.getByRole("button", { name: "Agregar al carrito" }).click();
  await page.getByText("Producto agregado al carrito.").waitFor();
  return racket;
}

/** A separate API session for the same user, to read what the API computes (bearer calls); `api`: which store's. */
export async function apiSignIn(
  email: string,
  password = SHOPPER_PASSWORD,
  api = apiUrl,
): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${api}/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  const { id } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as { id: string };
  return { token, userId: id };
}

/** An e-mail no other test or project uses. */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  return `${label}-${testInfo.project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface ProductDetailsAnswer {
  _id: string;
  name: string;
  slug: string;
  stock: number;
  sizes: { size: string; stock: number }[];
  /** Price after discount, in cents. */
  salePrice: number;
  shop: { name: string; slug: string };
  createdAt: string;
}

/** A product as the API's detail call answers it now (its stock, its sizes' stock, its shop). */
export async function productDetails(slug: string): Promise<ProductDetailsAnswer> {
  const response = await fetch(`${apiUrl}/home/get-product/${slug}`);
  if (!response.ok) throw new Error(`get-product ${slug} ${response.status}`);
  return ((await response.json()) as { product: ProductDetailsAnswer }).product;
}

/** In-stock shoes that have at least one size left, with their details. */
export async function shoesWithSizeInStock(): Promise<ProductDetailsAnswer[]> {
  const cards = (await queryProducts({ category: "zapatillas", availability: "in-stock", parPage: "20" })).products;
  const shoes: ProductDetailsAnswer[] = [];
  for (const card of cards) {
    const details = await productDetails(card.slug);
    if (details.sizes.some((size) => size.stock > 0)) shoes.push(details);
  }
  return shoes;
}

/** One of the header's icon links, by its label and (when above 0) its badge count. */
export function headerLink(page: Page, label: string, count?: number) {
  return page.getByRole("banner").getByRole("link", { name: count ? `${label}, ${count}` : label, exact: true });
}

/** Creates an account through /register and lands on `redirectTo`, signed in. */
export async function registerThroughForm(
  page: Page,
  options: { name: string; email: string; redirectTo: string },
): Promise<void> {
  await page.goto(`/register?${new URLSearchParams({ redirectTo: options.redirectTo })}`);
  await page.getByLabel("Nombre").fill(options.name);
  await page.getByLabel("Correo electrónico").fill(options.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(SHOPPER_PASSWORD);
  await page.getByLabel("Repite la contraseña").fill(SHOPPER_PASSWORD);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
}

/**
 * Adds one unit from the product's own page ('Comprar' form), choosing `size` when given, and
 * waits for the header's cart badge to reach `cartCountAfter`.
 */
export async function addToCartFromProductPage(
  page: Page,
  slug: string,
  cartCountAfter: number,
  size?: string,
): Promise<void> {
  await page.goto(`/product/details/${slug}`);
  const purchase = page.getByRole("form", { name: "Comprar" });
  // Each size's radio is named by the size and its stock ('42 — 3 disponibles').
  if (size)
    await purchase
      .getByRole("group", { name: "Talla" })
      .getByRole("radio", { name: new RegExp(`^${size} — `) })
      .check();
  await purchase.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(headerLink(page, "Carrito de Compra", cartCountAfter)).toBeVisible();
}

/** Fills /shipping's form with a valid address in Madrid; `phone` lets a test type a wrong one. */
export async function fillShippingForm(page: Page, phone = "+34 612 345 678"): Promise<void> {
  await page.getByLabel("Dirección", { exact: true }).fill("Calle del Revés 12, 3º B");
  await page.getByLabel("Provincia").fill("Madrid");
  await page.getByLabel("Ciudad").fill("Madrid");
  await page.getByLabel("Zona/Área").fill("Chamberí");
  await page.getByLabel("Código postal").fill("28010");
  await page.getByLabel("Teléfono").fill(phone);
}

/** Pays on /payment with a test card: 4242 4242 4242 4242 approves, 4000 0000 0000 0002 is declined. */
export async function payByCard(page: Page, number: string): Promise<void> {
  await page.getByLabel("Número de tarjeta").fill(number);
  await page.getByLabel("Caducidad (MM/AA)").fill("12/39");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Titular de la tarjeta").fill("Pablo Pagador");
  await page.getByRole("button", { name: "Pagar con tarjeta" }).click();
}

const money = new Intl.NumberFormat("es-ES", { style: "currency", currency: "USD" });

/** Cents as a shopper reads them on the pages, written here apart from the app's own formatter. */
export function formatPrice(cents: number): string {
  return money.format(cents / 100);
}
