import { expect, test, type Browser, type Page, type TestInfo } from "./fixtures";
import { apiSignIn, DEMO_PASSWORD, headerLink, queryProducts, registerThroughForm, uniqueEmail } from "./support";
import {
  apiJson,
  customerOrdersThroughApi,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  newProjectPage,
  payOrderByCardThroughApi,
} from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 11, stock control and back-in-stock: a sale shows on the seller's control page as stock
 * down and a 'Venta' movement; a stock form read before that sale is refused with the current
 * figures and what the seller typed; a shopper waits for a sold-out size, the seller restocks it
 * and the shopper is told (in the list, and live in the bell with JavaScript). Each test of each
 * project works on a product of its own, none that other journeys buy.
 */

const STALE = "El stock cambió mientras editabas";

interface ControlSize {
  size: string;
  stock: number;
  waiting: number;
}

interface ControlProduct {
  _id: string;
  name: string;
  slug: string;
  hasSizes: boolean;
  stock: number;
  stockVersion: number;
  sizes: ControlSize[];
}

/** The seller's own view of one product (its figures and version) through the API. */
async function sellerProduct(seller: Seller, productId: string): Promise<ControlProduct> {
  const { token } = await apiSignIn(seller.email, DEMO_PASSWORD);
  return (await apiJson<{ product: ControlProduct }>(`/seller/stock/${productId}`, { token })).product;
}

const SELLERS = [
  { email: "vendedor1@mercadopadel.test", name: "Lucía Fernández" },
  { email: "vendedor2@mercadopadel.test", name: "Andrés Rivas" },
  { email: "vendedor3@mercadopadel.test", name: "Valentina Pérez" },
] as const;
type Seller = (typeof SELLERS)[number];

/** A seller's products through the API's control listing (every page). */
async function productsOf(seller: Seller): Promise<ControlProduct[]> {
  const { token } = await apiSignIn(seller.email, DEMO_PASSWORD);
  const products: ControlProduct[] = [];
  for (let page = 1; page <= 10; page++) {
    const answer = await apiJson<{ products: ControlProduct[]; totalProduct: number; parPage: number }>(
      `/seller/stock-control?page=${page}&parPage=100`,
      { token },
    );
    products.push(...answer.products);
    if (page * answer.parPage >= answer.totalProduct) break;
  }
  return products;
}

/**
 * Shoes with size 42 in stock (two units at least) and other sizes, of any demo shop, with their
 * seller. The first in-stock shoe (the cart journey's) and the last three (the checkout journey's
 * picks) are left to those journeys; `slot` picks one per project.
 */
async function shoeFor(slot: number): Promise<{ product: ControlProduct; seller: Seller }> {
  const listed = (
    await queryProducts({ category: "zapatillas", availability: "in-stock", parPage: "40" })
  ).products.map((product) => product._id);
  const taken = new Set([...listed.slice(0, 1), ...listed.slice(-3)]);
  const candidates: { product: ControlProduct; seller: Seller }[] = [];
  for (const seller of SELLERS) {
    for (const product of await productsOf(seller)) {
      const size42 = product.sizes.find((size) => size.size === "42");
      if (size42 && size42.stock >= 2 && product.sizes.length >= 3 && !taken.has(product._id))
        candidates.push({ product, seller });
    }
  }
  const chosen = candidates[candidates.length - 1 - slot];
  if (!chosen) throw new Error(`no hay zapatillas con la talla 42 para el hueco ${slot} (hay ${candidates.length})`);
  return chosen;
}

/** Clothing of the third demo shop with three sizes in stock at least; no other journey touches clothing. */
async function clothingFor(slot: number): Promise<{ product: ControlProduct; seller: Seller }> {
  const seller = SELLERS[2];
  const candidates = (await productsOf(seller)).filter(
    (product) =>
      product.hasSizes &&
      !product.sizes.some((size) => /^\d+$/.test(size.size)) &&
      product.sizes.filter((size) => size.stock > 0).length >= 3,
  );
  const chosen = candidates[candidates.length - 1 - slot];
  if (!chosen) throw new Error(`no hay ropa con tallas para el hueco ${slot} (hay ${candidates.length})`);
  return { product: chosen, seller };
}

function slotOf(testInfo: TestInfo): number {
  return testInfo.project.name === "js-off" ? 1 : 0;
}

/** A new customer who buys one pair in `size` and pays it with the test card, straight through the API. */
async function buySizeAndPay(testInfo: TestInfo, productId: string, size: string): Promise<{ name: string }> {
  const email = uniqueEmail(testInfo, "compra-talla");
  const name = `Comprador ${testInfo.project.name}`;
  const { token, orderId } = await customerOrdersThroughApi({ name, email, productId, size });
  await payOrderByCardThroughApi(token, orderId);
  return { name };
}

/** The seller empties one size through the API (the UI's own form is what the tests check). */
async function sellOutSize(seller: Seller, productId: string, size: string): Promise<void> {
  const { token, userId } = await apiSignIn(seller.email, DEMO_PASSWORD);
  const product = await sellerProduct(seller, productId);
  const sizes = product.sizes.map((line) => ({ size: line.size, stock: line.size === size ? 0 : line.stock }));
  const newStock = sizes.reduce((total, line) => total + line.stock, 0);
  await apiJson("/update-stock", {
    method: "POST",
    token,
    body: JSON.stringify({ productId, sellerId: userId, stockVersion: product.stockVersion, newStock, sizes }),
  });
}

/** A second browser for the seller, with the project's JavaScript setting. */
async function sellerPage(browser: Browser, testInfo: TestInfo, seller: Seller): Promise<Page> {
  const page = await newProjectPage(browser, testInfo);
  await signIn(page, seller.email);
  return page;
}

function stockRow(page: Page, product: ControlProduct) {
  return page.getByTestId("stock-row").filter({ has: page.getByRole("heading", { name: product.name, exact: true }) });
}

function stockForm(page: Page, product: ControlProduct) {
  return page.getByRole("form", { name: `Stock de ${product.name}`, exact: true });
}

function controlPath(product: ControlProduct): string {
  return `/dashboard/seller/control?${new URLSearchParams({ searchValue: product.name })}`;
}

test.describe("control de stock y avisos de vuelta", () => {
  test("una venta baja el stock y deja un movimiento «Venta»; un formulario leído antes de la venta no pisa nada", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { product, seller } = await shoeFor(slotOf(testInfo));
    const before = product.sizes.find((size) => size.size === "42")!.stock;

    // The seller opens the control page: every size with its stock, in a form per product.
    await signIn(page, seller.email);
    await page.goto(controlPath(product));
    await expect(page.getByRole("heading", { level: 1, name: "Control de stock" })).toBeVisible();
    const row = stockRow(page, product);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("stock-total")).toContainText(String(product.stock));
    const form = stockForm(page, product);
    await expect(form.getByLabel("Talla 42", { exact: true })).toHaveValue(String(before));
    for (const size of product.sizes)
      await expect(form.getByLabel(`Talla ${size.size}`, { exact: true })).toHaveValue(String(size.stock));

    // While the page is open, a shopper buys a pair in size 42 and pays it.
    const buyer = await buySizeAndPay(testInfo, product._id, "42");

    // The seller, unaware, types a new figure in the form read before the sale: refused, nothing is lost.
    const typed = before + 7;
    await form.getByLabel("Talla 42", { exact: true }).fill(String(typed));
    await form.getByRole("button", { name: `Guardar stock de ${product.name}` }).click();
    const stale = row.getByTestId("stale-stock");
    await expect(stale).toContainText(STALE);
    await expect(stale.getByTestId("stale-current")).toContainText(`Talla 42: ${before - 1}`);
    await expect(stale.getByTestId("stale-current")).toContainText(`total ${product.stock - 1}`);
    await expect(stale.getByTestId("stale-typed")).toContainText(`Talla 42: ${typed}`);
    // A fresh form, at the current figures, and the stock is as the sale left it.
    await expect(stockForm(page, product).getByLabel("Talla 42", { exact: true })).toHaveValue(String(before - 1));
    expect((await sellerProduct(seller, product._id)).sizes.find((size) => size.size === "42")?.stock).toBe(before - 1);
    await expect(row.getByTestId("stock-total")).toContainText(String(product.stock - 1));

    // The product's own page: size 42 down by one and the sale as the newest movement, by the buyer.
    await row.getByRole("link", { name: product.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/seller/control/${product._id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Stock de ${product.name}`);
    const size42 = page
      .getByTestId("size-line")
      .filter({ has: page.getByRole("rowheader", { name: "42", exact: true }) });
    await expect(size42.getByRole("cell").first()).toHaveText(String(before - 1));
    const sale = page.getByTestId("movement-row").first();
    await expect(sale.getByRole("cell")).toHaveText([
      /\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/,
      "Venta",
      "42",
      "−1",
      String(before - 1),
      buyer.name,
    ]);

    // The fresh form saves: the seller's adjustment is the newest movement now.
    const restocked = before + 3;
    await stockForm(page, product).getByLabel("Talla 42", { exact: true }).fill(String(restocked));
    await stockForm(page, product)
      .getByRole("button", { name: `Guardar stock de ${product.name}` })
      .click();
    await expect(page.getByText("Stock actualizado.")).toBeVisible();
    await expect(page.getByTestId("movement-row").first().getByRole("cell")).toHaveText([
      /\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/,
      "Ajuste",
      "42",
      `+${restocked - before + 1}`,
      String(restocked),
      seller.name,
    ]);
    await expect(page.getByTestId("movement-row").nth(1)).toContainText("Venta");
    await expect(stockForm(page, product).getByLabel("Talla 42", { exact: true })).toHaveValue(String(restocked));

    // The threshold marks size 42 as low once it is at or below it.
    await page.getByLabel("Umbral de stock bajo", { exact: true }).fill(String(restocked));
    await page.getByRole("button", { name: "Guardar umbral" }).click();
    await expect(page.getByText("Stock actualizado.")).toBeVisible();
    await expect(page.getByLabel("Umbral de stock bajo", { exact: true })).toHaveValue(String(restocked));
    await expect(size42).toContainText("Stock bajo");

    await expectNoSeriousAxeViolations(page, javaScriptEnabled);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(page);
    await expect(page.getByTestId("movement-card").first()).toContainText("Ajuste");
    await page.goto(controlPath(product));
    await expect(stockRow(page, product).getByText("Stock bajo").first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 720 });
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);
  });

  test("un cliente pide aviso de una talla agotada; el vendedor la repone y el cliente recibe la notificación", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(150_000);
    const { product, seller: owner } = await clothingFor(slotOf(testInfo));
    const size = product.sizes.filter((line) => line.stock > 0)[1]!.size;
    await sellOutSize(owner, product._id, size);
    const productPath = `/product/details/${product.slug}`;

    // A visitor is offered to sign in and come back.
    await page.goto(productPath);
    // The sold-out size stays among the sizes, said so, and cannot be chosen.
    const sizeRadio = page
      .getByRole("group", { name: "Talla" })
      .getByRole("radio", { name: new RegExp(`^${size} — `) });
    await expect(sizeRadio).toBeDisabled();
    await expect(sizeRadio).toHaveAccessibleName(`${size} — Agotado`);
    const alerts = page.getByTestId("back-in-stock");
    await expect(alerts).toBeVisible();
    const signInLink = alerts.getByRole("link", { name: "Inicia sesión para que te avisemos" });
    await expect(signInLink).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(productPath)}`);
    await signInLink.click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);

    // A new shopper signs up and lands back on the product.
    const email = uniqueEmail(testInfo, "aviso-talla");
    await registerThroughForm(page, { name: "Alba Avisada", email, redirectTo: productPath });
    await expect(page).toHaveURL(new RegExp(`${productPath}$`));

    // 'Avísame cuando vuelva' on the sold-out size, then the state and a way to cancel.
    const sizeAlert = alerts.getByTestId("stock-alert").filter({ hasText: `Talla ${size}` });
    await sizeAlert.getByRole("button", { name: `Avísame cuando vuelva la talla ${size}` }).click();
    await expect(page.getByText(`Te avisaremos cuando vuelva la talla ${size}.`)).toBeVisible();
    await expect(sizeAlert.getByTestId("stock-alert-waiting")).toHaveText("Te avisaremos cuando vuelva");
    await sizeAlert.getByRole("button", { name: `Cancelar el aviso de la talla ${size}` }).click();
    await expect(page.getByText(`Ya no te avisaremos de la talla ${size}.`)).toBeVisible();
    await sizeAlert.getByRole("button", { name: `Avísame cuando vuelva la talla ${size}` }).click();
    await expect(sizeAlert.getByTestId("stock-alert-waiting")).toBeVisible();
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The seller sees who waits, and restocks the size from the product's control page.
    const seller = await sellerPage(browser, testInfo, owner);
    await seller.goto(controlPath(product));
    await expect(stockRow(seller, product).getByTestId("stock-demand")).toContainText(
      `1 cliente espera la talla ${size}`,
    );
    await stockRow(seller, product).getByRole("link", { name: product.name, exact: true }).click();
    await expect(
      seller.getByTestId("size-line").filter({ has: seller.getByRole("rowheader", { name: size, exact: true }) }),
    ).toContainText(`1 cliente espera la talla ${size}`);
    await seller.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(seller);
    await seller.setViewportSize({ width: 1280, height: 720 });

    if (javaScriptEnabled) {
      // The shopper's page stays open: the bell hears of it without a reload.
      await page.goto("/products");
      await expect(page.getByTestId("notification-bell")).toBeVisible();
    }
    const form = stockForm(seller, product);
    await form.getByLabel(`Talla ${size}`, { exact: true }).fill("4");
    await form.getByRole("button", { name: `Guardar stock de ${product.name}` }).click();
    await expect(seller.getByText("Stock actualizado.")).toBeVisible();
    await expect(seller.getByTestId("movement-row").first()).toContainText("Ajuste");
    await seller.context().close();

    const told = `Volvió la talla ${size} de «${product.name}».`;
    if (javaScriptEnabled) {
      const bell = page.getByRole("banner").getByRole("button", { name: "Notificaciones, 1", exact: true });
      await expect(bell).toBeVisible();
      await bell.click();
      await expect(
        page
          .getByRole("list", { name: "Notificaciones nuevas" })
          .getByTestId("live-notification")
          .filter({ hasText: told }),
      ).toBeVisible();
    } else {
      await page.reload();
      await expect(headerLink(page, "Notificaciones", 1)).toBeVisible();
    }

    // The notifications screen lists it, and the product page offers the size again.
    await page.goto("/dashboard/system-notifications");
    const notice = page.getByTestId("notification").filter({ hasText: told });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("Stock");
    await notice.getByRole("link", { name: "Ver el producto" }).click();
    await expect(page).toHaveURL(new RegExp(`${productPath}$`));
    await expect(page.getByTestId("sizes")).toContainText(`${size} — 4 disponibles`);
    await expect(sizeRadio).toBeEnabled();
    await expect(page.getByTestId("stock-alert").filter({ hasText: `Talla ${size}` })).toHaveCount(0);
  });
});
