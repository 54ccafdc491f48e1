import { expect, test, type TestInfo } from "./fixtures";
import { ADMIN_EMAIL, DEMO_PASSWORD, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import {
  customerOrdersThroughApi,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  newProjectPage,
  payOrderByCardThroughApi,
  stockedProductsWithoutSizes,
} from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 33, messages per order: a customer writes to the shop on their paid order (an empty message
 * is refused beside the field; markup and an address stay plain text), the seller learns of it in
 * their notifications, opens their order page from there and answers, and the customer reads the
 * answer on their order page; the admin reads the thread and cannot write. The customer's and the
 * seller's pages at a 360 px phone's width, and nothing serious for axe.
 */

const SELLER = { email: "vendedor2@mercadopadel.test" } as const;

/** A product of the seller without sizes and with stock, away from the ones other journeys pick. */
async function productFor(testInfo: TestInfo): Promise<string> {
  const candidates = (await stockedProductsWithoutSizes(SELLER.email)).sort((a, b) => b.stock - a.stock);
  return (candidates[testInfo.project.name === "js-off" ? 1 : 0] ?? candidates[0]!)._id;
}

test.describe("mensajes por pedido", () => {
  test("el cliente escribe a la tienda, el vendedor lo lee desde su aviso y contesta, y el cliente ve la respuesta; el administrador solo lo lee", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(testInfo, "mensajes-pedido");
    const name = `Clienta Mensajes ${testInfo.project.name} ${Math.random().toString(36).slice(2, 7)}`;
    const { token, orderId } = await customerOrdersThroughApi({ name, email, productId: await productFor(testInfo) });
    await payOrderByCardThroughApi(token, orderId);
    const number = orderId.slice(0, 8).toUpperCase();
    const question = `¿Me lo enviáis hoy? <b>urgente</b> https://ejemplo.test ${testInfo.project.name}`;

    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, email, SHOPPER_PASSWORD);
    await page.goto(`/dashboard/order/details/${orderId}`);
    const thread = page.getByTestId("order-messages");
    await expect(thread).toHaveCount(1);
    await expect(thread).toContainText("Todavía no hay mensajes.");

    // An empty message is refused beside the field.
    await thread.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(thread.getByText("Escribe tu mensaje.")).toBeVisible();

    await thread.getByLabel("Tu mensaje").fill(question);
    await thread.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page.getByText("Mensaje enviado.")).toBeVisible();
    const sent = page.getByTestId("order-message");
    await expect(sent).toHaveCount(1);
    await expect(sent).toContainText("Tú");
    await expect(sent).toContainText(question);
    // Untrusted text stays text: no markup, no link made of the address.
    await expect(sent.locator("a, b")).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // The seller finds the notice and opens their part of the order from it.
    const sellerPage = await newProjectPage(browser, testInfo);
    await sellerPage.setViewportSize({ width: 360, height: 800 });
    await signIn(sellerPage, SELLER.email, DEMO_PASSWORD);
    await sellerPage.goto("/dashboard/system-notifications");
    const notice = sellerPage
      .getByTestId("notification")
      .filter({ hasText: `Nuevo mensaje del cliente en el pedido #${number}` });
    await expect(notice).toHaveCount(1);
    await notice.getByRole("link", { name: `#${number}` }).click();
    await expect(sellerPage).toHaveURL(/\/dashboard\/seller\/orders\/details\//);
    const sellerThread = sellerPage.getByTestId("order-messages");
    await expect(sellerThread.getByTestId("order-message")).toHaveCount(1);
    await expect(sellerThread.getByTestId("order-message")).toContainText("Cliente");
    await expect(sellerThread.getByTestId("order-message")).toContainText(question);
    await sellerThread.getByLabel("Tu mensaje").fill("Sale esta tarde por mensajería.");
    await sellerThread.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(sellerPage.getByText("Mensaje enviado.")).toBeVisible();
    await expect(sellerThread.getByTestId("order-message")).toHaveCount(2);
    await expect(sellerThread.getByTestId("order-message").last()).toContainText("Tú");
    await expectNoSidewaysScroll(sellerPage);
    await expectNoSeriousAxeViolations(sellerPage, javaScriptEnabled);
    await sellerPage.context().close();

    // The customer reads the answer, newest last, under the shop's name.
    await page.goto(`/dashboard/order/details/${orderId}`);
    const messages = page.getByTestId("order-message");
    await expect(messages).toHaveCount(2);
    await expect(messages.last()).toContainText("Sale esta tarde por mensajería.");
    await expect(messages.last()).not.toContainText("Tú");
    await expect(messages.first()).toContainText(question);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    // The admin reads the thread on the order's page, and has no form to write in it.
    const adminPage = await newProjectPage(browser, testInfo);
    await signIn(adminPage, ADMIN_EMAIL, DEMO_PASSWORD);
    await adminPage.goto(`/dashboard/admin/orders/${orderId}`);
    const adminThread = adminPage.getByTestId("order-messages");
    await expect(adminThread.getByTestId("order-message")).toHaveCount(2);
    await expect(adminThread.getByTestId("order-message").first()).toContainText("Cliente");
    await expect(adminThread.getByRole("button", { name: "Enviar mensaje" })).toHaveCount(0);
    await adminPage.context().close();
  });
});
