import { expect, test, type Page } from "./fixtures";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { apiUrl, uniqueEmail } from "./support";
import { expireAccessToken, sessionTokens, signIn } from "./sessions";

/**
 * The link of the newest e-mail to this address whose link goes to `page`, as the API's worker
 * wrote it to its outbox. Waiting for that kind, not for any mail: the worker writes each within a
 * second, so the sign-up's own mail may be the only one there when the one asked for is on its way.
 */
async function newestLinkFor(email: string, page: RegExp): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(outbox).catch(() => [] as string[]))
          .filter((name) => name.endsWith(".json"))
          .sort()
          .reverse();
        for (const name of names) {
          const message = JSON.parse(await readFile(path.join(outbox, name), "utf8")) as { to: string; link: string };
          if (message.to.includes(email) && page.test(new URL(message.link).pathname)) {
            link = message.link;
            return true;
          }
        }
        return false;
      },
      { message: `correo para ${email}` },
    )
    .toBe(true);
  const url = new URL(link!);
  return url.pathname + url.search;
}

async function registerThroughApi(name: string, email: string, password: string) {
  const response = await fetch(`${apiUrl}/user/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, email, password }),
  });
  expect(response.status).toBe(201);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

async function logOutFromHeader(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" })).toHaveCount(0);
}

test.describe("cuentas", () => {
  test("registro, verificación, perfil, cambio de contraseña y nuevo inicio de sesión", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "recorrido");
    await page.goto("/register");
    await expect(page).toHaveTitle("Crear cuenta | Mercado Pádel");
    // The hint says the whole rule: length, a letter and a number.
    await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAccessibleDescription(
      /Al menos 8 caracteres, con una letra y un número\./,
    );
    await page.getByLabel("Nombre").fill("Lucía Pérez");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña", { exact: true }).fill("Raqueta-2026");
    await page.getByLabel("Repite la contraseña").fill("Raqueta-2027");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    const repeated = page.getByLabel("Repite la contraseña");
    await expect(repeated).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`[id="${(await repeated.getAttribute("aria-describedby"))!.split(" ")[0]}"]`)).toHaveText(
      "Las contraseñas no coinciden.",
    );
    await expect(page.getByLabel("Nombre")).toHaveValue("Lucía Pérez");

    await page.getByLabel("Contraseña", { exact: true }).fill("Raqueta-2026");
    await repeated.fill("Raqueta-2026");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Cuenta creada. Te enviamos un correo para verificar tu dirección.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Hola, Lucía Pérez" })).toBeVisible();
    await expect(page.getByText("Sin verificar")).toBeVisible();
    await expect(page.getByRole("button", { name: "Reenviar correo de verificación" })).toBeVisible();

    const verificationLink = await newestLinkFor(email, /^\/verify-email$/);
    await page.goto(verificationLink);
    await expect(page.getByText("Tu correo electrónico está verificado.")).toBeVisible();
    // The same link again: used up, but the account is verified, so no "not valid" alert beside it.
    await page.goto(verificationLink);
    await expect(page.getByText("Tu correo electrónico está verificado.")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);

    await logOutFromHeader(page);
    await logIn(page, email, "Raqueta-2026");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Verificado", { exact: true })).toBeVisible();

    const accountMenu = page.getByRole("navigation", { name: "Mi cuenta" });
    await accountMenu.getByRole("link", { name: "Editar perfil" }).click();
    await expect(page).toHaveTitle("Editar perfil | Mercado Pádel");
    await page.getByLabel("Nombre").fill("Lucía Pérez Gil");
    await page.getByLabel("Teléfono").fill("+34 600 123 456");
    await page.getByLabel("Dirección", { exact: true }).fill("Calle del Pádel 7");
    await page.getByLabel("Ciudad").fill("Valencia");
    await page.getByLabel("Provincia").fill("Valencia");
    await page.getByLabel("Zona").fill("Ruzafa");
    await page.getByLabel("Código postal").fill("46006");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Perfil actualizado.")).toBeVisible();
    // The next form sent with an error shows only its error, never beside the earlier success.
    await page.getByLabel("Nombre").fill("");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Escribe tu nombre.")).toBeVisible();
    await expect(page.getByText("Perfil actualizado.")).toHaveCount(0);
    await page.goto("/dashboard/edit-profile");
    await expect(page.getByLabel("Teléfono")).toHaveValue("+34 600 123 456");
    await expect(page.getByLabel("Código postal")).toHaveValue("46006");

    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c6f432" } })
      .png()
      .toBuffer();
    await page.getByLabel("Foto de perfil").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: picture });
    await page.getByRole("button", { name: "Subir foto" }).click();
    await expect(page.getByText("Foto de perfil actualizada.")).toBeVisible();
    await expect(page.getByRole("img", { name: "Tu foto de perfil actual" })).toBeVisible();

    await accountMenu.getByRole("link", { name: "Cambiar contraseña" }).click();
    // The password it already has is no change: said beside the new one.
    await page.getByLabel("Contraseña actual").fill("Raqueta-2026");
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("Raqueta-2026");
    await page.getByLabel("Repite la nueva contraseña").fill("Raqueta-2026");
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(page.getByLabel("Nueva contraseña", { exact: true })).toHaveAccessibleDescription(
      /La nueva contraseña debe ser distinta de la actual\./,
    );
    await page.getByLabel("Contraseña actual").fill("Raqueta-2026");
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("Bandeja-2026");
    await page.getByLabel("Repite la nueva contraseña").fill("Bandeja-2026");
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(page.getByText("Contraseña actualizada.")).toBeVisible();
    // Saved, the form starts empty, with JavaScript as without it.
    await expect(page.getByLabel("Nueva contraseña", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Contraseña actual")).toHaveValue("");

    await logOutFromHeader(page);
    await logIn(page, email, "Raqueta-2026");
    await expect(page.getByRole("alert")).toHaveText("Email o contraseña incorrecto.");
    await logIn(page, email, "Bandeja-2026");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hola, Lucía Pérez Gil" })).toBeVisible();
  });

  test("una contraseña equivocada avisa y conserva el correo escrito", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "equivocada");
    await registerThroughApi("Marta Ruiz", email, "Globo-2026-ok");
    await page.goto("/login");
    await expect(page).toHaveTitle("Iniciar sesión | Mercado Pádel");
    await logIn(page, email, "no-es-esta");
    await expect(page.getByRole("alert")).toHaveText("Email o contraseña incorrecto.");
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);
  });

  test("el panel pide iniciar sesión y luego vuelve a la página pedida", async ({ page }, testInfo) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);

    const email = uniqueEmail(testInfo, "vuelta");
    await registerThroughApi("Pablo Gómez", email, "Volea-2026-ok");
    await page.goto("/dashboard/edit-profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fedit-profile$/);
    await logIn(page, email, "Volea-2026-ok");
    await expect(page).toHaveURL(/\/dashboard\/edit-profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Editar perfil" })).toBeVisible();

    // Signed in, the sign-in pages send the user to the account.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/register");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("la sesión se renueva sola y, si no puede renovarse, lleva a /login?session=expired", async ({
    page,
    context,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "caducada");
    await registerThroughApi("Irene Sanz", email, "Remate-2026-ok");
    await signIn(page, email, "Remate-2026-ok");

    // The access token has run out; the next page refreshes it behind the scenes.
    await expireAccessToken(context);
    const expired = await sessionTokens(context);
    await page.goto("/dashboard/edit-profile");
    await expect(page.getByRole("heading", { level: 1, name: "Editar perfil" })).toBeVisible();
    const refreshed = await sessionTokens(context);
    expect(refreshed.accessToken).not.toBe(expired.accessToken);
    expect(refreshed.refreshToken).not.toBe(expired.refreshToken);

    // The API forgets the session's refresh token, as after a sign-out elsewhere.
    const revoked = await fetch(`${apiUrl}/logout`, {
      method: "POST",
      headers: { cookie: `refreshToken=${encodeURIComponent(refreshed.refreshToken)}` },
    });
    expect(revoked.ok).toBe(true);
    await expireAccessToken(context);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?session=expired$/);
    await expect(page.getByRole("alert")).toHaveText("Tu sesión ha caducado. Inicia sesión de nuevo.");
    await expect(page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" })).toHaveCount(0);
  });

  test("recuperar la contraseña con el enlace del correo", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "olvido");
    await registerThroughApi("Sergio Martín", email, "Bandeja-vieja-1");
    await page.goto("/login");
    await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
    await expect(page).toHaveURL(/\/resetpassword$/);
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(page.getByText(/Si existe una cuenta con ese correo/)).toBeVisible();

    const link = await newestLinkFor(email, /^\/changepassword\//);
    expect(link).toMatch(/^\/changepassword\//);
    await page.goto(link);
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("Bandeja-nueva-2");
    await page.getByLabel("Repite la nueva contraseña").fill("Bandeja-nueva-2");
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Contraseña actualizada. Ya puedes iniciar sesión con la nueva.")).toBeVisible();
    await logIn(page, email, "Bandeja-nueva-2");
    await expect(page).toHaveURL(/\/dashboard$/);

    // A used link no longer works.
    await page.goto(link);
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page.getByRole("button", { name: "Guardar contraseña" })).toHaveCount(0);
  });

  test("entrar con Google y volver a la página pedida", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "google");
    await page.goto("/dashboard/change-password");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByRole("button", { name: "Continuar con Google" }).click();
    await page.getByLabel("Correo de Google").fill(email);
    await page.getByLabel("Nombre en Google").fill("Carla Google");
    await page.getByRole("button", { name: "Autorizar" }).click();

    await expect(page).toHaveURL(/\/dashboard\/change-password$/);
    // An account made through Google has no password yet: no current one is asked for.
    await expect(page.getByLabel("Nueva contraseña", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Contraseña actual")).toHaveCount(0);
    await page.getByRole("navigation", { name: "Mi cuenta" }).getByRole("link", { name: "Inicio" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hola, Carla Google" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
  });

  test("crear la cuenta con Google desde /register", async ({ page }, testInfo) => {
    await page.goto("/register?redirectTo=%2Fdashboard");
    await page.getByRole("button", { name: "Continuar con Google" }).click();
    await page.getByLabel("Correo de Google").fill(uniqueEmail(testInfo, "google-alta"));
    await page.getByLabel("Nombre en Google").fill("Gael Google");
    await page.getByRole("button", { name: "Autorizar" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hola, Gael Google" })).toBeVisible();
  });
});
