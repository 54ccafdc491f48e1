import { expect, test } from "./fixtures";
import { askForReturn, deliveredSale } from "./returns-support";
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll, newProjectPage } from "./seller-support";
import { ADMIN_EMAIL, DEMO_PASSWORD, formatPrice, SHOPPER_PASSWORD } from "./support";
import { signIn } from "./sessions";

/**
 * Issue 35, returns: a customer asks to return what a shop delivered (a plain POST form, so it works
 * without JavaScript), the shop accepts with instructions and marks the goods received, and the
 * refund shows on the order and in the customer's wallet; or the shop refuses with a reason. Each
 * journey its own seller, product and customer, paid from the wallet (a voucher of its own).
 */

test.describe("devoluciones", () => {
  test("el cliente devuelve, la tienda acepta y recibe, y el reembolso llega a la cartera", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const sale = await deliveredSale(testInfo, "devuelta");
    await askForReturn(page, sale.email, sale.orderId, javaScriptEnabled);

    const sellerPage = await newProjectPage(browser, testInfo);
    await signIn(sellerPage, sale.seller.email, SHOPPER_PASSWORD);
    await sellerPage.setViewportSize({ width: 360, height: 800 });
    await sellerPage.goto(`/dashboard/seller/orders/details/${sale.partId}`);
    const returns = sellerPage.getByTestId("order-returns");
    await expect(returns.getByTestId("order-return")).toContainText("Me llegó un bote abierto.");
    await expectNoSidewaysScroll(sellerPage);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(sellerPage);
    await returns.getByRole("button", { name: "Aceptar la devolución" }).click();
    await expect(
      sellerPage
        .getByTestId("order-returns")
        .getByText("Escribe las instrucciones para aceptarla o el motivo para rechazarla."),
    ).toBeVisible();
    await sellerPage
      .getByTestId("order-returns")
      .getByLabel(/Instrucciones para devolverlo/)
      .fill("Envíalo por Correos a Calle Mayor 1, Madrid, antes de 7 días.");
    await sellerPage.getByTestId("order-returns").getByRole("button", { name: "Aceptar la devolución" }).click();
    await expect(sellerPage.getByText("Devolución aceptada: el cliente ya tiene las instrucciones.")).toBeVisible();
    await sellerPage.getByTestId("order-returns").getByRole("button", { name: "Recibido" }).click();
    await expect(sellerPage.getByText("Devolución recibida y reembolsada.")).toBeVisible();
    await expect(sellerPage.getByTestId("return-refund")).toContainText("Reembolsado:");
    await sellerPage.context().close();

    await page.goto(`/dashboard/order/details/${sale.orderId}`);
    await expect(page.getByTestId("order-return")).toContainText("Recibida y reembolsada");
    await expect(page.getByTestId("return-instructions")).toContainText("Calle Mayor 1");
    // The whole part came back, its shipping too: the wallet holds the voucher's 100,00 US$ again.
    await expect(page.getByTestId("return-refund")).toContainText("Te devolvimos");
    await expect(page.getByTestId("return-refund")).toContainText("(Cartera)");
    await page.goto("/dashboard/my-wallet");
    // At 360 px the wallet's movements are cards (the UI kit's Table).
    await expect(
      page
        .getByRole("list", { name: /Movimientos de tu cartera/ })
        .getByText(/Reembolso de la devolución del pedido #/),
    ).toBeVisible();
    await expect(page.getByTestId("wallet-balance")).toHaveText(formatPrice(10_000));
  });

  test("la tienda rechaza la devolución con un motivo; la administración la ve en el pedido", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const sale = await deliveredSale(testInfo, "rechazada");
    await askForReturn(page, sale.email, sale.orderId, javaScriptEnabled);

    const sellerPage = await newProjectPage(browser, testInfo);
    await signIn(sellerPage, sale.seller.email, SHOPPER_PASSWORD);
    await sellerPage.goto(`/dashboard/seller/orders/details/${sale.partId}`);
    const returns = sellerPage.getByTestId("order-returns");
    await returns.getByLabel(/o el motivo si la rechazas/).fill("El bote está usado: no se admite la devolución.");
    await returns.getByRole("button", { name: "Rechazar la devolución" }).click();
    await expect(sellerPage.getByText("Devolución rechazada: el cliente ya sabe el motivo.")).toBeVisible();
    await sellerPage.context().close();

    await page.goto(`/dashboard/order/details/${sale.orderId}`);
    await expect(page.getByTestId("order-return")).toContainText("Rechazada");
    await expect(page.getByTestId("return-refusal")).toContainText("El bote está usado");

    const adminPage = await newProjectPage(browser, testInfo);
    await signIn(adminPage, ADMIN_EMAIL, DEMO_PASSWORD);
    await adminPage.setViewportSize({ width: 360, height: 800 });
    await adminPage.goto(`/dashboard/admin/orders/${sale.orderId}`);
    await expect(adminPage.getByTestId("order-return")).toContainText("Rechazada");
    await expectNoSidewaysScroll(adminPage);
    await adminPage.context().close();
  });
});
