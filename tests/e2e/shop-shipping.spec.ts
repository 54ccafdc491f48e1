import { expect, test } from "./fixtures";
import { apiSignIn, formatPrice, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import {
  apiJson,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  newProjectPage,
  sellerWithProduct,
} from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 34, a shop's own shipping: a new seller (so no other journey's totals move) charges 3,25 $
 * per order, free from 40 $ of its products; a wrong amount is refused beside its field, what was
 * typed kept. A shopper's cart charges the shop's fee for one tube of balls (25 $) and nothing for
 * two (50 $); back on the store's rule the cart charges the store's fee again.
 */
test.describe("envío propio de la tienda", () => {
  test("el vendedor pone su tarifa y su envío gratis, y el carrito del cliente la cobra", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(120_000);
    const seller = await sellerWithProduct(testInfo, "envio");

    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, seller.email, SHOPPER_PASSWORD);
    await page.goto("/dashboard/seller");
    await page.getByRole("navigation", { name: "Mi tienda" }).getByRole("link", { name: "Envío" }).click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/shipping$/);
    await expect(page.getByTestId("current-shipping")).toContainText("Usas la tarifa general");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    // An own fee without its amount is refused beside the field; a bad threshold keeps what was typed.
    await page.getByLabel("Cómo cobras el envío").selectOption("propia");
    await page.getByLabel("Envío gratis desde (US$, opcional)").fill("40");
    await page.getByRole("button", { name: "Guardar envío" }).click();
    await expect(page.getByText("Escribe la tarifa de envío de tu tienda.")).toBeVisible();
    await expect(page.getByLabel("Envío gratis desde (US$, opcional)")).toHaveValue("40");

    await page.getByLabel("Tarifa por pedido (US$)").fill("3,25");
    await page.getByRole("button", { name: "Guardar envío" }).click();
    await expect(page.getByText("Envío guardado.")).toBeVisible();
    await expect(page.getByTestId("current-shipping")).toHaveText(
      `Cobras ${formatPrice(325)} por pedido, gratis desde ${formatPrice(4_000)} en productos de tu tienda.`,
    );

    // A shopper's cart: one tube (25 $) pays the shop's fee; two (50 $) ship free.
    const shopper = await newProjectPage(browser, testInfo);
    await shopper.setViewportSize({ width: 360, height: 800 });
    const email = uniqueEmail(testInfo, "envio-cliente");
    await apiJson("/user/register", {
      method: "POST",
      body: JSON.stringify({ name: "Cliente del Envío", email, password: SHOPPER_PASSWORD }),
    });
    const { token, userId } = await apiSignIn(email);
    await apiJson("/home/product/add-to-card", {
      method: "POST",
      token,
      body: JSON.stringify({ userId, productId: seller.productId, quantity: 1 }),
    });
    await signIn(shopper, email, SHOPPER_PASSWORD);
    await shopper.goto("/card");
    const group = shopper.getByTestId("cart-shop").filter({ hasText: seller.productName });
    await expect(group.getByTestId("cart-shop-shipping")).toHaveText(`Envío de esta tienda: ${formatPrice(325)}`);
    await expect(shopper.getByTestId("summary-shipping")).toHaveText(formatPrice(325));
    await expectNoSidewaysScroll(shopper);

    await apiJson("/home/product/add-to-card", {
      method: "POST",
      token,
      body: JSON.stringify({ userId, productId: seller.productId, quantity: 1 }),
    });
    await shopper.reload();
    await expect(group.getByTestId("cart-shop-shipping")).toHaveText("Envío de esta tienda: Gratis");

    // Back on the store's rule (5 $ a shop, free from 100 $ of the whole order).
    await page.getByLabel("Cómo cobras el envío").selectOption("tienda");
    await page.getByRole("button", { name: "Guardar envío" }).click();
    await expect(page.getByText("Envío guardado.")).toBeVisible();
    await expect(page.getByTestId("current-shipping")).toContainText("Usas la tarifa general");
    await shopper.reload();
    await expect(group.getByTestId("cart-shop-shipping")).toHaveText(`Envío de esta tienda: ${formatPrice(500)}`);
    await shopper.context().close();
  });
});
