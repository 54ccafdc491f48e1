import { expect, test } from "./fixtures";
import { apiSignIn, fillShippingForm, formatPrice, payByCard, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import {
  apiJson,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  newProjectPage,
  sellerWithProduct,
} from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 34, a shop's own coupons: a new seller (so no other journey's totals move) creates a 10 %
 * coupon at 360 px; a shopper with a tube of its balls (25 $) and one of another new shop's types the
 * code in the cart's one coupon field, sees 2,50 $ off that shop's lines only, orders and pays; the
 * seller's order page shows the discount. Runs with and without JavaScript.
 */
test.describe("cupones de la tienda", () => {
  test("el vendedor crea un cupón del 10 % y el cliente lo usa solo en los productos de esa tienda", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(180_000);
    const [seller, other] = await Promise.all([
      sellerWithProduct(testInfo, "cupon"),
      sellerWithProduct(testInfo, "sin-cupon"),
    ]);
    const code = `DIEZ-${testInfo.project.name === "js-off" ? "N" : "S"}${Date.now().toString().slice(-6)}`;

    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, seller.email, SHOPPER_PASSWORD);
    await page.goto("/dashboard/seller");
    await page.getByRole("navigation", { name: "Mi tienda" }).getByRole("link", { name: "Cupones" }).click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/coupons$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cupones de la tienda");
    await expect(page.getByTestId("no-shop-coupons")).toBeVisible();

    // A wrong value is refused beside its field, what was typed kept.
    await page.getByLabel("Código").fill(code);
    await page.getByLabel("Valor").fill("diez");
    await page.getByLabel("Desde el día").fill("2024-01-01");
    await page.getByLabel("Hasta el día (incluido)").fill("2099-12-31");
    await page.getByLabel("Usos en total").fill("50");
    await page.getByLabel("Usos por cliente").fill("1");
    await page.getByRole("button", { name: "Crear cupón" }).click();
    await expect(page.getByText("Escribe un porcentaje entero, por ejemplo 10.")).toBeVisible();
    await expect(page.getByLabel("Código")).toHaveValue(code);

    await page.getByLabel("Valor").fill("10");
    await page.getByRole("button", { name: "Crear cupón" }).click();
    await expect(page.getByText("Cupón creado.")).toBeVisible();
    // At 360 px each coupon is a card.
    const row = page.getByTestId("shop-coupon").filter({ hasText: code });
    await expect(row.getByTestId("shop-coupon-state")).toHaveText("Activo");
    await expect(row).toContainText("10 %");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    // A shopper with a tube of each shop's balls (25 $ each).
    const shopper = await newProjectPage(browser, testInfo);
    await shopper.setViewportSize({ width: 360, height: 800 });
    const email = uniqueEmail(testInfo, "cupon-cliente");
    await apiJson("/user/register", {
      method: "POST",
      body: JSON.stringify({ name: "Clienta del Cupón", email, password: SHOPPER_PASSWORD }),
    });
    const { token, userId } = await apiSignIn(email);
    for (const productId of [seller.productId, other.productId])
      await apiJson("/home/product/add-to-card", {
        method: "POST",
        token,
        body: JSON.stringify({ userId, productId, quantity: 1 }),
      });
    await signIn(shopper, email, SHOPPER_PASSWORD);
    await shopper.goto("/card");
    await shopper.getByLabel("Código de cupón").fill(code.toLowerCase());
    await shopper.getByRole("button", { name: "Aplicar" }).click();
    await expect(shopper.getByText("Cupón aplicado.")).toBeVisible();
    const couponShop = shopper.getByTestId("cart-shop").filter({ hasText: seller.productName });
    const otherShop = shopper.getByTestId("cart-shop").filter({ hasText: other.productName });
    await expect(couponShop.getByTestId("cart-shop-discount")).toContainText(`−${formatPrice(250)}`);
    await expect(otherShop.getByTestId("cart-shop-discount")).toHaveCount(0);
    await expect(shopper.getByTestId("summary-shop-discount")).toHaveText(`−${formatPrice(250)}`);
    // 50 $ of products, 2,50 $ off, each shop's 5 $ shipping untouched.
    await expect(shopper.getByTestId("summary-total")).toHaveText(formatPrice(5_000 - 250 + 1_000));
    await expectNoSidewaysScroll(shopper);

    await shopper.goto("/shipping");
    await expect(shopper.getByTestId("summary-shop-coupon")).toContainText(`−${formatPrice(250)}`);
    await expect(shopper.getByTestId("summary-shop-discount")).toHaveText(`−${formatPrice(250)}`);
    await fillShippingForm(shopper);
    await shopper.getByRole("button", { name: "Realizar pedido" }).click();
    await expect(shopper).toHaveURL(/\/payment\?orderId=[0-9a-f-]{36}$/);
    const orderId = new URL(shopper.url()).searchParams.get("orderId")!;
    await payByCard(shopper, "4242 4242 4242 4242");
    await expect(shopper).toHaveURL(/\/order\/confirm\//);
    await expect(shopper.getByTestId("order-payment-status")).toHaveText("Pagado");
    await expect(
      shopper.getByTestId("order-shop").filter({ hasText: seller.productName }).getByTestId("order-shop-discount"),
    ).toHaveText(`−${formatPrice(250)}`);
    await expect(shopper.getByTestId("order-total")).toHaveText(formatPrice(5_000 - 250 + 1_000));
    await shopper.context().close();

    // The seller's order page: the coupon, and the commission on what is left (5 % of 22,50 $).
    const { order } = await apiJson<{ order: { suborders: { _id: string; products: { productId: string }[] }[] } }>(
      `/home/customer/get-order/${orderId}`,
      { token: (await apiSignIn(email)).token },
    );
    const part = order.suborders.find((suborder) =>
      suborder.products.some((product) => product.productId === seller.productId),
    )!;
    await page.goto(`/dashboard/seller/orders/details/${part._id}`);
    await expect(page.getByTestId("seller-order-coupon")).toHaveText(`−${formatPrice(250)}`);
    await expect(page.getByTestId("seller-order-total")).toHaveText(formatPrice(2_500 - 250 + 500));
    await expectNoSidewaysScroll(page);

    // Ended, the coupon shows so.
    await page.goto("/dashboard/seller/coupons");
    await row.getByRole("button", { name: `Terminar el cupón ${code}` }).click();
    await expect(page.getByText("Cupón terminado: ya no se puede usar en pedidos nuevos.")).toBeVisible();
    await expect(row.getByTestId("shop-coupon-state")).toHaveText("Terminado");
  });
});
