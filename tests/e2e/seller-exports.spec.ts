import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll } from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 34, a seller's CSV downloads, at 360 px with JavaScript on and off: the whole catalogue from
 * the products page, and the orders of a date range from the orders page, whose form says beside
 * each field what is wrong and keeps what was typed.
 */

/** Clicks `trigger` and answers the text of the file it downloads. */
async function downloaded(page: Page, trigger: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), trigger()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, "utf8") };
}

test.describe("descargas CSV del vendedor", () => {
  test("descarga su catálogo y los pedidos de un rango de días", async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, "vendedor2@mercadopadel.test");

    await page.goto("/dashboard/seller/products");
    const firstName = (await page.getByTestId("seller-product").first().getByRole("heading").textContent())!;
    const products = await downloaded(page, () => page.getByTestId("products-export-link").click());
    expect(products.name).toBe("productos.csv");
    expect(products.text.startsWith('\uFEFF"ID";"Nombre";"Categoría";"Marca";"Precio"')).toBe(true);
    expect(products.text).toContain(`"${firstName.trim()}"`);

    await page.goto("/dashboard/seller/orders");
    const form = page.getByRole("form", { name: "Descargar pedidos" });
    await form.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);

    // The last day before the first: refused beside «Hasta», both days kept.
    await form.getByLabel("Desde").fill("2026-03-10");
    await form.getByLabel("Hasta").fill("2026-03-01");
    await form.getByRole("button", { name: "Descargar CSV" }).click();
    await expect(form.getByText("El último día no puede ser anterior al primero.")).toBeVisible();
    await expect(form.getByLabel("Hasta")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Desde")).toHaveValue("2026-03-10");
    await expect(form.getByLabel("Hasta")).toHaveValue("2026-03-01");
    await expectNoSidewaysScroll(page);

    // The last year: the seeded past orders are in it.
    const today = new Date();
    const yearAgo = new Date(today.getTime() - 360 * 86_400_000);
    await form.getByLabel("Desde").fill(yearAgo.toISOString().slice(0, 10));
    await form.getByLabel("Hasta").fill(today.toISOString().slice(0, 10));
    const orders = await downloaded(page, () => form.getByRole("button", { name: "Descargar CSV" }).click());
    expect(orders.name).toMatch(/^pedidos-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(orders.text.startsWith('\uFEFF"Pedido";"Fecha";"Cliente";"Productos"')).toBe(true);
    expect(orders.text.split("\r\n").filter((line) => line.startsWith('"#')).length).toBeGreaterThan(0);
  });
});
