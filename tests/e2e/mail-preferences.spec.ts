import { signUnsubscribeToken } from "../../api/src/modules/mail/unsubscribe-token";
import { expect, test } from "./fixtures";
import { registerThroughApi } from "./orders-support";
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll } from "./seller-support";
import { registerAndSignIn, signIn } from "./sessions";
import { ADMIN_EMAIL, apiSignIn, apiUrl, uniqueEmail } from "./support";
import { E2E_JWT_SECRET } from "./store-secrets";

/**
 * Issue 33, the reader's mail: the page «Notificaciones por correo» turns optional kinds off (receipts
 * listed as always sent), and the footer link of an optional mail turns its kind off after a
 * confirmation, without signing in. Both on a 360 px phone, with and without JavaScript.
 */

interface Preference {
  kind: string;
  enabled: boolean;
}

async function preferencesOf(email: string): Promise<Preference[]> {
  const { token } = await apiSignIn(email);
  const response = await fetch(`${apiUrl}/user/mail-preferences`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`/user/mail-preferences ${response.status}`);
  return ((await response.json()) as { kinds: Preference[] }).kinds;
}

const enabledOf = (kinds: Preference[], kind: string) => kinds.find((item) => item.kind === kind)?.enabled;

test.describe("notificaciones por correo", () => {
  test("el cliente desactiva dos tipos de correo; los recibos siguen listados como siempre enviados", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "prefs-correo");
    await page.setViewportSize({ width: 360, height: 780 });
    await registerAndSignIn(page, { name: "Carmen Correo", email, redirectTo: "/dashboard" });
    await page.getByRole("link", { name: "Notificaciones por correo" }).click();
    await expect(page).toHaveURL(/\/dashboard\/mail-preferences$/);
    await expect(page.getByRole("heading", { level: 1, name: "Notificaciones por correo" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    const switchable = page.getByRole("group", { name: "Correos que puedes desactivar" });
    await expect(switchable.getByRole("checkbox", { name: "Aviso de talla disponible" })).toBeChecked();
    await expect(switchable.getByRole("checkbox", { name: "Pedidos pagados por preparar" })).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: "Recibo del pago" })).toHaveCount(0);
    const always = page.getByRole("region", { name: "Correos que siempre te enviamos" });
    await expect(always.getByRole("listitem").filter({ hasText: "Recibo del pago" })).toBeVisible();

    await switchable.getByRole("checkbox", { name: "Aviso de talla disponible" }).uncheck();
    await switchable.getByRole("checkbox", { name: "Envío de tu pedido" }).uncheck();
    await page.getByRole("button", { name: "Guardar preferencias" }).click();
    await expect(page.getByText("Tus preferencias de correo se guardaron.")).toBeVisible();
    await expect(switchable.getByRole("checkbox", { name: "Aviso de talla disponible" })).not.toBeChecked();
    await expect(switchable.getByRole("checkbox", { name: "Envío de tu pedido" })).not.toBeChecked();
    await expect(switchable.getByRole("checkbox", { name: "Entrega de tu pedido" })).toBeChecked();

    const saved = await preferencesOf(email);
    expect(enabledOf(saved, "back-in-stock")).toBe(false);
    expect(enabledOf(saved, "part-shipped")).toBe(false);
    expect(enabledOf(saved, "part-delivered")).toBe(true);
    expect(enabledOf(saved, "order-paid")).toBe(true);
  });

  test("el administrador ve sus propios tipos de correo", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL);
    await page.goto("/dashboard/mail-preferences");
    const switchable = page.getByRole("group", { name: "Correos que puedes desactivar" });
    await expect(switchable.getByRole("checkbox", { name: "Solicitudes de tienda por revisar" })).toBeVisible();
    await expect(switchable.getByRole("checkbox", { name: "Retiros por pagar" })).toBeVisible();
  });

  test("el enlace «Dejar de recibirlos» de un correo apaga su tipo tras confirmar, sin iniciar sesión", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "baja-correo");
    await registerThroughApi("Damián Baja", email);
    const { userId } = await apiSignIn(email);
    // The token the API would put in the mail (render.ts): signed with the test store's secret.
    const token = signUnsubscribeToken(E2E_JWT_SECRET, userId, "part-shipped");

    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`/mail/unsubscribe?token=${encodeURIComponent(token)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Dejar de recibir correos" })).toBeVisible();
    await expect(page.getByText("Vas a dejar de recibir «Envío de tu pedido»")).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);
    expect(enabledOf(await preferencesOf(email), "part-shipped")).toBe(true);

    await page.getByRole("button", { name: "Dejar de recibirlos" }).click();
    await expect(page.getByText("Listo: ya no te enviaremos «Envío de tu pedido».")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "ya no enviaremos «Envío de tu pedido»" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Dejar de recibirlos" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Elegir qué correos recibir" })).toHaveAttribute(
      "href",
      "/dashboard/mail-preferences",
    );
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);
    expect(enabledOf(await preferencesOf(email), "part-shipped")).toBe(false);

    // A forged link changes nothing and says so.
    await page.goto(`/mail/unsubscribe?token=${encodeURIComponent(token.slice(0, -4))}AAAA`);
    await expect(page.getByText("El enlace para dejar de recibir correos no es válido.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Dejar de recibirlos" })).toHaveCount(0);
  });
});
