import { expect, test, type Page } from "./fixtures";
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll } from "./seller-support";

/**
 * Issue 36, the racket finder: a player answers, reads why each racket is proposed, opens one and
 * finds «¿Es esta tu pala?» answered with those answers. On a 360 px phone, with JavaScript and
 * without: without it the form is sent with its button, with it the results follow the answers.
 */

const question = (page: Page, legend: string) => page.getByRole("group", { name: legend });

/** Without JavaScript the answers go with the button; with it, by themselves, to the same address. */
async function sendAnswers(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Ver mis palas" }).click();
}

test.describe("buscador de palas", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("responde, lee por qué, abre una pala y ve si es la suya", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Buscador de palas" }).click();
    await expect(page).toHaveURL(/\/racket-finder$/);
    await expect(page.getByRole("heading", { name: "Buscador de palas", level: 1 })).toBeVisible();

    await question(page, "¿Cuál es tu nivel?").getByLabel("Empiezo").check();
    await question(page, "¿Qué buscas en tu pala?").getByLabel("Control").check();
    await question(page, "¿Tienes molestias en el brazo o el codo?").getByLabel("Sí").check();
    const budget = page.getByLabel("Hasta (US$)");
    await budget.fill("mucho");
    await sendAnswers(page, javaScriptEnabled);

    // A budget that is not a number: said beside it, the answers kept, no results.
    await expect(page).toHaveURL(/presupuesto=mucho/);
    await expect(budget).toHaveAttribute("aria-invalid", "true");
    await expect(budget).toHaveAccessibleDescription(/Escribe el presupuesto en dólares/);
    await expect(budget).toHaveValue("mucho");
    await expect(question(page, "¿Cuál es tu nivel?").getByLabel("Empiezo")).toBeChecked();
    await expect(page.getByTestId("buscador-resultado")).toHaveCount(0);

    await budget.fill("300");
    await sendAnswers(page, javaScriptEnabled);
    await expect(page).toHaveURL(
      /\/racket-finder\?nivel=empiezo&frecuencia=&juego=control&lado=&codo=si&peso=&presupuesto=300$/,
    );
    await expect(budget).not.toHaveAttribute("aria-invalid");
    const results = page.getByTestId("buscador-resultado");
    await expect(results.first()).toBeVisible();
    await expect(page.getByTestId("buscador-total")).toContainText(/encaja/);
    const best = results.first();
    await expect(best.getByTestId("buscador-razones")).toContainText("Núcleo blando: menos vibración para tu codo");
    await expect(best.getByTestId("buscador-razones").getByRole("listitem")).toHaveCount(3);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    // Nothing at 1 US$: the finder says which answer to relax, as a link that does it.
    await budget.fill("1");
    await sendAnswers(page, javaScriptEnabled);
    await expect(page.getByTestId("buscador-total")).toHaveText("Ninguna pala encaja con todas tus respuestas.");
    const relax = page.getByTestId("buscador-relajar").getByRole("link").first();
    await expect(relax).toHaveText(/^Sube tu presupuesto a \d+ US\$: encontrarías \d+ palas?\.$/);
    await relax.click();
    await expect(results.first()).toBeVisible();
    await expect(budget).not.toHaveValue("1");

    // Back to 300 US$, and the best racket opened: its page says how it fits those answers.
    await budget.fill("300");
    await sendAnswers(page, javaScriptEnabled);
    await expect(page).toHaveURL(/presupuesto=300$/);
    const name = await best.getByRole("heading").textContent();
    await best.getByRole("link", { name: name! }).click();
    await expect(page.getByRole("heading", { name: name!, level: 1 })).toBeVisible();
    const fit = page.getByTestId("es-tu-pala");
    await expect(fit.getByRole("heading", { name: "¿Es esta tu pala?" })).toBeVisible();
    await expect(fit).toContainText("Encaja muy bien contigo");
    await expect(fit.getByTestId("es-tu-pala-pros")).toContainText("Núcleo blando: menos vibración para tu codo");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    // «Cambiar respuestas» leads back to the finder with them.
    await fit.getByRole("link", { name: "Cambiar respuestas" }).click();
    await expect(page).toHaveURL(/\/racket-finder\?nivel=empiezo&juego=control&codo=si&presupuesto=300$/);
    await expect(question(page, "¿Tienes molestias en el brazo o el codo?").getByLabel("Sí")).toBeChecked();
  });

  test("la categoría de palas y la ficha de una pala llevan al buscador", async ({ page }) => {
    await page.goto("/products?category=palas");
    await page.getByRole("link", { name: "Encuentra tu pala con el buscador" }).click();
    await expect(page).toHaveURL(/\/racket-finder$/);

    // A fresh visitor, who never answered: the racket's page invites to the finder.
    await page.context().clearCookies();
    await page.goto("/products?category=palas");
    await page.getByTestId("product-card").first().getByRole("link").first().click();
    const fit = page.getByTestId("es-tu-pala");
    await expect(fit).toContainText("Responde siete preguntas sobre tu juego");
    await fit.getByRole("link", { name: "Abrir el buscador de palas" }).click();
    await expect(page).toHaveURL(/\/racket-finder$/);
  });
});
