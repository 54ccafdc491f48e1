import type { Page } from "@playwright/test";
import { importCsv as csvOf, newBallsRow as ballsRow } from "../api/product-import-support";
import { expect, test } from "./fixtures";
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll, sellerWithProduct } from "./seller-support";
import { signIn } from "./sessions";
import { SHOPPER_PASSWORD } from "./support";

/**
 * Issue 34, a seller's catalogue brought back from a CSV file (decision 0054), at 360 px with
 * JavaScript on and off: the products page leads to the import; a file with a refused row shows
 * the refusal by line and column and which rows are skipped; one click imports the valid ones and
 * the list shows them; a second file updates a product by its ID; an unreadable file is said next
 * to the file field.
 */

async function upload(page: Page, name: string, text: string) {
  await page.getByLabel("Archivo CSV").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Vista previa" }).click();
}

test.describe("importar productos desde un CSV", () => {
  test("vista previa con los errores por línea y columna, importa las filas válidas y luego actualiza por ID", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const seller = await sellerWithProduct(testInfo, "importa");
    await signIn(page, seller.email, SHOPPER_PASSWORD);

    await page.goto("/dashboard/seller/products");
    await page.getByRole("link", { name: "Importar CSV" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Importar productos" })).toBeVisible();

    // A file that is no catalogue: said next to the file field, nothing else.
    await upload(page, "otra-cosa.csv", "Nombre;Precio\r\nAlgo;1\r\n");
    await expect(page.getByText(/^Al archivo le faltan columnas/)).toBeVisible();
    await expect(page.getByLabel("Archivo CSV")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("button", { name: /^Importar/ })).toHaveCount(0);

    const suffix = seller.productName.split(" ").slice(-2).join(" ");
    const first = `Importada Uno ${suffix}`;
    const second = `Importada Dos ${suffix}`;
    await upload(
      page,
      "productos.csv",
      csvOf([
        ballsRow(first),
        ballsRow(`Mal precio ${suffix}`, { price: "doce" }),
        ballsRow(second, { state: "oculto" }),
      ]),
    );
    await expect(page.getByTestId("import-summary")).toContainText(
      "3 filas. 2 productos nuevos y 0 productos actualizados.",
    );
    await expect(page.getByTestId("import-skipped")).toContainText("Se saltarán 1 fila con errores (línea 3)");
    await expect(page.getByTestId("import-refusals")).toContainText(
      "Línea 3, columna Precio: Escribe el precio en dólares, con hasta dos decimales (por ejemplo 129,95).",
    );
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);

    await page.getByRole("button", { name: "Importar 2 productos" }).click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/products$/);
    await expect(page.getByText("Importados: 2 nuevos, 0 actualizados.")).toBeVisible();
    await expect(page.getByRole("heading", { name: first })).toBeVisible();
    await expect(page.getByRole("heading", { name: second })).toBeVisible();
    await expect(page.getByRole("heading", { name: `Mal precio ${suffix}` })).toHaveCount(0);

    // The seller's own product, by its ID: renamed, repriced, its stock set.
    await page.goto("/dashboard/seller/products/import");
    const renamed = `Renombrada ${suffix}`;
    await upload(
      page,
      "actualizar.csv",
      csvOf([ballsRow(renamed, { id: seller.productId, state: "publicado", price: "30,00", stock: "4" })]),
    );
    await expect(page.getByTestId("import-summary")).toContainText("0 productos nuevos y 1 producto actualizado.");
    await expect(page.getByTestId("import-refusals")).toHaveCount(0);
    await page.getByRole("button", { name: "Importar 1 producto" }).click();
    await expect(page.getByText("Importados: 0 nuevos, 1 actualizado.")).toBeVisible();
    await expect(page.getByRole("heading", { name: renamed })).toBeVisible();
    await expect(page.getByRole("heading", { name: seller.productName })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });
});
