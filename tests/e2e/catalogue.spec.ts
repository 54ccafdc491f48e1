import { expect, openWithScriptsHeld, test, type Page } from "./fixtures";
import { queryProducts } from "./support";

/** Without JavaScript the filter form is sent with its button; with it, the list reloads by itself. */
async function applyFilters(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Aplicar filtros" }).click();
}

/** The page's Remix router (RemixBrowser leaves it on window): whether a navigation is under way. */
type WithRouter = { __remixRouter: { state: { navigation: { state: "idle" | "loading" | "submitting" } } } };

const dollars = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "."));

test.describe("catálogo", () => {
  test("inicio → categoría → filtros de precio, talla y stock → ficha del producto", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Mercado Pádel/);
    await expect(page.getByRole("heading", { name: "Últimos productos" })).toBeVisible();

    await page.getByRole("link", { name: "Zapatillas", exact: true }).first().click();
    await expect(page).toHaveURL(/\/products\?category=zapatillas/);
    await expect(page.getByRole("radio", { name: "Zapatillas" })).toBeChecked();

    await page.getByLabel("Precio mínimo").fill("40");
    await page.getByLabel("Precio máximo").fill("150");
    await page.getByLabel("Talla").selectOption("42");
    await page.getByLabel("Solo en stock").check();
    await applyFilters(page, javaScriptEnabled);

    await expect(page).toHaveURL(/size=42/);
    await expect(page).toHaveURL(/availability=in-stock/);
    await expect(page).toHaveURL(/lowPrice=40/);
    await expect(page).toHaveURL(/highPrice=150/);
    await expect(page).toHaveURL(/category=zapatillas/);

    const expected = await queryProducts({
      category: "zapatillas",
      lowPrice: "4000",
      highPrice: "15000",
      size: "42",
      availability: "in-stock",
    });
    expect(expected.totalProduct).toBeGreaterThan(0);
    await expect(page.getByTestId("result-count")).toContainText(`${expected.totalProduct} producto`);
    const cards = page.getByTestId("product-card");
    await expect(cards.first()).toBeVisible();
    for (const price of await cards.locator("[data-testid=sale-price]").allTextContents()) {
      expect(dollars(price)).toBeGreaterThanOrEqual(40);
      expect(dollars(price)).toBeLessThanOrEqual(150);
    }

    const firstName = (await cards.first().getByRole("heading").textContent())!.trim();
    await cards.first().getByRole("link", { name: firstName }).click();
    await expect(page).toHaveURL(/\/product\/details\//);
    await expect(page.getByRole("heading", { level: 1, name: firstName })).toBeVisible();
    await expect(page.getByTestId("sizes")).toContainText(/42 — \d+ disponibles?/);
    await expect(page.getByRole("heading", { name: "Productos relacionados" })).toBeVisible();
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(jsonLd["@type"]).toBe("Product");
    expect(jsonLd.name).toBe(firstName);
  });

  test("valoración, orden, etiqueta, paginación y restablecer", async ({ page, javaScriptEnabled }) => {
    await page.goto("/products?category=palas");
    await page.getByLabel("4 estrellas y más").check();
    await page.getByLabel("Ordenar por precio").selectOption("low-to-high");
    await applyFilters(page, javaScriptEnabled);
    await expect(page).toHaveURL(/rating=4/);
    await expect(page).toHaveURL(/sortPrice=low-to-high/);

    // The URL changes before the new list is on the page, so wait for the filtered, sorted list itself.
    const expected = await queryProducts({ category: "palas", rating: "4", sortPrice: "low-to-high" });
    expect(expected.products.length).toBeGreaterThan(1);
    const salePrices = page.getByTestId("product-card").locator("[data-testid=sale-price]");
    await expect(page.getByTestId("result-count")).toContainText(`${expected.totalProduct} producto`);
    await expect(salePrices).toHaveCount(expected.products.length);
    await expect
      .poll(async () => {
        const prices = (await salePrices.allTextContents()).map(dollars);
        return prices.every((price, index) => index === 0 || prices[index - 1] <= price);
      })
      .toBe(true);

    await page.getByRole("link", { name: "Restablecer" }).first().click();
    await expect(page).toHaveURL(/\/products$/);
    const all = await queryProducts({});
    await expect(page.getByTestId("result-count")).toContainText(`${all.totalProduct} productos`);

    const pagination = page.getByRole("navigation", { name: "Paginación" });
    await pagination.getByRole("link", { name: "Siguiente" }).click();
    await expect(page).toHaveURL(/pageNumber=2/);
    await expect(pagination.getByRole("link", { name: "Página 2" })).toHaveAttribute("aria-current", "page");

    await page.goto("/products?color=Morado-inexistente");
    await expect(page.getByTestId("empty-results")).toContainText("No encontramos productos con estos filtros.");
  });

  test("la categoría es una sola elección: otra reemplaza a la anterior y «Todas las categorías» quita el filtro", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/products?category=palas");
    await expect(page.getByRole("radio", { name: "Palas", exact: true })).toBeChecked();
    await page.getByRole("radio", { name: "Zapatillas", exact: true }).check();
    await expect(page.getByRole("radio", { name: "Palas", exact: true })).not.toBeChecked();
    await applyFilters(page, javaScriptEnabled);
    await expect(page).toHaveURL(/[?&]category=zapatillas(&|$)/);
    await expect(page).not.toHaveURL(/category=palas/);
    await expect(page.getByRole("radio", { name: "Zapatillas", exact: true })).toBeChecked();

    await page.getByRole("radio", { name: "Todas las categorías" }).check();
    await applyFilters(page, javaScriptEnabled);
    await expect(page).not.toHaveURL(/category=zapatillas/);
    await expect(page.getByRole("radio", { name: "Todas las categorías" })).toBeChecked();
    await expect(page.getByRole("heading", { level: 1 })).not.toContainText("Zapatillas");
  });

  test("lo elegido y escrito antes de que lleguen los scripts se aplica cuando llegan", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    test.skip(!javaScriptEnabled, "sin JavaScript no hay scripts que esperar");
    const scripts = await openWithScriptsHeld(page, `${baseURL}/products?category=palas`);
    await page.getByRole("radio", { name: "Zapatillas", exact: true }).check();
    await page.getByRole("combobox", { name: "Buscar productos" }).fill("bulpadel");
    await expect(page).toHaveURL(/category=palas/);

    await scripts.release();
    await expect(page).toHaveURL(/[?&]category=zapatillas(&|$)/);
    await expect(page.getByRole("radio", { name: "Zapatillas", exact: true })).toBeChecked();
    await expect(page.getByRole("combobox", { name: "Buscar productos" })).toHaveValue("bulpadel");
    await expect(
      page.getByRole("listbox", { name: "Sugerencias de búsqueda" }).getByRole("option").first(),
    ).toContainText(/Bullpadel/i);

    // Escape from the suggestions closes them and keeps what was typed.
    await page.getByRole("combobox", { name: "Buscar productos" }).press("ArrowDown");
    await page.getByRole("combobox", { name: "Buscar productos" }).press("Escape");
    await expect(page.getByRole("listbox", { name: "Sugerencias de búsqueda" })).toBeHidden();
    await expect(page.getByRole("combobox", { name: "Buscar productos" })).toHaveValue("bulpadel");

    // A text with no suggestions says so instead of showing nothing.
    await page.getByRole("combobox", { name: "Buscar productos" }).fill("qqzzxxyy");
    await expect(page.getByTestId("no-suggestions")).toHaveText(
      "No hay sugerencias para lo que escribiste: prueba con otra palabra o pulsa Buscar.",
    );
    await expect(page.getByRole("listbox", { name: "Sugerencias de búsqueda" })).toBeHidden();
  });

  test("con JavaScript, escribir un precio recarga la lista sin salir del campo (SPEC.md: tras 100 ms)", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "sin JavaScript se aplica con «Aplicar filtros»");
    // The page's timers run when the test says: a reload left waiting after «Restablecer» is then due at once.
    await page.clock.install();
    await page.goto("/products?category=zapatillas");
    await expect(page.locator("html[data-hidratada]")).toBeAttached();
    const highest = page.getByLabel("Precio máximo");
    await highest.click();
    await highest.fill("");
    await highest.pressSequentially("150");
    await expect(page).toHaveURL(/highPrice=150/);
    await expect(highest).toBeFocused();
    await expect(highest).toHaveValue("150");

    // «Restablecer» straight from the field: the field's change event, as it loses focus to the link,
    // does not bring the price back once the link has cleared it.
    await page.getByRole("link", { name: "Restablecer" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(highest).not.toHaveValue("150");
    // Past the debounce nothing reloads the old filters: a reload started then would be under way
    // (the router is "loading" from the moment one starts) or done (its address in the URL).
    await page.clock.runFor(1_000);
    const navigation = await page.evaluate(
      () => (window as unknown as WithRouter).__remixRouter.state.navigation.state,
    );
    expect(navigation).toBe("idle");
    await expect(page).toHaveURL(/\/products$/);
  });

  test("con JavaScript, lo elegido mientras llega la recarga anterior se conserva y se aplica", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "sin JavaScript se aplica con «Aplicar filtros»");
    await page.clock.install();
    await page.goto("/products?category=zapatillas");
    await expect(page.locator("html[data-hidratada]")).toBeAttached();
    // From here the page's timers (the filters' pause) run only when the test says.
    await page.clock.pauseAt(Date.now() + 60_000);
    // The price's reload is held on its way while the shopper chooses a size.
    let releasePriceReload: () => void = () => {};
    const priceReloadHeld = new Promise<void>((resolve) => (releasePriceReload = resolve));
    await page.route(/\/products\.data\?.*lowPrice=40/, async (route) => {
      await priceReloadHeld;
      await route.continue();
    });
    await page.getByLabel("Precio mínimo").fill("40");
    const priceReload = page.waitForRequest(/\/products\.data\?.*lowPrice=40/);
    await page.clock.runFor(100);
    await priceReload;

    const size = page.getByLabel("Talla");
    await size.selectOption("42");
    // It lands inside the size's pause: the form is newer than what it brings, so the size stays.
    releasePriceReload();
    const priced = await queryProducts({ category: "zapatillas", lowPrice: "4000" });
    await expect(page.getByTestId("result-count")).toContainText(`${priced.totalProduct} producto`);
    // React runs the page's effects in a task it posts after drawing (a MessageChannel message): one
    // message posted now comes after them.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
    await expect(size).toHaveValue("42");
    await page.getByLabel("Solo en stock").check();
    await page.clock.runFor(100);
    await expect(page).toHaveURL(/size=42/);
    await expect(page).toHaveURL(/availability=in-stock/);
    await expect(page).toHaveURL(/lowPrice=40/);
  });

  test("la vista de lista se mantiene en la URL", async ({ page, javaScriptEnabled }) => {
    await page.goto("/products?category=pelotas");
    await page.getByLabel("Lista").check({ force: true });
    await applyFilters(page, javaScriptEnabled);
    await expect(page).toHaveURL(/view=list/);
    await expect(page.getByLabel("Lista")).toBeChecked();
  });

  test("en un móvil el panel de filtros empieza plegado y se despliega con «Filtros»; en pantalla ancha se ve abierto", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/products");
    const stockFilter = page.getByRole("checkbox", { name: "Solo en stock" });
    await expect(stockFilter).toBeHidden();
    // The first products are on the first screen, not pushed down by the filters.
    await expect(page.getByTestId("product-card").first()).toBeInViewport();
    await page.getByTestId("filters-toggle").click();
    await stockFilter.check();
    await applyFilters(page, javaScriptEnabled);
    await expect(page).toHaveURL(/availability=in-stock/);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/products");
    await expect(page.getByRole("checkbox", { name: "Solo en stock" })).toBeVisible();
    const panelBox = (await page.getByTestId("filters-panel").boundingBox())!;
    const firstProduct = (await page.getByTestId("product-card").first().boundingBox())!;
    // Beside the products, not above them.
    expect(firstProduct.x).toBeGreaterThan(panelBox.x + panelBox.width);
  });
});

test.describe("búsqueda", () => {
  test("las sugerencias aparecen al escribir y llevan a la ficha (sin JavaScript, el formulario busca)", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/");
    const searchBox = page.getByRole("combobox", { name: "Buscar productos" });
    await searchBox.fill("bulpadel");
    if (!javaScriptEnabled) {
      await searchBox.press("Enter");
      await expect(page).toHaveURL(/\/products\?searchValue=bulpadel/);
      await expect(page.getByTestId("product-card").first()).toContainText(/Bullpadel/i);
      return;
    }
    const suggestions = page.getByRole("listbox", { name: "Sugerencias de búsqueda" });
    await expect(suggestions.getByRole("option").first()).toBeVisible();
    expect(await suggestions.getByRole("option").count()).toBeLessThanOrEqual(8);
    await expect(suggestions.getByRole("option").first()).toContainText(/Bullpadel/i);
    const box = await suggestions.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(350);
    expect(box!.height).toBeLessThanOrEqual(400);

    const name = (await suggestions.getByRole("option").first().textContent())!.trim();
    await suggestions.getByRole("option").first().click();
    await expect(page).toHaveURL(/\/product\/details\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(suggestions).toBeHidden();

    await searchBox.fill("   ");
    await expect(page.getByRole("listbox", { name: "Sugerencias de búsqueda" }).getByRole("option")).toHaveCount(0);
  });

  test("enviar la búsqueda muestra los resultados en el listado", async ({ page }) => {
    await page.goto("/about");
    const searchBox = page.getByRole("combobox", { name: "Buscar productos" });
    await searchBox.fill("zapatilla");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(page).toHaveURL(/\/products\?searchValue=zapatilla/);
    await expect(page.getByText(/Resultados para .zapatilla./)).toBeVisible();
    const expected = await queryProducts({ searchValue: "zapatilla" });
    await expect(page.getByTestId("result-count")).toContainText(`${expected.totalProduct} producto`);
    await expect(page.getByTestId("product-card").first()).toContainText(/Zapatilla/i);
  });
});
