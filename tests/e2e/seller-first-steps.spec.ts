import { expect, test } from "./fixtures";
import {
  apiJson,
  approvedSellerThroughApi,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  png,
} from "./seller-support";
import { signIn } from "./sessions";
import { apiSignIn, SHOPPER_PASSWORD, uniqueEmail } from "./support";

/**
 * Issue 34: a just-approved shop with nothing set up read «Todo al día». Its panel now lists its
 * first steps, each linking to its screen, until every one is done.
 */
test.describe("primeros pasos de una tienda", () => {
  test("una tienda recién aprobada sigue su lista hasta completarla y entonces lee «Todo al día»", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(testInfo, "primeros-pasos");
    await approvedSellerThroughApi({
      name: "Vendedora Novata",
      email,
      shopName: `Tienda Novata ${testInfo.project.name} ${Date.now().toString().slice(-6)}`,
      png: await png(),
    });
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, email, SHOPPER_PASSWORD);
    await page.goto("/dashboard/seller");
    const steps = page.getByTestId("first-steps");
    await expect(steps.getByRole("heading")).toHaveText("Primeros pasos de tu tienda: 0 de 4");
    await expect(page.getByTestId("seller-todo-empty")).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    // Shipping: the store's rule, confirmed on its screen.
    await steps.getByRole("link", { name: "Elige cómo cobras el envío" }).click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/shipping$/);
    await page.getByLabel("Cómo cobras el envío").selectOption("tienda");
    await page.getByRole("button", { name: "Guardar envío" }).click();
    await page.goto("/dashboard/seller");
    await expect(steps.getByRole("heading")).toHaveText("Primeros pasos de tu tienda: 1 de 4");
    await expect(page.getByTestId("first-step-shipping")).toContainText("Hecho");
    await expect(page.getByTestId("first-step-profile")).toContainText("Pendiente");

    // The profile: a description and a logo.
    await steps.getByRole("link", { name: "Completa el perfil de tu tienda" }).click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/profile$/);
    await page.getByLabel("Descripción").fill("Pelotas y palas para empezar a jugar.");
    await page
      .getByLabel("Logo (opcional)")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await png() });
    await page.getByRole("button", { name: "Guardar el perfil" }).click();
    await expect(page.getByText("Perfil de la tienda guardado.")).toBeVisible();

    // Where the money goes.
    await page.goto("/dashboard/seller");
    await steps.getByRole("link", { name: "Indica dónde cobras" }).click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/payments#titulo-metodo$/);
    const pagoMovil = page.getByRole("form", { name: "Pago Móvil" });
    await pagoMovil.getByLabel("Banco").fill("Banesco");
    await pagoMovil.getByLabel("Teléfono móvil").fill("0414 555 12 34");
    await pagoMovil.getByLabel("Cédula").fill("v18456723");
    await pagoMovil.getByRole("button", { name: "Cobrar por Pago Móvil" }).click();
    await expect(page.getByText("Método de cobro guardado.")).toBeVisible();

    await page.goto("/dashboard/seller");
    await expect(steps.getByRole("heading")).toHaveText("Primeros pasos de tu tienda: 3 de 4");
    await steps.getByRole("link", { name: "Publica tu primer producto" }).click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/add-product$/);

    // The first product (its form has its own journey): through the API, as the seller.
    const { categorys } = await apiJson<{ categorys: { _id: string; slug: string }[] }>("/category-get?parPage=100");
    const product = new FormData();
    for (const [field, value] of Object.entries({
      name: `Pelotas de la novata ${testInfo.project.name} ${Date.now()}`,
      categoryId: categorys.find((category) => category.slug === "pelotas")!._id,
      brand: "Head",
      price: "9,50",
      discount: "0",
      color: "Amarillo",
      tag: "Novedad",
      description: "Bote de tres pelotas.",
      stock: "5",
      lowStockThreshold: "1",
    }))
      product.set(field, value);
    product.append("images", new Blob([new Uint8Array(await png())], { type: "image/png" }), "pelotas.png");
    await apiJson("/product-add", { method: "POST", body: product, token: (await apiSignIn(email)).token });

    await page.goto("/dashboard/seller");
    await expect(page.getByTestId("first-steps")).toHaveCount(0);
    await expect(page.getByTestId("seller-todo-empty")).toContainText("Todo al día");
  });
});
