import { expect, test } from "./fixtures";
import { formatPrice, SHOPPER_PASSWORD } from "./support";
import {
  addBallsThroughApi,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  newProjectPage,
  sellerWithProduct,
} from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 34, catalogue tools: a new seller with three tubes of balls (25 $, 40 $, and 10 $ sold out)
 * filters the list by sold out and sorts it by price (a GET form, kept in the address); chooses two
 * rows and lowers their price 10 % in one go (a refusal first keeps the chosen rows and says why
 * beside the action); hides one. A shopper no longer finds the hidden one in the catalogue, nor its
 * page, and still finds the other at its new price. At 360 px.
 */
test.describe("herramientas de catálogo del vendedor", () => {
  test("filtra, ordena, baja el precio de dos productos, oculta uno y el comprador ya no lo encuentra", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(150_000);
    const seller = await sellerWithProduct(testInfo, "catalogo");
    const suffix = seller.productName.split(" ").slice(-2).join(" ");
    const dearName = `Pelotas Caras ${suffix}`;
    const soldOutName = `Pelotas Agotadas ${suffix}`;
    await addBallsThroughApi(seller.email, { name: dearName, price: "40,00", stock: "5" });
    await addBallsThroughApi(seller.email, { name: soldOutName, price: "10,00", stock: "0" });

    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, seller.email, SHOPPER_PASSWORD);
    await page.goto("/dashboard/seller");
    await page.getByRole("navigation", { name: "Mi tienda" }).getByRole("link", { name: "Productos" }).click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/products$/);
    const rows = page.getByTestId("seller-product");
    await expect(rows).toHaveCount(3);
    await expect(rows.first().getByTestId("seller-product-state")).toHaveText("Publicado");

    // Sold out only: a GET form, so the filter is in the address.
    await page.getByLabel("Stock", { exact: true }).selectOption({ label: "Agotados" });
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/[?&]stock=agotado/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole("heading", { name: soldOutName })).toBeVisible();

    // Every product, cheapest first.
    await page.getByLabel("Stock", { exact: true }).selectOption({ label: "Todo" });
    await page.getByLabel("Ordenar por").selectOption({ label: "Precio: de menor a mayor" });
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/[?&]sort=precio(&|$)/);
    await expect(rows.getByRole("heading")).toHaveText([soldOutName, seller.productName, dearName]);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    // A refused batch keeps the chosen rows and says why beside the action.
    const choose = (name: string) => page.getByLabel(`Elegir «${name}»`);
    await choose(seller.productName).check();
    await choose(dearName).check();
    await page.getByLabel("Acción").selectOption({ label: "Cambiar el precio un porcentaje" });
    await page.getByLabel("Valor").fill("diez");
    await page.getByRole("button", { name: "Aplicar a los elegidos" }).click();
    await expect(page.getByText("Escribe un porcentaje entero entre -99 y 1000 (por ejemplo -10).")).toBeVisible();
    await expect(choose(seller.productName)).toBeChecked();
    await expect(choose(dearName)).toBeChecked();
    await expect(choose(soldOutName)).not.toBeChecked();

    // Both 10 % cheaper, in one go; the list keeps its order.
    await page.getByLabel("Acción").selectOption({ label: "Cambiar el precio un porcentaje" });
    await page.getByLabel("Valor").fill("-10");
    await page.getByRole("button", { name: "Aplicar a los elegidos" }).click();
    await expect(page.getByText("Se actualizaron 2 productos.")).toBeVisible();
    await expect(page).toHaveURL(/[?&]sort=precio(&|$)/);
    const row = (name: string) => rows.filter({ has: page.getByRole("heading", { name, exact: true }) });
    await expect(row(seller.productName).getByTestId("seller-product-price")).toHaveText(formatPrice(2_250));
    await expect(row(dearName).getByTestId("seller-product-price")).toHaveText(formatPrice(3_600));
    await expect(choose(seller.productName)).not.toBeChecked();

    // The dear one hidden.
    await choose(dearName).check();
    await page.getByLabel("Acción").selectOption({ label: "Ocultar" });
    await page.getByLabel("Valor").fill("");
    await page.getByRole("button", { name: "Aplicar a los elegidos" }).click();
    await expect(page.getByText("Se actualizó 1 producto.")).toBeVisible();
    await expect(row(dearName).getByTestId("seller-product-state")).toHaveText("Oculto");
    await expect(row(seller.productName).getByTestId("seller-product-state")).toHaveText("Publicado");
    await expectNoSidewaysScroll(page);

    // A shopper: the hidden one is gone from the catalogue and its page; the other is there at 22,50 $.
    const shopper = await newProjectPage(browser, testInfo);
    await shopper.setViewportSize({ width: 360, height: 800 });
    await shopper.goto(`/products?searchValue=${encodeURIComponent(dearName)}`);
    await expect(shopper.getByTestId("result-count")).toBeVisible();
    await expect(shopper.getByRole("link", { name: dearName, exact: true })).toHaveCount(0);
    await shopper.goto(`/products?searchValue=${encodeURIComponent(seller.productName)}`);
    const card = shopper
      .getByTestId("product-card")
      .filter({ has: shopper.getByRole("link", { name: seller.productName, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card).toContainText(formatPrice(2_250));
    await expectNoSidewaysScroll(shopper);
    await shopper.context().close();
  });
});
