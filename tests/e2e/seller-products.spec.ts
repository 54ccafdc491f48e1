import { expect, openWithScriptsHeld, test, type Browser, type Page, type TestInfo } from "./fixtures";
import sharp from "sharp";
import {
  ADMIN_EMAIL,
  apiSignIn,
  apiUrl,
  DEMO_PASSWORD,
  productDetails,
  queryProducts,
  SHOPPER_PASSWORD,
  uniqueEmail,
} from "./support";
import { CHOOSE_IMAGES_AGAIN } from "../../app/forms/seller-product.forms";
import { apiJson, approvedSellerThroughApi, newProjectPage } from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 11, the seller's products on the web, with JavaScript on and off: a racket with its spec
 * sheet and two images and a shoe with three sizes (after a refused submission that saves nothing
 * and keeps what was typed), both in the catalogue, its search and the compare page with their
 * sheets; a bigger discount on the product page; a rename that keeps the old address; deleting with
 * a confirmation. Each project names its products apart, so the two never touch the same record.
 * Who may enter: tests/http/role-gates.spec.ts; the screens at 360 px: tests/e2e/sweep.spec.ts.
 */

const SELLER_EMAIL = "vendedor1@mercadopadel.test";

const png = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();

/** A name no other project or run uses. */
function uniqueName(testInfo: TestInfo, word: string): string {
  const project = testInfo.project.name === "js-off" ? "Sin Script" : "Con Script";
  return `${word} ${project} ${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`;
}

function flash(page: Page, message: string) {
  return page.getByText(message, { exact: true });
}

/** The listed product of the seller's list, by its exact name. */
function listed(page: Page, name: string) {
  return page.getByTestId("seller-product").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** The product's address in the store, read from the seller's list. */
async function slugOf(page: Page, name: string): Promise<string> {
  const href = await listed(page, name)
    .getByRole("link", { name: `Ver ${name} en la tienda` })
    .getAttribute("href");
  const slug = href?.replace("/product/details/", "");
  if (!slug) throw new Error(`sin dirección para ${name}`);
  return decodeURIComponent(slug);
}

/** Chooses the category; without JavaScript 'Actualizar ficha' brings its sheet, with it the sheet switches at once. */
async function chooseCategory(page: Page, category: string, javaScriptEnabled: boolean) {
  await page.getByLabel("Categoría", { exact: true }).selectOption({ label: category });
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Actualizar ficha" }).click();
}

async function fillCommon(
  page: Page,
  fields: {
    name?: string;
    brand: string;
    price: string;
    discount: string;
    color: string;
    tag: string;
    description: string;
  },
) {
  if (fields.name !== undefined) await page.getByLabel("Nombre", { exact: true }).fill(fields.name);
  await page.getByLabel("Marca", { exact: true }).fill(fields.brand);
  await page.getByLabel("Precio (USD)", { exact: true }).fill(fields.price);
  await page.getByLabel("Descuento (%)", { exact: true }).fill(fields.discount);
  await page.getByLabel("Color", { exact: true }).fill(fields.color);
  await page.getByLabel("Etiqueta", { exact: true }).fill(fields.tag);
  await page.getByLabel("Descripción", { exact: true }).fill(fields.description);
}

/** The product's image ids in display order, as the catalogue answers them (an old address still finds it). */
async function imagesOf(slug: string): Promise<string[]> {
  const response = await fetch(`${apiUrl}/home/get-product/${slug}`);
  if (!response.ok) throw new Error(`get-product ${slug} ${response.status}`);
  return ((await response.json()) as { product: { images: string[] } }).product.images;
}

/** A new customer whose shop an admin approves, all through the API: a seller of their own for this test. */
async function approvedSeller(testInfo: TestInfo): Promise<{ email: string; shopId: string }> {
  const email = uniqueEmail(testInfo, "vendedor");
  const { shopId } = await approvedSellerThroughApi({
    name: "Vendedora Nueva",
    email,
    shopName: uniqueName(testInfo, "Pádel Nuevo"),
    png: await png("#0f172a"),
  });
  return { email, shopId };
}

/** The mean green of a stored image (lime #84cc16 is 204, slate #1e293b 41): which file it was. */
async function greenOf(imageId: string): Promise<number> {
  const response = await fetch(`${apiUrl}/images/${imageId}/200.webp`);
  const { channels } = await sharp(Buffer.from(await response.arrayBuffer())).stats();
  return channels[1]!.mean;
}

/** A visitor's own browser: the catalogue, its search and the compare list as shoppers see them. */
async function visitorPage(browser: Browser, testInfo: TestInfo) {
  const page = await newProjectPage(browser, testInfo);
  return { page, close: () => page.context().close() };
}

test.describe("productos del vendedor", () => {
  test("publica una pala con su ficha y dos imágenes y una zapatilla con tres tallas; el catálogo, la búsqueda y la comparación los muestran", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(120_000);
    const racketName = uniqueName(testInfo, "Pala Vértice");
    const shoeName = uniqueName(testInfo, "Zapatilla Rally");
    const racketBrand = `Vértice ${testInfo.project.name}`;

    await signIn(page, SELLER_EMAIL);
    await page.goto("/dashboard");
    await page.getByTestId("seller-area-link").click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/products$/);
    await expect(page.getByRole("navigation", { name: "Mi tienda" })).toBeVisible();

    // The racket with its whole sheet and two images (the form's refusals: the shoe below, and
    // tests/unit/seller-product-form.test.ts).
    await page.getByRole("navigation", { name: "Mi tienda" }).getByRole("link", { name: "Agregar producto" }).click();
    await expect(page.getByRole("heading", { name: "Agregar producto", level: 1 })).toBeVisible();
    await page.getByLabel("Nombre", { exact: true }).fill(racketName);
    await chooseCategory(page, "Palas", javaScriptEnabled);
    // Without JavaScript the sheet came back from the server with the name kept.
    await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue(racketName);
    await fillCommon(page, {
      brand: racketBrand,
      price: "189,95",
      discount: "10",
      color: "Negro",
      tag: "Novedad",
      description: "Pala de diamante para juego ofensivo, con cara de carbono 12K y núcleo EVA Hard.",
    });
    await page.getByLabel("Stock total").fill("12");
    const racketSheet = {
      Forma: "Diamante",
      Peso: "360-375 g",
      Balance: "Alto",
      Núcleo: "EVA Hard",
      Cara: "Carbono 12K",
      Nivel: "Avanzado",
    };
    for (const [label, value] of Object.entries(racketSheet))
      await page.getByLabel(label, { exact: true }).selectOption(value);
    await page.getByLabel("Imágenes del producto").setInputFiles([
      { name: "frente.png", mimeType: "image/png", buffer: await png("#1e293b") },
      { name: "perfil.png", mimeType: "image/png", buffer: await png("#84cc16") },
    ]);
    // The second file becomes the main one: a preview's button with JavaScript, a select without it.
    if (javaScriptEnabled) {
      // The previews are drawn: the page's security policy lets the browser show the files it holds.
      const preview = page.getByRole("img", { name: "Vista previa de perfil.png" });
      await expect(preview).toBeVisible();
      await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      await page.getByRole("button", { name: "Hacer principal" }).click();
    } else {
      await page.getByLabel("Imagen principal").selectOption({ label: "La 2.ª que elijas" });
    }
    await page.getByRole("button", { name: "Publicar producto" }).click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/products$/, { timeout: 30_000 });
    await expect(flash(page, "Producto creado.")).toBeVisible();
    await expect(listed(page, racketName).getByTestId("seller-product-discount")).toHaveText("10 %");
    await expect(listed(page, racketName).getByTestId("seller-product-stock")).toHaveText("12 uds.");

    // The shoe: three sizes, one more row asked for on the way, and the shoe's sheet.
    await page.goto("/dashboard/seller/add-product");
    await page.getByLabel("Nombre", { exact: true }).fill(shoeName);
    await chooseCategory(page, "Zapatillas", javaScriptEnabled);
    await fillCommon(page, {
      brand: "Rally",
      price: "89.50",
      discount: "0",
      color: "Blanco",
      tag: "Oferta",
      description: "Zapatilla ligera con suela de espiga y buena amortiguación para pistas de césped.",
    });
    await page.getByLabel("Talla 1", { exact: true }).fill("41");
    await page.getByLabel("Stock de la talla 1", { exact: true }).fill("4");
    await page.getByLabel("Talla 2", { exact: true }).fill("42");
    await page.getByLabel("Stock de la talla 2", { exact: true }).fill("5");
    await page.getByRole("button", { name: "Agregar talla" }).click();
    await expect(page.getByTestId("size-row")).toHaveCount(4);
    await expect(page.getByLabel("Talla 2", { exact: true })).toHaveValue("42");
    await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue(shoeName);
    // No image was chosen yet, so none is asked for again.
    await expect(page.getByText(CHOOSE_IMAGES_AGAIN)).toHaveCount(0);
    await page.getByLabel("Talla 3", { exact: true }).fill("43");
    await page.getByLabel("Stock de la talla 3", { exact: true }).fill("0");
    await page.getByLabel("Tipo de suela", { exact: true }).selectOption("Espiga");
    await page.getByLabel("Superficie", { exact: true }).selectOption("Césped artificial");
    // A total that is not the sizes' sum (4 + 5 + 0): refused, nothing saved, the sizes kept.
    await page.getByLabel("Stock total").fill("10");
    await page
      .getByLabel("Imágenes del producto")
      .setInputFiles([{ name: "zapatilla.png", mimeType: "image/png", buffer: await png("#f8fafc") }]);
    await page.getByRole("button", { name: "Publicar producto" }).click();
    await expect(page.getByText("El stock total (10) no coincide con la suma de las tallas (9).")).toBeVisible();
    await expect(page.getByLabel("Talla 3", { exact: true })).toHaveValue("43");
    await expect(page.getByLabel("Stock de la talla 2", { exact: true })).toHaveValue("5");
    // Without scripts the refusal came from the server, and the chosen file is gone; with them the
    // form's own check refused it and the file is still chosen.
    await expect(page.getByText(CHOOSE_IMAGES_AGAIN)).toHaveCount(javaScriptEnabled ? 0 : 1);
    expect((await queryProducts({ searchValue: shoeName })).totalProduct).toBe(0);
    // With the right total (or none) it is published; the file is chosen again after a refusal.
    await page.getByLabel("Stock total").fill("9");
    await page
      .getByLabel("Imágenes del producto")
      .setInputFiles([{ name: "zapatilla.png", mimeType: "image/png", buffer: await png("#f8fafc") }]);
    await page.getByRole("button", { name: "Publicar producto" }).click();
    await expect(flash(page, "Producto creado.")).toBeVisible({ timeout: 30_000 });
    await expect(listed(page, shoeName).getByTestId("seller-product-stock")).toHaveText("9 uds. (41: 4, 42: 5, 43: 0)");

    const racketSlug = await slugOf(page, racketName);
    const shoeSlug = await slugOf(page, shoeName);
    const racket = await productDetails(racketSlug);
    expect(racket).toMatchObject({ name: racketName, stock: 12, salePrice: 17096 });
    const racketImages = await imagesOf(racketSlug);
    expect(racketImages).toHaveLength(2);
    expect(await greenOf(racketImages[0]!)).toBeGreaterThan(150);
    expect(await greenOf(racketImages[1]!)).toBeLessThan(100);
    expect((await productDetails(shoeSlug)).sizes).toEqual([
      { size: "41", stock: 4 },
      { size: "42", stock: 5 },
      { size: "43", stock: 0 },
    ]);

    // A shopper finds both in the catalogue's search and compares them, each with its sheet.
    const visitor = await visitorPage(browser, testInfo);
    try {
      for (const name of [racketName, shoeName]) {
        await visitor.page.goto(`/products?searchValue=${encodeURIComponent(name)}`);
        await expect(
          visitor.page
            .getByTestId("product-card")
            .filter({ has: visitor.page.getByRole("link", { name, exact: true }) }),
        ).toBeVisible();
      }
      for (const slug of [racketSlug, shoeSlug]) {
        await visitor.page.goto(`/product/details/${slug}`);
        await visitor.page.getByRole("button", { name: "Comparar", exact: true }).click();
        await expect(visitor.page.getByText("Producto agregado a la comparación.", { exact: false })).toBeVisible();
      }
      await visitor.page.goto("/my-compare");
      const table = visitor.page.getByTestId("compare-table");
      await expect(table.getByRole("link", { name: racketName })).toBeVisible();
      await expect(table.getByRole("link", { name: shoeName })).toBeVisible();
      await expect(table.getByRole("row", { name: /^Forma/ })).toContainText("Diamante");
      await expect(table.getByRole("row", { name: /^Tipo de suela/ })).toContainText("Espiga");
    } finally {
      await visitor.close();
    }
  });

  test("sube el descuento y la ficha muestra el precio nuevo; renombrar conserva la dirección anterior; eliminar pide confirmación", async ({
    page,
    browser,
    javaScriptEnabled,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const name = uniqueName(testInfo, "Pala Cóndor");
    const renamed = `${name} Edición Oro`;
    await signIn(page, SELLER_EMAIL);
    await page.goto("/dashboard/seller/add-product");
    await page.getByLabel("Nombre", { exact: true }).fill(name);
    await chooseCategory(page, "Pelotas", javaScriptEnabled);
    await expect(page.getByText("Esta categoría no tiene ficha técnica.")).toBeVisible();
    await fillCommon(page, {
      brand: "Cóndor",
      price: "100",
      discount: "5",
      color: "Amarillo",
      tag: "Oferta",
      description: "Bote de tres pelotas de presión alta para jugar todo el año en cualquier pista.",
    });
    await page.getByLabel("Stock total").fill("30");
    await page
      .getByLabel("Imágenes del producto")
      .setInputFiles([{ name: "bote.png", mimeType: "image/png", buffer: await png("#facc15") }]);
    await page.getByRole("button", { name: "Publicar producto" }).click();
    await expect(flash(page, "Producto creado.")).toBeVisible({ timeout: 30_000 });
    const oldSlug = await slugOf(page, name);

    // The discount goes from 5 % to 30 %, the name changes and a second image is added.
    await listed(page, name)
      .getByRole("link", { name: `Editar ${name}` })
      .click();
    await expect(page.getByRole("heading", { name: `Editar «${name}»` })).toBeVisible();
    const editPath = new URL(page.url()).pathname;
    await expect(page.getByLabel("Precio (USD)", { exact: true })).toHaveValue("100,00");
    await page.getByLabel("Descuento (%)", { exact: true }).fill("30");
    await page.getByLabel("Nombre", { exact: true }).fill(renamed);
    await page
      .getByLabel("Añadir imágenes")
      .setInputFiles([{ name: "detalle.png", mimeType: "image/png", buffer: await png("#0ea5e9") }]);
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(flash(page, "Producto actualizado.")).toBeVisible({ timeout: 30_000 });
    const [firstImage, secondImage] = await imagesOf(oldSlug);
    expect(secondImage).toBeDefined();

    // The second image becomes the main one (a button the server answers without JavaScript), then the main one is swapped.
    await page.goto(editPath);
    await expect(page.getByTestId("stored-image")).toHaveCount(2);
    await page.getByRole("button", { name: "Subir la imagen 2" }).click();
    await expect(page.getByTestId("stored-image").first().locator('input[type="hidden"]')).toHaveValue(secondImage!);
    await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue(renamed);
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(flash(page, "Producto actualizado.")).toBeVisible({ timeout: 30_000 });
    expect(await imagesOf(oldSlug)).toEqual([secondImage, firstImage]);
    await page.goto(editPath);
    await page
      .getByLabel("Nueva imagen para la principal")
      .setInputFiles({ name: "nueva.png", mimeType: "image/png", buffer: await png("#be123c") });
    await page.getByRole("button", { name: "Reemplazar" }).first().click();
    await expect(flash(page, "Imagen actualizada.")).toBeVisible({ timeout: 30_000 });
    const swapped = await imagesOf(oldSlug);
    expect(swapped).toHaveLength(2);
    expect(swapped[0]).not.toBe(secondImage);
    expect(swapped[1]).toBe(firstImage);
    await page.goto("/dashboard/seller/products");
    await expect(listed(page, renamed).getByTestId("seller-product-discount")).toHaveText("30 %");
    const newSlug = await slugOf(page, renamed);
    expect(newSlug).not.toBe(oldSlug);

    await page.getByRole("navigation", { name: "Mi tienda" }).getByRole("link", { name: "Descuentos" }).click();
    await expect(page.getByTestId("discounted-product").filter({ hasText: renamed })).toContainText("30 %");

    const visitor = await visitorPage(browser, testInfo);
    try {
      await visitor.page.goto(`/product/details/${oldSlug}`);
      await expect(visitor.page).toHaveURL(new RegExp(`/product/details/${newSlug}$`));
      await expect(visitor.page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
      await expect(visitor.page.getByTestId("sale-price").first()).toHaveText(/70,00/);
    } finally {
      await visitor.close();
    }

    // Deleting asks first (a link and a form: no JavaScript needed); it was never ordered, so it goes.
    await page.goto(`/dashboard/seller/products?searchValue=${encodeURIComponent(renamed)}`);
    await listed(page, renamed)
      .getByRole("link", { name: `Eliminar ${renamed}` })
      .click();
    await expect(page.getByRole("alertdialog", { name: `¿Eliminar «${renamed}»?` })).toBeVisible();
    await page.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(flash(page, "Producto eliminado.")).toBeVisible();
    await expect(listed(page, renamed)).toHaveCount(0);
    const gone = await fetch(`${new URL(baseURL ?? "http://127.0.0.1").origin}/product/details/${newSlug}`);
    expect(gone.status).toBe(404);
  });

  test("la categoría elegida antes de que lleguen los scripts muestra su ficha cuando llegan", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    test.skip(!javaScriptEnabled, "sin JavaScript la ficha se actualiza con «Actualizar ficha»");
    await signIn(page, SELLER_EMAIL);
    const scripts = await openWithScriptsHeld(page, `${baseURL}/dashboard/seller/add-product`);
    await page.getByLabel("Categoría", { exact: true }).selectOption({ label: "Pelotas" });
    await expect(page.getByRole("button", { name: "Actualizar ficha" })).toBeVisible();

    await scripts.release();
    await expect(page.getByRole("button", { name: "Actualizar ficha" })).toBeHidden();
    await expect(page.getByText("Esta categoría no tiene ficha técnica.")).toBeVisible();
  });

  test("una tienda suspendida ve el área con el motivo y no puede publicar; lo escrito se conserva", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(90_000);
    const seller = await approvedSeller(testInfo);
    await signIn(page, seller.email, SHOPPER_PASSWORD);
    // With JavaScript the open page reloads itself when the shop's status changes; the test waits
    // for that instead of racing its own navigation against the reload.
    const connected = javaScriptEnabled
      ? page.waitForResponse(
          (response) =>
            response.url().endsWith("/live-notifications") &&
            response.request().method() === "GET" &&
            response.frame().url().endsWith("/dashboard/seller/products"),
        )
      : null;
    await page.goto("/dashboard/seller/products");
    await expect(page.getByText("Todavía no tienes productos.")).toBeVisible();
    await expect(page.getByTestId("seller-suspended")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Ver mi tienda pública" })).toBeVisible();
    await connected;

    const reason = "Documentación caducada.";
    const admin = await apiSignIn(ADMIN_EMAIL, DEMO_PASSWORD);
    await apiJson(`/admin/shops/${seller.shopId}/suspend`, {
      method: "POST",
      token: admin.token,
      body: JSON.stringify({ reason }),
    });
    if (javaScriptEnabled) await expect(page.getByTestId("seller-suspended")).toContainText(`Motivo: ${reason}`);

    await page.goto("/dashboard/seller/add-product");
    await expect(page.getByTestId("seller-suspended")).toContainText(`Motivo: ${reason}`);
    // A suspended shop's public page is gone (404): the area no longer links to it.
    await expect(page.getByRole("link", { name: "Ver mi tienda pública" })).toHaveCount(0);
    const name = uniqueName(testInfo, "Pelotas Suspendidas");
    await page.getByLabel("Nombre", { exact: true }).fill(name);
    await chooseCategory(page, "Pelotas", javaScriptEnabled);
    await fillCommon(page, {
      brand: "Cóndor",
      price: "12",
      discount: "0",
      color: "Amarillo",
      tag: "Oferta",
      description: "Bote de tres pelotas de presión alta para jugar todo el año en cualquier pista.",
    });
    await page.getByLabel("Stock total").fill("5");
    await page
      .getByLabel("Imágenes del producto")
      .setInputFiles([{ name: "bote.png", mimeType: "image/png", buffer: await png("#facc15") }]);
    await page.getByRole("button", { name: "Publicar producto" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Tu tienda está suspendida" })).toContainText(reason);
    await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue(name);
    await page.goto("/dashboard/seller/products");
    await expect(page.getByText("Todavía no tienes productos.")).toBeVisible();
  });
});
