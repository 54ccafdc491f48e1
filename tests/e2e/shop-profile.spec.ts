import { vacationNotice } from "#contract/shop-profile-labels";
import { expect, test } from "./fixtures";
import { apiSignIn, fillShippingForm, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import {
  apiJson,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  newProjectPage,
  png,
  sellerWithProduct,
} from "./seller-support";
import { signIn } from "./sessions";

/** YYYY-MM-DD `days` after today in store time (Europe/Madrid), as the API counts. */
function storeDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Issue 34, the shop's profile and vacation: a new seller fills its profile with a logo (a wrong
 * e-mail first, refused beside its field, what was typed kept), and goes on vacation. A shopper sees
 * the profile and the notice on the shop's page, cannot buy on the product's page, reads the reason
 * in the cart and is refused at checkout; once the seller turns vacation off, the order goes through.
 */
test.describe("perfil de la tienda y vacaciones", () => {
  test("el vendedor rellena su perfil y se va de vacaciones; el cliente lo ve y no compra hasta que vuelve", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(150_000);
    const seller = await sellerWithProduct(testInfo, "perfil");

    // A shopper with the product in the cart before the vacation.
    const email = uniqueEmail(testInfo, "perfil-cliente");
    await apiJson("/user/register", {
      method: "POST",
      body: JSON.stringify({ name: "Cliente del Perfil", email, password: SHOPPER_PASSWORD }),
    });
    const { token, userId } = await apiSignIn(email);
    await apiJson("/home/product/add-to-card", {
      method: "POST",
      token,
      body: JSON.stringify({ userId, productId: seller.productId, quantity: 1 }),
    });

    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, seller.email, SHOPPER_PASSWORD);
    await page.goto("/dashboard/seller");
    await page
      .getByRole("navigation", { name: "Mi tienda" })
      .getByRole("link", { name: "Perfil de la tienda" })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Perfil de la tienda" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    const description = "Pelotas y palas para todo el club.\nAbrimos de lunes a sábado.";
    await page.getByLabel("Descripción").fill(description);
    await page.getByLabel("Política de devoluciones").fill("Tienes 30 días para devolver lo que no uses.");
    await page.getByLabel("Política de envíos").fill("Enviamos en 48 horas.");
    await page.getByLabel("Correo de contacto (opcional)").fill("esto-no-es-un-correo");
    await page.getByLabel("Teléfono de contacto (opcional)").fill("+1 212 555 0123");
    await page.getByRole("button", { name: "Guardar el perfil" }).click();
    await expect(page.getByText("Escribe un correo electrónico válido, por ejemplo nombre@dominio.com.")).toBeVisible();
    await expect(page.getByLabel("Descripción")).toHaveValue(description);

    await page.getByLabel("Correo de contacto (opcional)").fill("hola@tienda-perfil.example");
    await page
      .getByLabel("Logo (opcional)")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await png() });
    await page.getByRole("button", { name: "Guardar el perfil" }).click();
    await expect(page.getByText("Perfil de la tienda guardado.")).toBeVisible();
    await expect(page.getByRole("img", { name: "Logo actual" })).toBeVisible();
    await expect(page.getByLabel("Descripción")).toHaveValue(description);

    // Vacation: a date in the past is refused beside its field; five days ahead is taken.
    const until = storeDay(5);
    await page.getByLabel("Vuelvo el día").fill(storeDay(0));
    await page.getByLabel("Nota para tus clientes (opcional)").fill("Volvemos con pelotas nuevas.");
    await page.getByRole("button", { name: "Activar las vacaciones" }).click();
    await expect(page.getByText("La fecha de vuelta debe ser posterior a hoy.")).toBeVisible();
    await page.getByLabel("Vuelvo el día").fill(until);
    await page.getByRole("button", { name: "Activar las vacaciones" }).click();
    await expect(page.getByText("Modo vacaciones activado.")).toBeVisible();
    await expect(page.getByTestId("seller-vacation")).toHaveText(vacationNotice(until));

    // The shopper: the product is shown without its buy button, and the shop's page shows the profile.
    const shopper = await newProjectPage(browser, testInfo);
    await shopper.setViewportSize({ width: 360, height: 800 });
    await signIn(shopper, email, SHOPPER_PASSWORD);
    await shopper.goto("/card");
    const group = shopper.getByTestId("cart-shop").filter({ hasText: seller.productName });
    await expect(group.getByTestId("cart-shop-vacation")).toContainText(vacationNotice(until));
    await group.getByRole("link", { name: seller.productName }).first().click();
    await expect(shopper.getByTestId("vacation")).toHaveText(vacationNotice(until));
    const purchase = shopper.getByRole("form", { name: "Comprar" });
    await expect(purchase.getByRole("button", { name: "Agregar al carrito" })).toHaveCount(0);
    await expectNoSidewaysScroll(shopper);

    await shopper.getByRole("link", { name: /^Tienda perfil / }).click();
    await expect(shopper).toHaveURL(/\/tienda\//);
    await expect(shopper.getByTestId("shop-vacation")).toHaveText(vacationNotice(until));
    await expect(shopper.getByTestId("shop-vacation-note")).toHaveText("Volvemos con pelotas nuevas.");
    await expect(shopper.getByTestId("shop-logo")).toBeVisible();
    await expect(shopper.getByTestId("shop-description")).toHaveText(description);
    await expect(shopper.getByTestId("shop-return-policy")).toHaveText("Tienes 30 días para devolver lo que no uses.");
    await expect(shopper.getByTestId("shop-shipping-policy")).toHaveText("Enviamos en 48 horas.");
    await expect(shopper.getByTestId("shop-email")).toHaveText("hola@tienda-perfil.example");
    await expect(shopper.getByTestId("shop-phone")).toHaveText("+1 212 555 0123");
    await expectNoSidewaysScroll(shopper);
    await expectNoSeriousAxeViolations(shopper, javaScriptEnabled);

    // Checkout is refused with the reason; nothing is ordered.
    await shopper.goto("/shipping");
    await fillShippingForm(shopper);
    await shopper.getByRole("button", { name: "Realizar pedido" }).click();
    await expect(shopper.getByText(/está de vacaciones hasta el/)).toBeVisible();
    await expect(shopper).toHaveURL(/\/shipping$/);

    // The seller is back: the shopper can buy.
    await page.getByRole("button", { name: "Desactivar las vacaciones" }).click();
    await expect(page.getByText("Modo vacaciones desactivado: tu tienda vuelve a vender.")).toBeVisible();
    await shopper.goto("/shipping");
    await fillShippingForm(shopper);
    await shopper.getByRole("button", { name: "Realizar pedido" }).click();
    await expect(shopper).toHaveURL(/\/payment\?orderId=[0-9a-f-]{36}$/);
    await shopper.context().close();
  });
});
