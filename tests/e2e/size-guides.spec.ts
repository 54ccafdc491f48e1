import { expect, test, type Page, type TestInfo } from "./fixtures";
import {
  apiJson,
  approvedSellerThroughApi,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  newProjectPage,
  png,
} from "./seller-support";
import { signIn } from "./sessions";
import { apiSignIn, SHOPPER_PASSWORD, uniqueEmail } from "./support";

/**
 * Issue 36, size guides, with JavaScript on and off at 360 px: a seller of a new shop (no other
 * journey touches it) gives a Kelme shoe, whose category's default is the general table, the Asics
 * table instead; a shopper opens «Guía de tallas» from its page (a dialog with JavaScript, the
 * guide's own page without), finds the product's sizes picked out with their stock, types a foot
 * length that is refused, then one that is told the size to choose. With «Sin guía» the product
 * offers none.
 */

const PHONE = { width: 360, height: 780 };

/** A new seller's shoe (Kelme: no table of its own) sold in 41 (sold out), 42 (3 left) and 43, through the API. */
async function sellerWithShoe(testInfo: TestInfo) {
  const email = uniqueEmail(testInfo, "guia-vendedor");
  const suffix = `${testInfo.project.name} ${Date.now().toString().slice(-6)}`;
  await approvedSellerThroughApi({
    name: "Vendedora Guía",
    email,
    shopName: `Tienda Guía ${suffix}`,
    png: await png(),
  });
  const { categorys } = await apiJson<{ categorys: { _id: string; slug: string }[] }>("/category-get?parPage=100");
  const shoes = categorys.find((category) => category.slug === "zapatillas")!;
  const product = new FormData();
  for (const [field, value] of Object.entries({
    name: `Zapatillas Guía ${suffix}`,
    categoryId: shoes._id,
    brand: "Kelme",
    price: "70,00",
    discount: "0",
    color: "Blanco",
    tag: "Novedad",
    description: "Zapatillas de pádel con suela de espiga para pistas de césped artificial.",
    lowStockThreshold: "0",
    "sizes[0].size": "41",
    "sizes[0].stock": "0",
    "sizes[1].size": "42",
    "sizes[1].stock": "3",
    "sizes[2].size": "43",
    "sizes[2].stock": "1",
    "specs.suela": "Espiga",
    "specs.superficie": "Césped artificial",
  }))
    product.set(field, value);
  product.append("images", new Blob([new Uint8Array(await png())], { type: "image/png" }), "zapatilla.png");
  const seller = await apiSignIn(email);
  const created = await apiJson<{ product: { _id: string; slug: string; name: string } }>("/product-add", {
    method: "POST",
    body: product,
    token: seller.token,
  });
  return { email, ...created.product };
}

/** The guide's row of a size. */
function guideRow(page: Page, size: string) {
  return page.getByTestId("guia-fila").filter({ has: page.getByRole("rowheader", { name: size, exact: true }) });
}

test.describe("guías de tallas", () => {
  test.use({ viewport: PHONE });

  test("el vendedor elige la tabla de una zapatilla y el comprador encuentra en ella su talla", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const shoe = await sellerWithShoe(testInfo);

    // The seller picks the Asics table in the product form instead of the category's default.
    await signIn(page, shoe.email, SHOPPER_PASSWORD);
    await page.goto(`/dashboard/seller/edit-product/${shoe._id}`);
    const guideField = page.getByLabel("Guía de tallas", { exact: true });
    await expect(guideField).toHaveValue("categoria");
    await guideField.selectOption({ label: "Zapatillas Asics" });
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Producto actualizado.", { exact: true })).toBeVisible();
    await page.goto(`/dashboard/seller/edit-product/${shoe._id}`);
    await expect(page.getByLabel("Guía de tallas", { exact: true })).toHaveValue("calzado-asics");

    // A shopper on a phone opens the guide from the product page.
    const shopper = await newProjectPage(browser, testInfo);
    await shopper.setViewportSize(PHONE);
    await shopper.goto(`/product/details/${shoe.slug}`);
    await shopper.getByRole("link", { name: "Guía de tallas" }).click();
    const guide = javaScriptEnabled ? shopper.getByRole("dialog", { name: "Guía de tallas" }) : shopper.locator("main");
    if (javaScriptEnabled) await expect(guide).toBeVisible();
    else await expect(shopper).toHaveURL(new RegExp(`/product/details/${shoe.slug}/size-guide$`));
    await expect(guide.getByText("Zapatillas Asics", { exact: true })).toBeVisible();
    await expect(guideRow(shopper, "42")).toContainText("3 disponibles");
    await expect(guideRow(shopper, "42")).toHaveClass(/bg-lime-50/);
    await expect(guideRow(shopper, "41")).toContainText("Agotada");
    await expect(guideRow(shopper, "40")).toContainText("No se vende");
    await expect(guideRow(shopper, "40")).not.toHaveClass(/bg-lime-50/);
    await expectNoSidewaysScroll(shopper);
    // The table fits the phone whole: it does not scroll inside its own box either.
    const table = guide.getByRole("table");
    expect(
      await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth),
    ).toBe(0);
    await expectNoSeriousAxeViolations(shopper, javaScriptEnabled);

    // A length it cannot read is refused next to the field, and what was typed stays.
    const foot = guide.getByLabel("Longitud de tu pie (cm)");
    const answer = guide.getByTestId("talla-recomendada");
    await foot.fill("veintiséis");
    await guide.getByRole("button", { name: "Ver mi talla" }).click();
    await expect(guide.getByText("Escribe la longitud en centímetros, con un decimal como mucho")).toBeVisible();
    await expect(guide.getByLabel("Longitud de tu pie (cm)")).toHaveValue("veintiséis");
    await expect(guide.getByLabel("Longitud de tu pie (cm)")).toHaveAttribute("aria-invalid", "true");

    // 26,4 cm: in the Asics table the first size that reaches it is the 42.
    await guide.getByLabel("Longitud de tu pie (cm)").fill("26,4");
    if (!javaScriptEnabled) {
      await guide.getByRole("button", { name: "Ver mi talla" }).click();
      await expect(shopper).toHaveURL(/\?pie=26%2C4$/);
    }
    await expect(answer).toHaveText("Te recomendamos la talla 42. Está en stock en este producto.");
    await expect(guide.getByText("Escribe la longitud en centímetros")).toHaveCount(0);

    if (javaScriptEnabled) {
      // The answer follows what is typed; «Cerrar» goes back to the product.
      await foot.fill("30");
      await expect(answer).toHaveText(
        "Tu pie es más largo que la talla más grande de esta guía (la 46, hasta 29,5 cm).",
      );
      await guide.getByRole("button", { name: "Cerrar" }).click();
      await expect(guide).toBeHidden();
      await expect(shopper).toHaveURL(new RegExp(`/product/details/${shoe.slug}$`));
    } else {
      await expectNoSidewaysScroll(shopper);
      await shopper.getByRole("link", { name: "← Volver al producto" }).click();
      await expect(shopper.getByRole("heading", { level: 1, name: shoe.name })).toBeVisible();
    }

    // «Sin guía»: the product page offers none, and the guide's address is the 404 page.
    await page.goto(`/dashboard/seller/edit-product/${shoe._id}`);
    await page.getByLabel("Guía de tallas", { exact: true }).selectOption({ label: "Sin guía" });
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Producto actualizado.", { exact: true })).toBeVisible();
    await shopper.goto(`/product/details/${shoe.slug}`);
    await expect(shopper.getByRole("heading", { level: 1, name: shoe.name })).toBeVisible();
    await expect(shopper.getByRole("link", { name: "Guía de tallas" })).toHaveCount(0);
    expect((await shopper.goto(`/product/details/${shoe.slug}/size-guide`))!.status()).toBe(404);
    await shopper.context().close();
  });
});
