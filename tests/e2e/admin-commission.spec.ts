import { expect, test } from "./fixtures";
import {
  apiJson,
  customerOrdersThroughApi,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  newProjectPage,
  sellerWithProduct,
} from "./seller-support";
import { ADMIN_EMAIL, formatPrice, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import { signIn } from "./sessions";

/**
 * Issue 35, the commission: on a 360 px phone the admin gives a new shop a rate of its own (a rate
 * with three decimals refused beside its field, what was typed kept), a customer orders from the shop,
 * its seller reads the rate and its share on the order's line, and the admin takes the shop back to
 * the general rate. Each project works on a shop of its own, and the store's rate is left alone:
 * other journeys read commissions at it.
 */
test.describe("comisión", () => {
  test("el administrador pone una comisión propia a una tienda y su vendedor la ve en el pedido", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const seller = await sellerWithProduct(testInfo, "comision");

    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, ADMIN_EMAIL);
    await page.goto("/dashboard/admin");
    await page.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Comisión" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/commission$/);
    await expect(page.getByRole("heading", { level: 1, name: "Comisión" })).toBeVisible();
    await expect(page.getByTestId("store-rate")).toContainText("Ahora:");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    const shops = page.getByRole("form", { name: "Poner o cambiar la comisión de una tienda" });
    await shops.getByLabel("Tienda").selectOption({ label: seller.shopName });
    const rate = shops.getByLabel("Comisión (%)");
    await rate.fill("7,555");
    await shops.getByRole("button", { name: "Guardar la comisión de la tienda" }).click();
    await expect(
      shops.getByText("Escribe un porcentaje entre 0 y 100, con dos decimales como mucho (por ejemplo, 7,5)."),
    ).toBeVisible();
    await expect(rate).toHaveAttribute("aria-invalid", "true");
    await expect(rate).toHaveValue("7,555");

    await rate.fill("12,5");
    await shops.getByRole("button", { name: "Guardar la comisión de la tienda" }).click();
    await expect(
      page.getByText(`Comisión de «${seller.shopName}»: 12,5 % en los pedidos que se hagan desde ahora.`),
    ).toBeVisible();
    const overrides = page.getByRole("list", { name: "Tiendas con comisión propia" });
    const listed = overrides.getByRole("listitem").filter({ hasText: seller.shopName });
    await expect(listed).toContainText("12,5 %");
    await expectNoSidewaysScroll(page);

    // A customer orders the shop's balls (25,00 $): 12,5 % is 3,13 $ on the seller's line.
    const { token, orderId } = await customerOrdersThroughApi({
      name: "Carmen Comisiones",
      email: uniqueEmail(testInfo, "comision-cliente"),
      productId: seller.productId,
    });
    const { order } = await apiJson<{ order: { suborders: { _id: string; products: { productId: string }[] }[] } }>(
      `/home/customer/get-order/${orderId}`,
      { token },
    );
    const part = order.suborders.find((suborder) =>
      suborder.products.some((product) => product.productId === seller.productId),
    )!;
    const sellerPage = await newProjectPage(browser, testInfo);
    await sellerPage.setViewportSize({ width: 360, height: 780 });
    await signIn(sellerPage, seller.email, SHOPPER_PASSWORD);
    await sellerPage.goto(`/dashboard/seller/orders/details/${part._id}`);
    await expect(sellerPage.getByTestId("seller-order-line").filter({ hasText: seller.productName })).toContainText(
      `${formatPrice(313)} (12,5 %)`,
    );
    await expectNoSidewaysScroll(sellerPage);
    await sellerPage.context().close();

    // Back to the general rate, for the shop's next orders.
    await listed.getByRole("button", { name: `Quitar la comisión propia de ${seller.shopName}` }).click();
    await expect(
      page.getByText(`«${seller.shopName}» vuelve a la comisión general en los pedidos que se hagan desde ahora.`),
    ).toBeVisible();
    await expect(listed).toHaveCount(0);
  });
});
