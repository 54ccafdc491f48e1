import { expect, test } from "./fixtures";
import { mailTo } from "./mail-support";
import { plentifulProductDetails } from "./orders-support";
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll, signInThroughForm } from "./seller-support";
import {
  addToCartFromProductPage,
  apiUrl,
  fillShippingForm,
  registerThroughForm,
  SHOPPER_PASSWORD,
  uniqueEmail,
} from "./support";

/**
 * Issue 33, done when: a shopper who chose Venezuela reads Caracas times, on the pages and in the
 * mails (decision 0039). The flags are links, so the choice works without JavaScript too.
 */

const flag = (page: import("@playwright/test").Page, name: string) =>
  page.getByRole("banner").getByRole("link", { name, exact: true });

test.describe("horas en la zona de quien compra", () => {
  test("en el teléfono elige Venezuela, crea su cuenta y lee las horas de Caracas en la web y en su correo", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/products");
    await expect(flag(page, "España")).toHaveAttribute("aria-current", "true");
    await flag(page, "Venezuela").click();
    await expect(page).toHaveURL("/products");
    await expect(flag(page, "Venezuela")).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("region-choice")).toHaveText("Estás en Venezuela: horas en hora de Caracas");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, testInfo.project.use.javaScriptEnabled);

    // The account made on this browser keeps the choice: its mails use it too.
    const email = uniqueEmail(testInfo, "caracas");
    // The form's check looks for the header's «Cerrar sesión», which a phone folds away.
    await page.setViewportSize({ width: 1280, height: 800 });
    await registerThroughForm(page, { name: "Valentina Caracas", email, redirectTo: "/products" });
    await page.setViewportSize({ width: 360, height: 800 });
    const product = await plentifulProductDetails();
    await addToCartFromProductPage(page, product.slug, 1);
    await page.goto("/shipping");
    await fillShippingForm(page, "+58 412 555 0000");
    await page.getByRole("button", { name: "Realizar pedido" }).click();
    await expect(page).toHaveURL(/\/payment\?orderId=[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    await expect(page.getByTestId("pay-before")).toContainText(
      /Paga antes de las \d{2}:\d{2}, hora de Caracas \(en (\d+ minutos|1 minuto)\)/,
    );
    await expectNoSidewaysScroll(page);

    await page.goto(`/dashboard/order/details/${orderId}`);
    await expect(page.getByTestId("pay-before")).toContainText("hora de Caracas");
    await expect(page.locator(`time[datetime]`).first()).toContainText(/a las \d{2}:\d{2}, hora de Caracas/);
    await expectNoSidewaysScroll(page);

    const placed = await mailTo(email, `Pedido #${orderId.slice(0, 8).toUpperCase()}: paga`);
    expect(placed.text).toMatch(/Paga antes del: \d{1,2} de \p{L}+ de \d{4} a las \d\d:\d\d, hora de Caracas/u);
  });

  test("una cuenta que eligió Estados Unidos lo recupera al iniciar sesión en otro navegador", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "nueva-york");
    const registered = await fetch(`${apiUrl}/user/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Nora York", email, password: SHOPPER_PASSWORD }),
    });
    const { token } = (await registered.json()) as { token: string };
    const chosen = await fetch(`${apiUrl}/user/region`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ region: "us" }),
    });
    expect(chosen.status).toBe(200);

    await page.goto("/login");
    await expect(flag(page, "España")).toHaveAttribute("aria-current", "true");
    await signInThroughForm(page, email, SHOPPER_PASSWORD);
    await expect(flag(page, "Estados Unidos")).toHaveAttribute("aria-current", "true");
  });
});

test.describe("la zona del navegador", () => {
  test.use({ timezoneId: "America/Caracas" });

  test("con JavaScript, un navegador en Caracas pasa solo a Venezuela; sin él sigue en España hasta que elija", async ({
    page,
  }, testInfo) => {
    await page.goto("/products");
    if (testInfo.project.use.javaScriptEnabled) {
      await expect(flag(page, "Venezuela")).toHaveAttribute("aria-current", "true");
      // Kept in the cookie: the next page is drawn in Caracas time by the server.
      await page.goto("/");
      await expect(flag(page, "Venezuela")).toHaveAttribute("aria-current", "true");
    } else {
      await expect(flag(page, "España")).toHaveAttribute("aria-current", "true");
      await flag(page, "Venezuela").click();
      await expect(flag(page, "Venezuela")).toHaveAttribute("aria-current", "true");
    }
  });

  test("una elección hecha con la bandera no la cambia la zona del navegador", async ({ page }) => {
    await page.goto("/products");
    await flag(page, "Estados Unidos").click();
    await expect(flag(page, "Estados Unidos")).toHaveAttribute("aria-current", "true");
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await expect(flag(page, "Estados Unidos")).toHaveAttribute("aria-current", "true");
  });
});
