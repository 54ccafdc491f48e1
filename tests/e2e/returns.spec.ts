import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { TRACKING_NUMBER } from "./orders-support";
import {
  apiJson,
  customerOrdersThroughApi,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  newProjectPage,
  sellerWithProduct,
} from "./seller-support";
import { ADMIN_EMAIL, apiSignIn, DEMO_PASSWORD, formatPrice, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import { signIn } from "./sessions";

/**
 * Issue 35, returns: a customer asks to return what a shop delivered (a plain POST form, so it works
 * without JavaScript), the shop accepts with instructions and marks the goods received, and the
 * refund shows on the order and in the customer's wallet; or the shop refuses with a reason. Each
 * journey its own seller, product and customer, paid from the wallet (a voucher of its own).
 */

/** A new seller's product bought by a new customer, paid from the wallet, shipped and received: the order and part. */
async function deliveredSale(testInfo: TestInfo, label: string) {
  const seller = await sellerWithProduct(testInfo, label);
  const email = uniqueEmail(testInfo, `${label}-cliente`);
  const customer = await customerOrdersThroughApi({ name: "Carmen Devuelve", email, productId: seller.productId });
  // A voucher of its own pays the order from the wallet.
  const admin = await apiSignIn(ADMIN_EMAIL, DEMO_PASSWORD);
  // Unique per journey and project: both journeys of a project may run at the same moment.
  const code =
    `D${label.slice(0, 3)}-${Date.now().toString(36)}-${testInfo.project.name === "js-off" ? "B" : "A"}`.toUpperCase();
  await apiJson("/admin/vouchers", {
    method: "POST",
    token: admin.token,
    body: JSON.stringify({ code, amount: 10_000, expiresOn: "2099-12-31" }),
  });
  await apiJson("/wallet/voucher/redeem", { method: "POST", token: customer.token, body: JSON.stringify({ code }) });
  await apiJson("/payment/wallet", {
    method: "POST",
    token: customer.token,
    body: JSON.stringify({ orderId: customer.orderId }),
  });
  const { order } = await apiJson<{ order: { suborders: { _id: string }[] } }>(
    `/home/customer/get-order/${customer.orderId}`,
    { token: customer.token },
  );
  const partId = order.suborders[0]!._id;
  const sellerSession = await apiSignIn(seller.email);
  await apiJson(`/seller/order-status/update/${partId}`, {
    method: "PUT",
    token: sellerSession.token,
    body: JSON.stringify({ status: "enviado", trackingNumber: TRACKING_NUMBER }),
  });
  await apiJson(`/home/customer/order-received/${partId}`, { method: "POST", token: customer.token });
  return { seller, email, orderId: customer.orderId, partId };
}

/** The customer asks to return the one unit, with a reason, on the order's page at 360 px. */
async function askForReturn(page: Page, email: string, orderId: string, javaScriptEnabled: boolean) {
  await signIn(page, email, SHOPPER_PASSWORD);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/dashboard/order/details/${orderId}`);
  const returns = page.getByTestId("order-returns");
  await expect(returns.getByRole("heading", { name: "Devoluciones" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);

  // Nothing chosen: the API's refusal above the form, the reason kept.
  await returns.getByLabel("¿Por qué lo devuelves?").fill("Me llegó un bote abierto.");
  await returns.getByRole("button", { name: "Devolver productos" }).click();
  await expect(page.getByText("Indica cuántas unidades devuelves de al menos un producto.")).toBeVisible();
  await expect(page.getByTestId("order-returns").getByLabel("¿Por qué lo devuelves?")).toHaveValue(
    "Me llegó un bote abierto.",
  );

  await page.getByTestId("order-returns").getByRole("spinbutton").fill("1");
  await page.getByTestId("order-returns").getByRole("button", { name: "Devolver productos" }).click();
  await expect(
    page.getByText("Solicitud de devolución enviada: la tienda te dirá cómo devolver los productos."),
  ).toBeVisible();
  await expect(page.getByTestId("order-return")).toContainText("Solicitada");
  await expect(page.getByTestId("order-returns").getByRole("button", { name: "Devolver productos" })).toHaveCount(0);
}

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
