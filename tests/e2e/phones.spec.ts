import { expect, openWithScriptsHeld, test } from "./fixtures";

/**
 * Issue 13: the store on a 360 px phone, where a phone behaves otherwise than a wide screen. Every
 * screen is measured at this width (and checked by axe) once, by tests/e2e/sweep.spec.ts.
 */

test.use({ viewport: { width: 360, height: 740 } });

test.describe("la tienda en un teléfono de 360 px", () => {
  test("el menú abierto antes de que lleguen los scripts sigue abierto cuando llegan", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    test.skip(!javaScriptEnabled, "sin JavaScript no hay scripts que esperar");
    const scripts = await openWithScriptsHeld(page, `${baseURL}/`);
    await page.locator("summary").filter({ hasText: "Menú" }).click();
    const menu = page.getByRole("navigation", { name: "Menú móvil" });
    await expect(menu).toBeVisible();
    await scripts.release();
    await expect(page.locator("html[data-hidratada]")).toBeAttached();
    await expect(menu).toBeVisible();
    // A link from it still folds it on the next page.
    await menu.getByRole("link").first().click();
    await expect(menu).toBeHidden();
  });
});
