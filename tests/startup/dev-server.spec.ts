import { expect, test, type ConsoleMessage, type Page } from "../e2e/fixtures";
import { DEMO_PASSWORD } from "../e2e/support";
import { startCommand, type StartedCommand } from "./commands";

/**
 * `npm run dev`, as a newcomer runs it on a fresh checkout: the API under tsx, the web through
 * Vite's middleware, React instead of Preact in the browser. The production build is tested
 * everywhere else; this keeps the developers' loop working. React in development also reports any
 * difference between the server's HTML and the browser's first render, which Preact in the built
 * store redraws without a word, so the journey fails on any error the console shows.
 */
test.describe.configure({ mode: "serial" });

const DEMO_CUSTOMER = "cliente@mercadopadel.test";

let dev: StartedCommand;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dev = await startCommand("npm", ["run", "dev"]);
  await dev.waitUntilAnswering(`${dev.apiUrl}/health`);
  await dev.waitUntilAnswering(`${dev.webUrl}/about`);
});

test.afterAll(async () => {
  await dev?.stop();
});

/** Every error the page's console shows from now on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

test("npm run dev arranca con el catálogo de demostración, y sus páginas se hidratan con React sin errores", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await expect.poll(() => dev.output()).toContain("Cuentas de demostración");
  const errors = consoleErrors(page);

  await page.goto(`${dev.webUrl}/products`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  // Scripts are not held back in development (docs/decisions/0019): the fixture does not wait for them.
  await expect(page.locator("html[data-hidratada]")).toHaveCount(1);
  const firstProduct = page.getByTestId("product-card").first().getByRole("heading");
  const productName = (await firstProduct.textContent())!.trim();
  await firstProduct.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(productName);

  await page.goto(`${dev.webUrl}/login`);
  await page.getByLabel("Correo electrónico").fill(DEMO_CUSTOMER);
  await page.getByLabel("Contraseña", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${dev.webUrl}/dashboard/my-orders`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  expect(errors).toEqual([]);
});
