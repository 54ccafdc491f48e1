import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { SHIPPING_INFO } from "./orders-support";
import { apiSignIn, apiUrl, formatPrice, SHOPPER_PASSWORD, uniqueEmail } from "./support";

/**
 * Issue 12, sellers fulfil orders: a customer's offer on an unpaid order reaches the seller's
 * notifications, whose link opens the seller's own order page; the seller accepts it there and the
 * customer sees the new total. A seller on their own product's page is offered to edit it, not to
 * buy it. Each project buys a product of its own, without sizes (the stock journeys use sized ones).
 */

const DEMO_PASSWORD = "Demo-Padel-2026";
const SELLER = { email: "vendedor3@mercadopadel.test" } as const;

async function apiJson<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  if (typeof init.body === "string") headers.set("content-type", "application/json");
  const response = await fetch(`${apiUrl}${path}`, { ...init, headers });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} ${response.status}: ${answer.message}`);
  return answer;
}

interface ControlProduct {
  _id: string;
  name: string;
  slug: string;
  hasSizes: boolean;
  stock: number;
}

/** A product of the seller without sizes and with stock, one per project. */
async function productFor(testInfo: TestInfo): Promise<ControlProduct> {
  const { token } = await apiSignIn(SELLER.email, DEMO_PASSWORD);
  const { products } = await apiJson<{ products: ControlProduct[] }>("/seller/stock-control?page=1&parPage=100", { token });
  const candidates = products.filter((product) => !product.hasSizes && product.stock >= 5).sort((a, b) => b.stock - a.stock);
  const chosen = candidates[testInfo.project.name === "js-off" ? 1 : 0] ?? candidates[0];
  if (!chosen) throw new Error("el vendedor no tiene productos sin tallas con existencias");
  return chosen;
}

interface PlacedOrder {
  suborders: { _id: string; subtotal: number; shipping_fee: number }[];
}

/** A new customer orders one unit (unpaid) and offers 80 % of its subtotal; answers them, the order and the offer. */
async function customerOffers(testInfo: TestInfo, productId: string) {
  const email = uniqueEmail(testInfo, "oferta-vendedor");
  const name = `Cliente Ofertas ${testInfo.project.name} ${Math.random().toString(36).slice(2, 7)}`;
  await apiJson("/user/register", { method: "POST", body: JSON.stringify({ name, email, password: SHOPPER_PASSWORD }) });
  const { token, userId } = await apiSignIn(email);
  await apiJson("/home/product/add-to-card", { method: "POST", token, body: JSON.stringify({ userId, productId, quantity: 1 }) });
  const { orderId } = await apiJson<{ orderId: string }>("/home/order/palce-order", { method: "POST", token, body: JSON.stringify({ userId, shippingInfo: SHIPPING_INFO }) });
  const { order } = await apiJson<{ order: PlacedOrder }>(`/home/order/${orderId}`, { token });
  const part = order.suborders[0]!;
  const price = Math.floor((part.subtotal * 0.8) / 100) * 100;
  await apiJson("/home/customer/offer", { method: "POST", token, body: JSON.stringify({ shopOrderId: part._id, price }) });
  return { email, name, orderId, number: orderId.slice(0, 8).toUpperCase(), price, newTotal: price + part.shipping_fee };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function newPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: "es-ES", javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  return context.newPage();
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} se desborda ${overflow} px a lo ancho`).toBeLessThanOrEqual(0);
}

async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${page.url()}: ${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("el vendedor prepara sus pedidos", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("el aviso de una oferta lleva a su pedido; la acepta allí y el cliente ve el nuevo total", async ({ page, browser, javaScriptEnabled }, testInfo) => {
    test.setTimeout(120_000);
    const product = await productFor(testInfo);
    const customer = await customerOffers(testInfo, product._id);

    // The seller's notice of the offer leads to their own order page, not the customer's.
    await signIn(page, SELLER.email, DEMO_PASSWORD);
    await page.goto("/dashboard/system-notifications");
    const notice = page.getByTestId("notification").filter({ hasText: `Nueva oferta en el pedido #${customer.number}` });
    await expect(notice).toHaveCount(1);
    await notice.getByRole("link", { name: `#${customer.number}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/orders\/details\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: `Pedido #${customer.number}` })).toBeVisible();

    const offer = page.getByTestId("seller-offer");
    await expect(offer).toHaveCount(1);
    await expect(offer).toContainText(customer.name);
    await expect(offer).toContainText(formatPrice(customer.price));
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);

    await offer.getByRole("button", { name: `Aceptar la oferta de ${formatPrice(customer.price)}` }).click();
    await expect(page.getByText(`Oferta aceptada: el nuevo subtotal de`)).toContainText(formatPrice(customer.price));
    await expect(page.getByTestId("seller-order-total")).toHaveText(formatPrice(customer.newTotal));
    await expect(page.getByTestId("seller-offer")).toHaveCount(0);
    await expect(page.getByText("No hay ofertas pendientes en este pedido.")).toBeVisible();

    // The customer's order costs the new total.
    const customerPage = await newPage(browser, testInfo);
    await signIn(customerPage, customer.email, SHOPPER_PASSWORD);
    await customerPage.goto(`/dashboard/order/details/${customer.orderId}`);
    await expect(customerPage.getByTestId("order-total")).toHaveText(formatPrice(customer.newTotal));
    await customerPage.context().close();
  });

  test("en la página de su propio producto no puede añadirlo al carrito: se le ofrece editarlo", async ({ page, javaScriptEnabled }, testInfo) => {
    const product = await productFor(testInfo);
    await signIn(page, SELLER.email, DEMO_PASSWORD);
    await page.goto(`/product/details/${product.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    const own = page.getByTestId("own-product");
    await expect(own).toContainText("Este producto es de su propia tienda: no puede comprarlo.");
    // The purchase form is not there (the related products' cards keep theirs).
    await expect(page.getByRole("form", { name: "Comprar" })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);
    await own.getByRole("link", { name: "Editar el producto" }).click();
    await expect(page).toHaveURL(`/dashboard/seller/edit-product/${product._id}`);
  });
});
