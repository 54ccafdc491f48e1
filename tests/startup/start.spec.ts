import { expect, test } from "../e2e/fixtures";
import { startCommand } from "./commands";

/**
 * `npm start` is `npm run build` and then `node build/start.js`, which this runs on the build the
 * other projects use (building again here would change it under them): the API and the web side by
 * side on a fresh embedded database, with the demo accounts printed, and both stopped by Ctrl+C.
 */
test("npm start arranca la API y la web con las cuentas de demostración, y Ctrl+C para las dos", async ({ page }) => {
  test.setTimeout(120_000);
  const store = await startCommand(process.execPath, ["build/start.js"]);
  try {
    await expect
      .poll(() => store.output(), { timeout: 90_000 })
      .toContain(`Mercado Pádel está listo: abre ${store.webUrl}`);
    expect(store.output()).toContain("Cuentas de demostración");
    expect(store.output()).toMatch(/administrador\s+admin@mercadopadel\.test\s+contraseña: Demo-Padel-2026/);

    await page.goto(`${store.webUrl}/products`);
    await expect(page.getByTestId("product-card").first()).toBeVisible();

    expect(await store.interrupt()).toBe(0);
    // It ended only once both had: neither answers any more.
    await expect(fetch(`${store.apiUrl}/health`)).rejects.toThrow();
    await expect(fetch(`${store.webUrl}/about`)).rejects.toThrow();
  } finally {
    await store.stop();
  }
});
