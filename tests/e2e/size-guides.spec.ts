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
 * offers none. Another seller types their own table («Tabla propia»), is told next to the field
 * when a foot length does not grow with the size, and a shopper gets a size from that table, a
 * size added later without a row listed without measures. On a shirt's guide, a shopper types
 * chest, waist and hip and is told the size, between two sizes or off the table.
 */

const PHONE = { width: 360, height: 780 };

const SHOE_FIELDS = {
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
};

/** A product of the seller's shop through the API, from its form's fields and one picture. */
async function productThroughApi(token: string, fields: Record<string, string>) {
  const product = new FormData();
  for (const [field, value] of Object.entries(fields)) product.set(field, value);
  product.append("images", new Blob([new Uint8Array(await png())], { type: "image/png" }), "producto.png");
  const created = await apiJson<{ product: { _id: string; slug: string; name: string } }>("/product-add", {
    method: "POST",
    body: product,
    token,
  });
  return created.product;
}

/** A category's id by its slug. */
async function categoryId(slug: string): Promise<string> {
  const { categorys } = await apiJson<{ categorys: { _id: string; slug: string }[] }>("/category-get?parPage=100");
  return categorys.find((category) => category.slug === slug)!._id;
}

/** A new seller's shoe (Kelme: no table of its own) sold in 41 (sold out), 42 (3 left) and 43, through the API. */
async function sellerWithShoe(testInfo: TestInfo) {
  const email = uniqueEmail(testInfo, "guia-vendedor");
  const suffix = `${testInfo.project.name} ${Date.now().toString().slice(-6)}`;
  const shopName = `Tienda Guía ${suffix}`;
  await approvedSellerThroughApi({ name: "Vendedora Guía", email, shopName, png: await png() });
  const seller = await apiSignIn(email);
  const fields = { name: `Zapatillas Guía ${suffix}`, categoryId: await categoryId("zapatillas"), ...SHOE_FIELDS };
  const product = await productThroughApi(seller.token, fields);
  return { email, shopName, token: seller.token, suffix, fields, ...product };
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
  test("el vendedor escribe su tabla propia y el comprador encuentra en ella su talla", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const shoe = await sellerWithShoe(testInfo);
    await page.setViewportSize(PHONE);
    await signIn(page, shoe.email, SHOPPER_PASSWORD);
    await page.goto(`/dashboard/seller/edit-product/${shoe._id}`);
    await page.getByLabel("Guía de tallas", { exact: true }).selectOption({ label: "Tabla propia" });
    // Without JavaScript the rows come with the page the button asks for; with it, at once.
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Preparar tabla propia" }).click();
    const table = page.getByTestId("tabla-propia");
    await expect(table.getByTestId("tabla-propia-fila")).toHaveCount(3);
    const typeRow = async (size: string, uk: string, us: string, foot: string) => {
      await table.getByLabel(`UK de la talla ${size}`).fill(uk);
      await table.getByLabel(`US de la talla ${size}`).fill(us);
      await table.getByLabel(`Pie hasta (cm) de la talla ${size}`).fill(foot);
    };
    await typeRow("41", "7", "8", "25,9");
    await typeRow("42", "8", "9", "26,7");
    await typeRow("43", "9,5", "10.5", "26,5");
    await expectNoSidewaysScroll(page);

    // The foot must grow with the size: said next to 43's foot, and what was typed stays.
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    const foot43 = page.getByLabel("Pie hasta (cm) de la talla 43");
    await expect(page.getByText("El pie de la talla 43 debe ser más largo que el de la 42 (26,7 cm).")).toBeVisible();
    await expect(foot43).toHaveAttribute("aria-invalid", "true");
    await expect(foot43).toHaveValue("26,5");
    await expect(page.getByLabel("US de la talla 43")).toHaveValue("10.5");
    await foot43.fill("27,4");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Producto actualizado.", { exact: true })).toBeVisible();
    await page.goto(`/dashboard/seller/edit-product/${shoe._id}`);
    await expect(page.getByLabel("Guía de tallas", { exact: true })).toHaveValue("propia");
    await expect(page.getByLabel("US de la talla 43")).toHaveValue("10,5");
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    // A size added later (here through the API, without its row) is listed without measures.
    const grown = new FormData();
    for (const [field, value] of Object.entries({ ...shoe.fields, productId: shoe._id, "sizes[3].size": "44" }))
      grown.set(field, value);
    grown.set("sizes[3].stock", "2");
    // Signing in on the web ended the API session the product was made with: a new one.
    const { token } = await apiSignIn(shoe.email);
    await apiJson("/product-update", { method: "POST", body: grown, token });

    const shopper = await newProjectPage(browser, testInfo);
    await shopper.setViewportSize(PHONE);
    await shopper.goto(`/product/details/${shoe.slug}`);
    await shopper.getByRole("link", { name: "Guía de tallas" }).click();
    const guide = javaScriptEnabled ? shopper.getByRole("dialog", { name: "Guía de tallas" }) : shopper.locator("main");
    await expect(guide.getByText(`Tabla propia de ${shoe.shopName}`, { exact: true })).toBeVisible();
    await expect(guideRow(shopper, "43")).toContainText("27,4");
    await expect(guideRow(shopper, "44")).toContainText("Sin medidas");
    await expect(guideRow(shopper, "44")).toContainText("2 disponibles");
    await guide.getByLabel("Longitud de tu pie (cm)").fill("26,6");
    if (!javaScriptEnabled) await guide.getByRole("button", { name: "Ver mi talla" }).click();
    await expect(guide.getByTestId("talla-recomendada")).toHaveText(
      "Te recomendamos la talla 42. Está en stock en este producto.",
    );
    await expectNoSidewaysScroll(shopper);
    await shopper.context().close();
  });

  test("en la guía de una prenda, el comprador escribe su pecho y sus medidas y se le dice su talla", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const shoe = await sellerWithShoe(testInfo);
    const shirt = await productThroughApi(shoe.token, {
      name: `Camiseta Guía ${shoe.suffix}`,
      categoryId: await categoryId("ropa"),
      brand: "Nox",
      price: "25,00",
      color: "Azul",
      tag: "Novedad",
      description: "Camiseta técnica de pádel, transpirable y de secado rápido.",
      "sizes[0].size": "S",
      "sizes[0].stock": "2",
      "sizes[1].size": "M",
      "sizes[1].stock": "4",
      "sizes[2].size": "L",
      "sizes[2].stock": "0",
    });
    await page.goto(`/product/details/${shirt.slug}`);
    await page.getByRole("link", { name: "Guía de tallas" }).click();
    const guide = javaScriptEnabled ? page.getByRole("dialog", { name: "Guía de tallas" }) : page.locator("main");
    await expect(guide.getByText("Ropa (XS–XXL)", { exact: true })).toBeVisible();
    const answer = guide.getByTestId("talla-recomendada");
    const send = async () => {
      if (!javaScriptEnabled) await guide.getByRole("button", { name: "Ver mi talla" }).click();
    };

    // The chest is needed; a measure it cannot read is refused next to its field.
    await guide.getByLabel("Tu cintura (cm, opcional)").fill("ochenta");
    await guide.getByRole("button", { name: "Ver mi talla" }).click();
    await expect(guide.getByText("Escribe el contorno de tu pecho en centímetros.")).toBeVisible();
    await expect(guide.getByText("Escribe la medida en centímetros, con un decimal como mucho")).toBeVisible();
    await expect(guide.getByLabel("Tu cintura (cm, opcional)")).toHaveValue("ochenta");

    await guide.getByLabel("Contorno de tu pecho (cm)").fill("96");
    await guide.getByLabel("Tu cintura (cm, opcional)").fill("");
    await send();
    if (!javaScriptEnabled) await expect(page).toHaveURL(/\?pecho=96&cintura=&cadera=$/);
    await expect(answer).toHaveText("Te recomendamos la talla M. Está en stock en este producto.");

    // Between two sizes, and a hip that asks for a larger one: said plainly.
    await guide.getByLabel("Contorno de tu pecho (cm)").fill("93,5");
    await send();
    await expect(answer).toHaveText(
      "Por tu pecho estás entre la S y la M: te recomendamos la M, o la S si la prefieres ajustada. Está en stock en este producto.",
    );
    await guide.getByLabel("Contorno de tu pecho (cm)").fill("96");
    await guide.getByLabel("Tu cadera (cm, opcional)").fill("103");
    await send();
    await expect(answer).toHaveText(
      "Te recomendamos la talla L. Tus medidas caen en tallas distintas: es la mayor, para que no te apriete. Está agotada en este producto.",
    );
    await guide.getByLabel("Tu cadera (cm, opcional)").fill("130");
    await send();
    await expect(answer).toHaveText("Tu cadera pasa de la talla más grande de esta guía (la XXL, hasta 119 cm).");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);
  });
});
