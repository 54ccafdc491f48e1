import { orderNumber } from "#contract/order-labels";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { askForReturn, deliveredSale } from "./returns-support";
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll, newProjectPage } from "./seller-support";
import { ADMIN_EMAIL, DEMO_PASSWORD, paypalApiUrl, paypalWebUrl, SHOPPER_PASSWORD } from "./support";
import { signIn } from "./sessions";

/**
 * Issue 35, an admin in a silent shop's place: the store that pays through PayPal runs with
 * RETURN_SELLER_ANSWER_DAYS=0 (playwright.config.ts), so the admin may answer a return, and mark an
 * accepted one received, as soon as it is asked. The admin hears of the request in their
 * notifications, whose link opens the admin's page of the order; the seller and the customer then
 * see on theirs that Mercado Pádel decided. Each journey its own seller, product and customer.
 */
test.use({ baseURL: paypalWebUrl });

const DECIDED_BY_ADMIN = "(lo decidió Mercado Pádel)";
const RECEIVED_BY_ADMIN = "Lo dio por recibido Mercado Pádel en lugar de la tienda.";

/**
 * The admin, at 360 px, sees the bell count what is new, finds the return's notice in their
 * notifications (paging back if newer ones came meanwhile) and opens the order from its link: the
 * admin's page of it, with the return.
 */
async function adminOpensReturnFromNotice(browser: Browser, testInfo: TestInfo, orderId: string): Promise<Page> {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled;
  const adminPage = await newProjectPage(browser, testInfo, paypalWebUrl);
  await signIn(adminPage, ADMIN_EMAIL, DEMO_PASSWORD, { api: paypalApiUrl });
  await adminPage.setViewportSize({ width: 360, height: 800 });
  await adminPage.goto("/dashboard/system-notifications");
  // The header's bell: the live bell's toggle with JavaScript, a link with its count without.
  await expect(
    adminPage.getByRole("banner").getByRole(javaScriptEnabled ? "button" : "link", { name: /^Notificaciones, \d+$/ }),
  ).toBeVisible();
  const number = orderNumber(orderId);
  const notice = adminPage
    .getByTestId("notification")
    .filter({ hasText: `Devolución pedida en el pedido #${number} ` });
  for (let more = 0; more < 10 && (await notice.count()) === 0; more++)
    await adminPage.getByRole("link", { name: "Siguiente" }).click();
  await expect(notice).toContainText("Si la tienda no contesta, puedes decidir tú en el pedido a partir del");
  await expectNoSidewaysScroll(adminPage);
  await notice.getByRole("link", { name: `#${number}` }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/dashboard/admin/orders/${orderId}$`));
  await expect(adminPage.getByTestId("order-return")).toContainText("Solicitada");
  await expectNoSidewaysScroll(adminPage);
  if (javaScriptEnabled) await expectNoSeriousAxeViolations(adminPage);
  return adminPage;
}

/** The seller's page of the part, at 360 px: the return as the admin left it. */
async function sellerSees(browser: Browser, testInfo: TestInfo, email: string, partId: string, texts: string[]) {
  const sellerPage = await newProjectPage(browser, testInfo, paypalWebUrl);
  await signIn(sellerPage, email, SHOPPER_PASSWORD, { api: paypalApiUrl });
  await sellerPage.setViewportSize({ width: 360, height: 800 });
  await sellerPage.goto(`/dashboard/seller/orders/details/${partId}`);
  for (const text of texts) await expect(sellerPage.getByTestId("order-return")).toContainText(text);
  // Nothing left for the shop to do on it.
  await expect(sellerPage.getByTestId("order-returns").getByRole("button")).toHaveCount(0);
  await expectNoSidewaysScroll(sellerPage);
  await sellerPage.context().close();
}

test.describe("devoluciones: la administración en lugar de la tienda", () => {
  test("acepta desde su aviso y marca «Recibido»; la tienda y el cliente ven quién lo hizo", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const sale = await deliveredSale(testInfo, "acepta", paypalApiUrl);
    await askForReturn(page, sale.email, sale.orderId, javaScriptEnabled, paypalApiUrl);

    const adminPage = await adminOpensReturnFromNotice(browser, testInfo, sale.orderId);
    const returns = adminPage.getByTestId("order-returns");
    await returns
      .getByLabel(/Instrucciones para devolverlo/)
      .fill("Envíalo por Correos a Calle Mayor 1, Madrid, antes de 7 días.");
    await returns.getByRole("button", { name: "Aceptar la devolución" }).click();
    await expect(adminPage.getByText("Devolución aceptada: el cliente ya tiene las instrucciones.")).toBeVisible();
    await expect(adminPage.getByTestId("return-instructions")).toContainText(DECIDED_BY_ADMIN);
    // The shop's time to mark it received is over too (0 days): the admin does it in its place.
    await expect(adminPage.getByTestId("order-returns")).toContainText("La tienda no lo marcó a tiempo.");
    await adminPage.getByTestId("order-returns").getByRole("button", { name: "Recibido" }).click();
    await expect(adminPage.getByText("Devolución recibida y reembolsada.")).toBeVisible();
    await expect(adminPage.getByTestId("return-refund")).toContainText(RECEIVED_BY_ADMIN);
    await expect(adminPage.getByTestId("order-returns").getByRole("button")).toHaveCount(0);
    await expectNoSidewaysScroll(adminPage);
    await adminPage.context().close();

    await sellerSees(browser, testInfo, sale.seller.email, sale.partId, [
      "Recibida y reembolsada",
      DECIDED_BY_ADMIN,
      RECEIVED_BY_ADMIN,
    ]);

    await page.goto(`/dashboard/order/details/${sale.orderId}`);
    await expect(page.getByTestId("order-return")).toContainText("Recibida y reembolsada");
    await expect(page.getByTestId("return-instructions")).toContainText(DECIDED_BY_ADMIN);
    await expect(page.getByTestId("return-refund")).toContainText("Te devolvimos");
    await expect(page.getByTestId("return-refund")).toContainText(RECEIVED_BY_ADMIN);
    await expectNoSidewaysScroll(page);
  });

  test("rechaza con un motivo desde su aviso; la tienda y el cliente ven quién lo decidió", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const sale = await deliveredSale(testInfo, "rechaza", paypalApiUrl);
    await askForReturn(page, sale.email, sale.orderId, javaScriptEnabled, paypalApiUrl);

    const adminPage = await adminOpensReturnFromNotice(browser, testInfo, sale.orderId);
    // No reason: the form says so beside it.
    await adminPage.getByTestId("order-returns").getByRole("button", { name: "Rechazar la devolución" }).click();
    await expect(
      adminPage
        .getByTestId("order-returns")
        .getByText("Escribe las instrucciones para aceptarla o el motivo para rechazarla."),
    ).toBeVisible();
    await adminPage
      .getByTestId("order-returns")
      .getByLabel(/o el motivo si la rechazas/)
      .fill("Pasaron más de 14 días desde la entrega.");
    await adminPage.getByTestId("order-returns").getByRole("button", { name: "Rechazar la devolución" }).click();
    await expect(adminPage.getByText("Devolución rechazada: el cliente ya sabe el motivo.")).toBeVisible();
    await expect(adminPage.getByTestId("return-refusal")).toContainText(DECIDED_BY_ADMIN);
    await expect(adminPage.getByTestId("order-returns").getByRole("button")).toHaveCount(0);
    await adminPage.context().close();

    await sellerSees(browser, testInfo, sale.seller.email, sale.partId, [
      "Rechazada",
      "Pasaron más de 14 días desde la entrega.",
      DECIDED_BY_ADMIN,
    ]);

    await page.goto(`/dashboard/order/details/${sale.orderId}`);
    await expect(page.getByTestId("order-return")).toContainText("Rechazada");
    await expect(page.getByTestId("return-refusal")).toContainText("Pasaron más de 14 días desde la entrega.");
    await expect(page.getByTestId("return-refusal")).toContainText(DECIDED_BY_ADMIN);
    await expectNoSidewaysScroll(page);
  });
});
