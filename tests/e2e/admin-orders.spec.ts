import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { buyAndPay, placeOrderThroughApi, plentifulProduct, plentifulProductDetails } from "./orders-support";
import { ADMIN_EMAIL, apiUrl, DEMO_PASSWORD, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll } from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 12, the admin's orders: a customer's paid order is found by the admin by e-mail, opened,
 * and one shop's part moved forward, on a 360 px phone, with JavaScript and without. Issue 35: the
 * list filtered by payment, delivery, shop and days, a wrong filter said beside its field, and the
 * CSV of what the filters show.
 */

/** Today in the store's time zone, as a date input writes it, and the day before. */
function storeToday(): { today: string; yesterday: string } {
  const day = (date: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(date);
  return { today: day(new Date()), yesterday: day(new Date(Date.now() - 24 * 60 * 60 * 1000)) };
}

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
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/searchValue=/);
    await expect(page.getByTestId("order-count")).toHaveText(`1 pedido con estos filtros: búsqueda «${email}».`);
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

  test("la administradora filtra los pedidos pagados sin enviar de una tienda y descarga su CSV", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "filtro-admin");
    await registerThroughApi("Filomena Filtros", email);
    const product = await plentifulProductDetails();
    const paidId = await buyAndPay(email, product._id);
    await placeOrderThroughApi(email, product._id);
    const number = paidId.slice(0, 8).toUpperCase();
    const { today, yesterday } = storeToday();

    await signIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
    await page.goto("/dashboard/admin/orders");
    await page.getByLabel("Número de pedido, nombre o correo del cliente").fill(email);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByTestId("order-count")).toHaveText(`2 pedidos con estos filtros: búsqueda «${email}».`);

    // A last day before the first is refused beside it; what was typed stays.
    await page.getByLabel("Pago").selectOption("pagado");
    await page.getByLabel("Entrega").selectOption("sin_enviar");
    await page.getByLabel("Tienda").selectOption({ label: product.shop.name });
    await page.getByLabel("Desde el día").fill(today);
    await page.getByLabel("Hasta el día (incluido)").fill(yesterday);
    await page.getByRole("button", { name: "Filtrar" }).click();
    const until = page.getByLabel("Hasta el día (incluido)");
    await expect(until).toHaveAttribute("aria-invalid", "true");
    await expect(until).toHaveAccessibleDescription("El último día no puede ser anterior al primero.");
    await expect(page.getByTestId("order-count")).toHaveText("Corrige los filtros marcados para ver los pedidos.");
    await expect(page.getByLabel("Pago")).toHaveValue("pagado");
    await expect(page.getByLabel("Desde el día")).toHaveValue(today);
    await expect(page.getByTestId("admin-order-card")).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    await until.fill(today);
    await page.getByRole("button", { name: "Filtrar" }).click();
    const dayOne = today.split("-").reverse().join("/");
    await expect(page.getByTestId("order-count")).toHaveText(
      `1 pedido con estos filtros: pago «Pagado», entrega «Sin enviar», tienda «${product.shop.name}», ` +
        `del ${dayOne} al ${dayOne}, búsqueda «${email}».`,
    );
    await expect(page).toHaveURL(/paymentStatus=pagado&deliveryStatus=sin_enviar/);
    const card = page.getByTestId("admin-order-card");
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("link", { name: `Pedido #${number}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);

    // The download holds exactly what the filters show.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Descargar CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("pedidos.csv");
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe('"Pedido";"Fecha";"Cliente";"Correo";"Tiendas";"Total";"Pago";"Entrega"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"#${number}"`);
    expect(lines[1]).toContain(`"Filomena Filtros";"${email}";"1"`);
    expect(lines[1]).toMatch(/"Pagado";"Pendiente"$/);
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
