import { expect, test } from "./fixtures";
import { buyAndPay, plentifulProduct } from "./orders-support";
import { ADMIN_EMAIL, apiUrl, DEMO_PASSWORD, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll } from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 12, the admin's orders: a customer's paid order is found by the admin by e-mail, opened,
 * and one shop's part moved forward, on a 360 px phone, with JavaScript and without.
 */

async function registerThroughApi(name: string, email: string) {
  const response = await fetch(`${apiUrl}/user/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, email, password: SHOPPER_PASSWORD }),
  });
  expect(response.status).toBe(201);
}

test.describe("pedidos de la administración", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("la administradora encuentra un pedido pagado, lo abre y envía la parte de una tienda", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "pedido-admin");
    await registerThroughApi("Adela Pedidos", email);
    const orderId = await buyAndPay(email, await plentifulProduct());
    const number = orderId.slice(0, 8).toUpperCase();

    await signIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
    await page.goto("/dashboard/admin");
    await page.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Pedidos" }).click();
    await expect(page.getByRole("heading", { name: "Pedidos", level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.getByLabel("Número de pedido, nombre o correo del cliente").fill(email);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/searchValue=/);
    await expect(page.getByTestId("order-count")).toHaveText(`1 pedido que coincide con «${email}».`);
    const card = page.getByTestId("admin-order-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Adela Pedidos");
    await expect(card).toContainText("Pagado");
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);

    await card.getByRole("link", { name: `Pedido #${number}` }).click();
    await expect(page.getByRole("heading", { name: `Pedido #${number}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId("order-payment")).toContainText("Pagado");
    await expect(page.getByText(email)).toBeVisible();
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);

    const part = page.getByTestId("admin-order-part").first();
    await expect(part.getByTestId("part-status")).toContainText("Entrega: Pendiente");
    const shopName = (await part.getByRole("heading", { level: 2 }).innerText()).trim();
    const select = part.getByLabel(`Nuevo estado de ${shopName}`);
    await expect(select.locator("option")).toHaveText([
      "Elige un estado",
      "En preparación",
      "Enviado",
      "Cancelar y reembolsar al cliente",
    ]);
    // Nothing is chosen for the admin: a click never moves or cancels an order by default.
    await expect(select).toHaveValue("");
    await select.selectOption("enviado");
    // Shipping without the carrier's tracking number is refused beside the field.
    await part.getByRole("button", { name: `Cambiar estado de ${shopName}` }).click();
    const tracking = page.getByTestId("admin-order-part").first().getByLabel(`Número de seguimiento de ${shopName}`);
    await expect(tracking).toHaveAttribute("aria-invalid", "true");
    await expect(tracking).toHaveAccessibleDescription(/Escribe el número de seguimiento del transportista\./);
    await tracking.fill("ADM 5566 7788");
    await page
      .getByTestId("admin-order-part")
      .first()
      .getByRole("button", { name: `Cambiar estado de ${shopName}` })
      .click();

    await expect(page.getByText("Estado del pedido actualizado.")).toBeVisible();
    await expect(page.getByTestId("admin-order-part").first().getByTestId("part-status")).toContainText(
      "Entrega: Enviado",
    );
    await expect(page.getByTestId("admin-order-part").first().getByTestId("part-tracking")).toContainText(
      "Número de seguimiento: ADM 5566 7788",
    );
    await expect(
      page.getByTestId("admin-order-part").first().getByLabel(`Nuevo estado de ${shopName}`).locator("option"),
    ).toHaveText(["Elige un estado", "Entregado", "Cancelar y reembolsar al cliente"]);
    await expectNoSidewaysScroll(page);

    // The change is in the audit log, under the order's number.
    await page.getByRole("link", { name: "Registro de auditoría de este pedido" }).click();
    const entry = page.getByRole("listitem", { name: /Cambió el estado de un pedido$/ }).first();
    await expect(entry).toBeVisible();
    await expect(entry).toContainText(`Pedido #${number}`);
  });

  test("un pedido que no existe es la página 404 dentro de la administración, con su menú", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
    const response = await page.goto("/dashboard/admin/orders/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Oops! Página no encontrada");
    await expect(page).toHaveTitle("¡Oops! Página no encontrada");
    // The area's menu stays, with its badges' counts read by the layout: the admin goes on from there.
    const menu = page.getByRole("navigation", { name: "Administración" });
    await expect(menu.getByRole("link", { name: "Pedidos", exact: true })).toHaveAttribute("aria-current", "page");
    await menu.getByRole("link", { name: "Pedidos", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Pedidos", level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
