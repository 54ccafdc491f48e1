import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { expect, type Browser, type Page, type TestInfo } from "@playwright/test";
import { awaitScriptsOnLoad } from "./fixtures";
import { SHIPPING_INFO } from "./orders-support";
import { ADMIN_EMAIL, apiSignIn, apiUrl, DEMO_PASSWORD, SHOPPER_PASSWORD, uniqueEmail } from "./support";

/** Set-up shared by the seller's and the admin's journeys: API calls, signing in, page checks. */

/**
 * Calls the API (`api`: the main store's unless told) and answers its JSON; `token` sends it as
 * bearer, a string body is sent as JSON (FormData goes as it is). Throws with the API's message
 * when the answer is not 2xx.
 */
export async function apiJson<T>(path: string, init: RequestInit & { token?: string; api?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  if (typeof init.body === "string") headers.set("content-type", "application/json");
  const response = await fetch(`${init.api ?? apiUrl}${path}`, { ...init, headers });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} ${response.status}: ${answer.message}`);
  return answer;
}

/** Signs in through /login's form (a demo account's password unless told) and waits to leave /login. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A second browser (another user's), with the project's address (or `baseURL`: another store's) and JavaScript setting. */
export async function newProjectPage(
  browser: Browser,
  testInfo: TestInfo,
  baseURL = testInfo.project.use.baseURL,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: "es-ES",
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  const page = await context.newPage();
  return testInfo.project.use.javaScriptEnabled ? awaitScriptsOnLoad(page) : page;
}

/** The page is as wide as the screen: nothing sticks out sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${page.url()} se desborda ${overflow} px a lo ancho`).toBeLessThanOrEqual(0);
}

/**
 * axe finds nothing serious or critical. It runs its script in the page, so it checks nothing when
 * `javaScriptEnabled` is false (the js-on project checks the same markup).
 */
export async function expectNoSeriousAxeViolations(page: Page, javaScriptEnabled = true): Promise<void> {
  if (!javaScriptEnabled) return;
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(
    serious.map(
      (violation) =>
        `${page.url()}: ${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

/** A shop application's fields for a shop in Miami, with a fresh RIF; the caller appends its documents. */
export function shopApplicationForm(shopName: string): FormData {
  const form = new FormData();
  form.set("shopName", shopName);
  form.set("rif", `12-${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`);
  form.set("country", "US");
  form.set("province", "Florida");
  form.set("city", "Miami");
  form.set("address", "1200 Brickell Avenue, local 4");
  form.set("phone", "+1 212 555 0123");
  return form;
}

/**
 * A new customer who applies for a shop (one PNG, 'fachada.png') and whose shop the admin
 * approves, all through the API (`api`: the main store's unless told); answers the user's and the
 * shop request's ids.
 */
export async function approvedSellerThroughApi(options: {
  name: string;
  email: string;
  shopName: string;
  png: Buffer;
  api?: string;
}): Promise<{ userId: string; shopId: string }> {
  const { name, email, api = apiUrl } = options;
  await apiJson("/user/register", {
    method: "POST",
    body: JSON.stringify({ name, email, password: SHOPPER_PASSWORD }),
    api,
  });
  const { token, userId } = await apiSignIn(email, SHOPPER_PASSWORD, api);
  const form = shopApplicationForm(options.shopName);
  form.append("documents", new Blob([new Uint8Array(options.png)], { type: "image/png" }), "fachada.png");
  const { request } = await apiJson<{ request: { _id: string } }>(`/request-auth-shop/${userId}`, {
    method: "POST",
    body: form,
    token,
    api,
  });
  const admin = await apiSignIn(ADMIN_EMAIL, DEMO_PASSWORD, api);
  await apiJson(`/shop/approved/${userId}`, {
    method: "POST",
    body: JSON.stringify({ approved: true }),
    token: admin.token,
    api,
  });
  return { userId, shopId: request._id };
}

/** A product as the seller's stock control lists it. */
export interface ControlProduct {
  _id: string;
  name: string;
  slug: string;
  hasSizes: boolean;
  stock: number;
}

/**
 * A demo seller's products without sizes and with at least five units, in the stock control's
 * order: the ones a journey buys one unit of. Each journey sorts and picks its own, per project,
 * away from those other journeys use.
 */
export async function stockedProductsWithoutSizes(sellerEmail: string): Promise<ControlProduct[]> {
  const { token } = await apiSignIn(sellerEmail, DEMO_PASSWORD);
  const { products } = await apiJson<{ products: ControlProduct[] }>("/seller/stock-control?page=1&parPage=100", {
    token,
  });
  const candidates = products.filter((product) => !product.hasSizes && product.stock >= 5);
  if (candidates.length === 0) throw new Error("el vendedor no tiene productos sin tallas con existencias");
  return candidates;
}

/**
 * A new customer registers, puts one unit of the product (in `size` when given) in the cart and
 * orders it, unpaid, all through the API (`api`: the main store's unless told); answers their
 * session and the order's id.
 */
export async function customerOrdersThroughApi(options: {
  name: string;
  email: string;
  productId: string;
  size?: string;
  api?: string;
}): Promise<{ token: string; userId: string; orderId: string }> {
  const { name, email, productId, size, api = apiUrl } = options;
  await apiJson("/user/register", {
    method: "POST",
    body: JSON.stringify({ name, email, password: SHOPPER_PASSWORD }),
    api,
  });
  const { token, userId } = await apiSignIn(email, SHOPPER_PASSWORD, api);
  await apiJson("/home/product/add-to-card", {
    method: "POST",
    token,
    api,
    body: JSON.stringify(
      size === undefined ? { userId, productId, quantity: 1 } : { userId, productId, quantity: 1, size },
    ),
  });
  const { orderId } = await apiJson<{ orderId: string }>("/home/order/palce-order", {
    method: "POST",
    token,
    api,
    body: JSON.stringify({ userId, shippingInfo: SHIPPING_INFO }),
  });
  return { token, userId, orderId };
}

/** The customer pays the order with the approving test card, through the API. */
export async function payOrderByCardThroughApi(token: string, orderId: string): Promise<void> {
  await apiJson("/payment/card", {
    method: "POST",
    token,
    body: JSON.stringify({
      orderId,
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/39",
      cvc: "123",
      holder: SHIPPING_INFO.name,
    }),
  });
}

/** A small PNG: the shop application's document and the product's image. */
export const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: "#84cc16" } })
    .png()
    .toBuffer();

/**
 * A new customer whose shop an admin approves, and one product of it (balls at 25 $, 10 units, low on
 * stock from the start), all through the API (`api`: the main store's unless told): a seller no
 * other journey touches. `label` names it.
 */
export async function sellerWithProduct(testInfo: TestInfo, label: string, api = apiUrl) {
  const email = uniqueEmail(testInfo, `${label}-vendedor`);
  const suffix = `${testInfo.project.name} ${Date.now().toString().slice(-6)}`;
  const shopName = `Tienda ${label} ${suffix}`;
  await approvedSellerThroughApi({ name: `Vendedora ${label}`, email, shopName, png: await png(), api });

  const name = `Pelotas ${label} ${suffix}`;
  const productId = await addBallsThroughApi(email, { name, price: "25,00", stock: "10", api });
  return { email, productId, productName: name, shopName };
}

/**
 * Another product of the seller `email` (balls, low on stock at 12 units), through the API; `price`
 * as typed in dollars; in the category `categorySlug` (balls' unless told). Answers its id.
 */
export async function addBallsThroughApi(
  email: string,
  options: { name: string; price: string; stock: string; categorySlug?: string; api?: string },
): Promise<string> {
  const slug = options.categorySlug ?? "pelotas";
  const api = options.api ?? apiUrl;
  const { categorys } = await apiJson<{ categorys: { _id: string; slug: string }[] }>("/category-get?parPage=100", {
    api,
  });
  const balls = categorys.find((category) => category.slug === slug);
  if (!balls) throw new Error(`no existe la categoría «${slug}»`);
  const seller = await apiSignIn(email, SHOPPER_PASSWORD, api);
  const product = new FormData();
  for (const [field, value] of Object.entries({
    name: options.name,
    categoryId: balls._id,
    brand: "Wilson",
    price: options.price,
    discount: "0",
    color: "Verde",
    tag: "Novedad",
    description: "Bote de tres pelotas presurizadas para entrenar.",
    stock: options.stock,
    lowStockThreshold: "12",
  })) {
    product.set(field, value);
  }
  product.append("images", new Blob([new Uint8Array(await png())], { type: "image/png" }), "pelotas.png");
  const created = await apiJson<{ product: { _id: string } }>("/product-add", {
    method: "POST",
    body: product,
    token: seller.token,
    api,
  });
  return created.product._id;
}
