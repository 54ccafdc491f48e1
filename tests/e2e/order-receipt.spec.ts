import { expect, test } from "./fixtures";
import { adminMovesOrder, buyAndPay, plentifulProductDetails } from "./orders-support";
import { ADMIN_EMAIL, apiSignIn, apiUrl, DEMO_PASSWORD, uniqueEmail } from "./support";
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll, newProjectPage } from "./seller-support";
import { registerAndSignIn, signIn } from "./sessions";

/**
 * Issue 31, item 3, the customer's side: a part sent to them shows «Lo he recibido» on their order's
 * page (a plain POST, so it works without JavaScript); confirming it marks the part delivered with
 * the date, and the admin then reads when the seller's money is available and until when the part
 * may still be refunded. A second confirmation (from another tab) is refused beside the part.
 */
test.describe("«Lo he recibido»", () => {
  test("el cliente confirma que recibió la parte enviada; la administración ve cuándo cobra el vendedor", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "recibido");
    await registerAndSignIn(page, { name: "Rocío Recibe", email, redirectTo: "/dashboard/my-orders" });
    const product = await plentifulProductDetails();
    const orderId = await buyAndPay(email, product._id);
    const orderPage = `/dashboard/order/details/${orderId}`;

    // Not sent yet: nothing to confirm.
    await page.goto(orderPage);
    await expect(page.getByTestId("order-shop")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Lo he recibido" })).toHaveCount(0);

    await adminMovesOrder(orderId, "enviado");
    await page.goto(orderPage);
    const panel = page.getByTestId("receipt-panel");
    await expect(panel.getByRole("heading", { name: `¿Te llegó el pedido de ${product.shop.name}?` })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);

    await panel.getByRole("button", { name: "Lo he recibido" }).click();
    await expect(page.getByText("Gracias: has confirmado que recibiste el pedido.")).toBeVisible();
    await expect(page.getByTestId("order-received")).toContainText(/Recibido el \d{1,2} de \p{L}+ de \d{4}/u);
    await expect(page.getByTestId("order-shop").getByText("Entregado", { exact: true })).toBeVisible();
    await expect(page.getByTestId("receipt-panel")).toHaveCount(0);

    // The admin reads when the seller's money is available: until then the part may still be refunded.
    const adminPage = await newProjectPage(browser, testInfo);
    await signIn(adminPage, ADMIN_EMAIL, DEMO_PASSWORD);
    await adminPage.goto(`/dashboard/admin/orders/${orderId}`);
    const part = adminPage.getByTestId("admin-order-part");
    await expect(part.getByTestId("part-tracking")).toContainText("El cliente confirmó que lo recibió el");
    await expect(part.getByTestId("sale-money")).toHaveText(
      /^El dinero estará disponible para el vendedor el .+: hasta entonces puedes cancelar y reembolsar esta parte\.$/,
    );
    await adminPage.context().close();
  });

  test("una confirmación que llega tarde (otra pestaña ya la envió) se rechaza junto a su parte", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "recibido-dos");
    await registerAndSignIn(page, { name: "Rubén Recibe", email, redirectTo: "/dashboard/my-orders" });
    const orderId = await buyAndPay(email, (await plentifulProductDetails())._id);
    await adminMovesOrder(orderId, "enviado");
    await page.goto(`/dashboard/order/details/${orderId}`);
    const panel = page.getByTestId("receipt-panel");
    await expect(panel.getByRole("button", { name: "Lo he recibido" })).toBeVisible();

    // Meanwhile another tab confirms it.
    const { token } = await apiSignIn(email);
    const { order } = (await (
      await fetch(`${apiUrl}/home/customer/get-order/${orderId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { order: { suborders: { _id: string }[] } };
    const confirmed = await fetch(`${apiUrl}/home/customer/order-received/${order.suborders[0]!._id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(confirmed.status).toBe(200);

    await panel.getByRole("button", { name: "Lo he recibido" }).click();
    await expect(page.getByTestId("receipt-refused")).toHaveText("Ya confirmaste que recibiste este pedido.");
    await expect(page.getByTestId("order-received")).toContainText("Recibido el");
    await expect(page.getByTestId("receipt-panel")).toHaveCount(0);
  });
});
