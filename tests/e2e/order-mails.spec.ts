import { expect, test, type TestInfo } from "./fixtures";
import { addToCartFromProductPage, DEMO_PASSWORD, fillShippingForm, payByCard, uniqueEmail } from "./support";
import { newProjectPage, stockedProductsWithoutSizes } from "./seller-support";
import { registerAndSignIn, signIn } from "./sessions";
import { mailTo, pathOf } from "./mail-support";

/**
 * Issue 33, done when: an order placed, paid, shipped and delivered through the pages leaves each
 * of its mails in the outbox (DATA_DIR/outbox, where the worker writes them within a second), the
 * customer's and the seller's, each with a link to the page it is about; the links open.
 */

const SELLER = "vendedor3@mercadopadel.test";
const TRACKING = "ES-2026-MAIL-77";

/** A product of the seller without sizes, one per project (the fulfilment journey uses the first two). */
async function productFor(testInfo: TestInfo) {
  const candidates = (await stockedProductsWithoutSizes(SELLER)).sort((a, b) => b.stock - a.stock);
  return candidates[testInfo.project.name === "js-off" ? 3 : 2] ?? candidates[0]!;
}

test.describe("correos del pedido", () => {
  test("pedido, pago, envío y entrega: cada correo del cliente y del vendedor, con su enlace", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const product = await productFor(testInfo);
    const email = uniqueEmail(testInfo, "correos-pedido");
    await registerAndSignIn(page, { name: "Carla Correos", email, redirectTo: "/products" });
    await addToCartFromProductPage(page, product.slug, 1);
    await page.goto("/shipping");
    await fillShippingForm(page);
    await page.getByRole("button", { name: "Realizar pedido" }).click();
    await expect(page).toHaveURL(/\/payment\?orderId=[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    const number = orderId.slice(0, 8).toUpperCase();

    const placed = await mailTo(email, `Pedido #${number}: paga`);
    expect(pathOf(placed.link)).toBe(`/payment?orderId=${orderId}`);
    expect(placed.text).toMatch(/Paga antes del: \d{1,2} de \p{L}+ de \d{4} a las \d\d:\d\d, hora de Madrid/u);

    await payByCard(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(new RegExp(`/order/confirm/${orderId}$`));
    const receipt = await mailTo(email, `Recibo del pedido #${number}`);
    expect(pathOf(receipt.link)).toBe(`/dashboard/order/details/${orderId}`);
    expect(receipt.text).toContain(product.name);
    expect(receipt.text).toContain("Calle del Revés 12, 3º B");
    const sale = await mailTo(SELLER, `Pedido #${number} pagado`);
    expect(pathOf(sale.link)).toMatch(/^\/dashboard\/seller\/orders\/details\/[0-9a-f-]{36}$/);
    expect(sale.text).toContain("Cliente: Carla Correos");

    // The seller follows the mail's link to their order page and ships, then delivers.
    const sellerPage = await newProjectPage(browser, testInfo);
    await signIn(sellerPage, SELLER, DEMO_PASSWORD);
    await sellerPage.goto(pathOf(sale.link));
    await expect(sellerPage.getByRole("heading", { level: 1, name: `Pedido #${number}` })).toBeVisible();
    await sellerPage.getByRole("radio", { name: "Enviado" }).check();
    await sellerPage.getByLabel("Número de seguimiento").fill(TRACKING);
    await sellerPage.getByRole("button", { name: "Cambiar estado" }).click();
    const shipped = await mailTo(email, `envió tu pedido #${number}`);
    expect(pathOf(shipped.link)).toBe(`/dashboard/order/details/${orderId}`);
    expect(shipped.text).toContain(`Número de seguimiento: ${TRACKING}`);
    await sellerPage.getByRole("radio", { name: "Entregado" }).check();
    await sellerPage.getByRole("button", { name: "Cambiar estado" }).click();
    const delivered = await mailTo(email, `entregó tu pedido #${number}`);
    expect(pathOf(delivered.link)).toBe(`/dashboard/order/details/${orderId}`);
    await sellerPage.context().close();

    // The customer's link opens their order, delivered.
    await page.goto(pathOf(delivered.link));
    await expect(page.getByTestId("order-shop").getByText("Entregado", { exact: true })).toBeVisible();
  });
});
