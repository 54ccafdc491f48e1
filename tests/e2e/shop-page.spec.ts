import { expect, test, type Page } from "./fixtures";
import { apiUrl, queryProducts } from "./support";

/**
 * Issue 10, the shop in the store: 'Vendido por' on a product page leads to the shop's page
 * (/tienda/{slug}), which lists its products with the catalogue's cards, sorts them with a plain
 * GET form and pages them, with JavaScript and without. (An unknown shop's 404 and the sitemap:
 * tests/http/status-pages.spec.ts; the page at 360 px: tests/e2e/sweep.spec.ts.)
 */

interface ShopPageAnswer {
  shop: { name: string; slug: string; location: string; rating: number; reviewCount: number; productCount: number };
  products: { name: string; slug: string }[];
  totalProduct: number;
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** A seeded racket and its shop, as the API answers them. */
async function racketAndShop() {
  const { products } = await queryProducts({ category: "palas", parPage: "1" });
  const { product } = await api<{ product: { name: string; slug: string; shop: { name: string; slug: string } } }>(
    `/home/get-product/${products[0]!.slug}`,
  );
  return product;
}

/** The names on the page's product cards, in order. */
async function cardNames(page: Page): Promise<string[]> {
  return page.getByTestId("product-card").getByRole("heading", { level: 3 }).allInnerTexts();
}

test.describe("la página de una tienda", () => {
  test("'Vendido por' en la ficha lleva a la tienda, con su dirección, desde cuándo vende, su valoración y sus productos", async ({
    page,
  }) => {
    const product = await racketAndShop();
    const shopPage = await api<ShopPageAnswer>(`/home/shop/${product.shop.slug}`);

    await page.goto(`/product/details/${product.slug}`);
    const soldBy = page.locator("dt", { hasText: "Vendido por" }).locator("+ dd");
    await soldBy.getByRole("link", { name: product.shop.name }).click();

    await expect(page).toHaveURL(new RegExp(`/tienda/${product.shop.slug}$`));
    await expect(page).toHaveTitle(`${product.shop.name}: tienda de pádel | Mercado Pádel`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.shop.name);
    await expect(page.getByTestId("shop-location")).toHaveText(shopPage.shop.location);
    await expect(page.getByTestId("shop-since")).toHaveText(/^En Mercado Pádel desde el \d{1,2} de [a-z]+ de \d{4}$/);
    if (shopPage.shop.reviewCount > 0) {
      await expect(page.getByTestId("shop-rating").getByRole("img")).toHaveAttribute(
        "aria-label",
        `Valoración ${String(shopPage.shop.rating).replace(".", ",")} de 5`,
      );
    }
    await expect(page.getByTestId("shop-product-count")).toHaveText(`${shopPage.shop.productCount} productos`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      new RegExp(`^${product.shop.name}: ${shopPage.shop.productCount} productos de pádel en Mercado Pádel desde`),
    );
    // Its first page, newest first, as the API lists it; the product we came from is among its products.
    expect(await cardNames(page)).toEqual(shopPage.products.map((card) => card.name));
    const all = await api<ShopPageAnswer>(`/home/shop/${product.shop.slug}?parPage=48`);
    expect(all.products.map((card) => card.slug)).toContain(product.slug);
  });

  test("ordena por precio y pagina con formularios y enlaces corrientes", async ({ page }) => {
    const { shop } = await racketAndShop();
    const cheapestFirst = await api<ShopPageAnswer>(`/home/shop/${shop.slug}?sortPrice=low-to-high`);
    const secondPage = await api<ShopPageAnswer>(`/home/shop/${shop.slug}?sortPrice=low-to-high&pageNumber=2`);
    expect(cheapestFirst.totalProduct, "la tienda sembrada tiene más de una página").toBeGreaterThan(12);

    await page.goto(`/tienda/${shop.slug}`);
    const sort = page.getByRole("form", { name: "Ordenar los productos" });
    await sort.getByLabel("Ordenar por precio").selectOption("low-to-high");
    await sort.getByRole("button", { name: "Ordenar" }).click();
    await expect(page).toHaveURL(new RegExp(`/tienda/${shop.slug}\\?sortPrice=low-to-high&sortByDate=$`));
    await expect(sort.getByLabel("Ordenar por precio")).toHaveValue("low-to-high");
    await expect.poll(() => cardNames(page)).toEqual(cheapestFirst.products.map((card) => card.name));

    const pagination = page.getByRole("navigation", { name: "Paginación" });
    await pagination.getByRole("link", { name: "Página 2" }).click();
    await expect(page).toHaveURL(/pageNumber=2/);
    await expect(page).toHaveURL(/sortPrice=low-to-high/);
    await expect(pagination.getByRole("link", { name: "Página 2" })).toHaveAttribute("aria-current", "page");
    await expect.poll(() => cardNames(page)).toEqual(secondPage.products.map((card) => card.name));

    // Sorting again starts from the first page.
    await sort.getByLabel("Ordenar por precio").selectOption("high-to-low");
    await sort.getByRole("button", { name: "Ordenar" }).click();
    await expect(page).not.toHaveURL(/pageNumber/);
    const dearestFirst = await api<ShopPageAnswer>(`/home/shop/${shop.slug}?sortPrice=high-to-low`);
    await expect.poll(() => cardNames(page)).toEqual(dearestFirst.products.map((card) => card.name));
  });
});
