import { expect, test, type TestInfo } from "./fixtures";
import { SHIPPING_INFO } from "./orders-support";
import { apiSignIn, DEMO_PASSWORD, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import {
  apiJson,
  customerOrdersThroughApi,
  expectNoSidewaysScroll,
  newProjectPage,
  payOrderByCardThroughApi,
  stockedProductsWithoutSizes,
  type ControlProduct,
} from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 12, the seller's orders: a customer pays an order of a demo seller's product; the seller
 * finds it in the list (search by the customer's name), opens it, moves it to 'Enviado' (a form read
 * before another change is refused beside it; shipping without the carrier's tracking number is
 * refused beside the field), and the customer's order page shows the new status and the number.
 * Each project buys a product of its own. (Who may enter, and another seller's order as the 404
 * page: tests/http.)
 */

const SELLER = { email: "vendedor2@mercadopadel.test" } as const;

/** A product of the seller without sizes and with stock, picked per project away from the ends other journeys use. */
async function productFor(testInfo: TestInfo): Promise<ControlProduct> {
  const candidates = (await stockedProductsWithoutSizes(SELLER.email)).sort((a, b) => a.stock - b.stock);
  return candidates[Math.floor(candidates.length / 2) + (testInfo.project.name === "js-off" ? 1 : 0)] ?? candidates[0]!;
}

/** A new customer who orders one unit and pays it with the test card; answers their data and the order. */
async function customerPays(testInfo: TestInfo, productId: string) {
  const email = uniqueEmail(testInfo, "pedido-vendedor");
  const name = `Clienta Pedidos ${testInfo.project.name} ${Math.random().toString(36).slice(2, 7)}`;
  const { token, orderId } = await customerOrdersThroughApi({ name, email, productId });
  await payOrderByCardThroughApi(token, orderId);
  return { email, name, orderId };
}

test.describe("pedidos del vendedor", () => {
  test("el vendedor encuentra el pedido pagado, lo pasa a «Enviado» con el número de seguimiento (un formulario viejo se rechaza) y el cliente lo ve", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const product = await productFor(testInfo);
    const customer = await customerPays(testInfo, product._id);
    const number = customer.orderId.slice(0, 8).toUpperCase();

    await signIn(page, SELLER.email, DEMO_PASSWORD);
    await page.goto("/dashboard/seller");
    await page.getByRole("navigation", { name: "Mi tienda" }).getByRole("link", { name: "Pedidos" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Pedidos" })).toBeVisible();

    // Search by the customer's name and filter by status, with the plain GET form.
    const search = page.getByRole("form", { name: "Buscar pedidos" });
    await search.getByLabel("Número de pedido o cliente").fill(customer.name);
    await search.getByLabel("Estado", { exact: true }).selectOption("pendiente");
    await search.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/status=pendiente/);
    await expect(page.getByTestId("seller-orders-count")).toHaveText("1 pedido con estos filtros.");
    const row = page.getByTestId("seller-order-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(customer.name);
    await expect(row).toContainText("Pagado");
    await expect(row).toContainText("Pendiente");

    // A phone: the table becomes cards, nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(page.getByTestId("seller-order-card")).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await page
      .getByTestId("seller-order-card")
      .getByRole("link", { name: `Pedido #${number}` })
      .click();

    await expect(page.getByRole("heading", { level: 1, name: `Pedido #${number}` })).toBeVisible();
    await expect(page.getByTestId("seller-order-status")).toContainText("Pendiente");
    await expect(page.getByTestId("seller-order-payment")).toContainText("Pagado");
    await expect(page.getByTestId("seller-order-address")).toContainText(SHIPPING_INFO.address);
    await expect(page.getByTestId("seller-order-line")).toContainText(product.name);
    await expectNoSidewaysScroll(page);
    // Printed, it is a packing slip: the store's header and footer are left out. Read from the
    // server (with JavaScript it was drawn in the browser), so its HTML is hydrated too.
    await page.reload();
    await page.emulateMedia({ media: "print" });
    await expect(page.locator("body > header")).toBeHidden();
    await expect(page.locator("body > footer")).toBeHidden();
    await expect(page.getByTestId("seller-order-address")).toBeVisible();
    await page.emulateMedia({ media: "screen" });
    await expect(page.locator("body > header")).toBeVisible();

    // Only the allowed next steps are offered: not delivered before it is sent (issue 31).
    const form = page.getByRole("form", { name: "Estado del envío" });
    await expect(form.getByRole("radio")).toHaveCount(3);
    await expect(form.getByLabel("Pendiente", { exact: true })).toHaveCount(0);
    await expect(form.getByLabel("Entregado", { exact: true })).toHaveCount(0);
    // None is chosen for the seller: a click never moves or cancels an order by default.
    await expect(form.getByRole("radio", { checked: true })).toHaveCount(0);
    await form.getByLabel("En preparación", { exact: true }).check();
    // Meanwhile someone else (another tab) moves it: the form read before is refused beside itself.
    const seller = await apiSignIn(SELLER.email, DEMO_PASSWORD);
    const { orders } = await apiJson<{ orders: { _id: string }[] }>(
      `/seller/orders/${seller.userId}?searchValue=${number}`,
      { token: seller.token },
    );
    await apiJson(`/seller/order-status/update/${orders[0]!._id}`, {
      method: "PUT",
      token: seller.token,
      body: JSON.stringify({ status: "procesando" }),
    });
    await form.getByRole("button", { name: "Cambiar estado" }).click();
    await expect(page.getByTestId("status-refused")).toHaveText("El pedido ya está «En preparación».");
    await expect(page.getByTestId("seller-order-status")).toContainText("En preparación");
    await expect(form.getByLabel("En preparación", { exact: true })).toHaveCount(0);

    // The next step from there: sent, which needs the carrier's tracking number.
    await form.getByLabel("Enviado", { exact: true }).check();
    const tracking = form.getByLabel("Número de seguimiento");
    await form.getByRole("button", { name: "Cambiar estado" }).click();
    await expect(tracking).toHaveAttribute("aria-invalid", "true");
    await expect(tracking).toHaveAccessibleDescription(/Escribe el número de seguimiento del transportista\./);
    await expect(page.getByTestId("seller-order-status")).toContainText("En preparación");
    await expect(form.getByLabel("Enviado", { exact: true })).toBeChecked();
    await tracking.fill("  ES-4411 2233  ");
    await form.getByRole("button", { name: "Cambiar estado" }).click();
    await expect(page.getByText("Estado del pedido actualizado.")).toBeVisible();
    await expect(page.getByTestId("seller-order-status")).toContainText("Enviado");
    await expect(page.getByTestId("seller-order-tracking")).toContainText("Número de seguimiento: ES-4411 2233");
    await expect(page.getByTestId("status-refused")).toHaveCount(0);
    await expect(form.getByRole("radio")).toHaveCount(1);
    await expect(form.getByLabel("Entregado", { exact: true })).toBeVisible();
    // Sent, it has its number: the form no longer asks for one. Its money has a date (issue 31).
    await expect(form.getByLabel("Número de seguimiento")).toHaveCount(0);
    await expect(page.getByTestId("sale-money")).toHaveText(
      /^El dinero de esta venta estará disponible para retirar el \d{1,2} de \p{L}+ de \d{4} a las \d{2}:\d{2}, hora de Madrid\.$/u,
    );
    await expectNoSidewaysScroll(page);

    // The customer's order page shows the new status.
    const customerPage = await newProjectPage(browser, testInfo);
    await signIn(customerPage, customer.email, SHOPPER_PASSWORD);
    await customerPage.goto(`/dashboard/order/details/${customer.orderId}`);
    await expect(customerPage.getByTestId("order-delivery-status")).toContainText("Enviado");
    await expect(customerPage.getByTestId("order-tracking")).toContainText(
      /Enviado el .+ · Número de seguimiento: ES-4411 2233/,
    );
    await expectNoSidewaysScroll(customerPage);
    await customerPage.context().close();
  });
});
