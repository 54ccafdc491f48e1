import { awaitScriptsOnLoad, expect, test, type Page } from "./fixtures";
import { registerThroughApi } from "./orders-support";
import { ADMIN_EMAIL, DEMO_PASSWORD, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll } from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 35, the admin's users: the admin finds a customer, blocks them with a reason; the customer's
 * open browser is signed out at its next page and cannot sign in again, by password or by Google,
 * reading the reason; once unblocked they sign in. On a 360 px phone, with JavaScript and without.
 */

async function logIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(SHOPPER_PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

test.describe("usuarios de la administración", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("la administradora bloquea a un cliente: su navegador sale y no puede entrar hasta que lo desbloquea", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "bloqueo");
    await registerThroughApi("Bruno Bloqueado", email);

    // The customer's own browser, signed in and open on their account.
    const customerContext = await browser.newContext({ javaScriptEnabled, viewport: { width: 360, height: 780 } });
    const customerPage = await customerContext.newPage();
    // Without scripts there is no hydration to wait for.
    const customer = javaScriptEnabled ? awaitScriptsOnLoad(customerPage) : customerPage;
    await signIn(customer, email, SHOPPER_PASSWORD);
    await customer.goto("/dashboard");
    await expect(customer).toHaveURL(/\/dashboard$/);

    await signIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
    await page.goto("/dashboard/admin");
    await page.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Usuarios" }).click();
    await expect(page.getByRole("heading", { name: "Usuarios", level: 1 })).toBeVisible();
    await page.getByLabel("Nombre o correo").fill(email);
    await page.getByLabel("Rol").selectOption("customer");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/searchValue=.*role=customer/);
    await expect(page.getByTestId("user-count")).toHaveText("1 usuario con estos filtros.");
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);

    const card = page.getByTestId("admin-user-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Activo");
    await card.getByRole("link", { name: "Bruno Bloqueado" }).click();
    await expect(page.getByRole("heading", { name: "Bruno Bloqueado", level: 1 })).toBeVisible();
    await expect(page.getByText("Sin tienda.")).toBeVisible();
    await expect(page.getByTestId("wallet-balance")).toContainText("Saldo:");
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);

    // Without a reason the block is refused beside the field.
    await page.getByRole("button", { name: "Bloquear usuario" }).click();
    const reason = page.getByLabel("Motivo del bloqueo");
    await expect(reason).toHaveAttribute("aria-invalid", "true");
    await expect(reason).toHaveAccessibleDescription(/Escribe el motivo del bloqueo/);
    await reason.fill("Pagos con tarjetas robadas");
    await page.getByRole("button", { name: "Bloquear usuario" }).click();
    await expect(page.getByText(/^Usuario bloqueado: ya no puede entrar/)).toBeVisible();
    await expect(page.getByTestId("block-reason")).toContainText("Pagos con tarjetas robadas");
    await expectNoSidewaysScroll(page);

    // The customer's open browser is signed out at its next page.
    await customer.goto("/dashboard");
    await expect(customer).toHaveURL(/\/login/);
    await logIn(customer, email);
    await expect(customer.getByRole("alert")).toContainText(
      "Tu cuenta está bloqueada. Motivo: Pagos con tarjetas robadas.",
    );
    await expect(customer.getByLabel("Correo electrónico")).toHaveValue(email);
    await expectNoSidewaysScroll(customer);
    // Google's way in is refused with the same reason.
    await customer.getByRole("button", { name: "Continuar con Google" }).click();
    await customer.getByLabel("Correo de Google").fill(email);
    await customer.getByLabel("Nombre en Google").fill("Bruno Bloqueado");
    await customer.getByRole("button", { name: "Autorizar" }).click();
    await expect(customer).toHaveURL(/\/login/);
    await expect(customer.getByText("Tu cuenta está bloqueada. Motivo: Pagos con tarjetas robadas.")).toBeVisible();

    await page.getByRole("button", { name: "Desbloquear usuario" }).click();
    await expect(page.getByText("Usuario desbloqueado: ya puede volver a entrar.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Bloquear usuario" })).toBeVisible();

    await logIn(customer, email);
    await expect(customer).toHaveURL(/\/dashboard$/);
    await customerContext.close();
  });
});
