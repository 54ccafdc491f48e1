import { expect, test } from "./fixtures";
import { fillShippingForm, paypalApiUrl, paypalWebUrl, uniqueEmail } from "./support";
import { registerAndSignIn } from "./sessions";

// This store has PayPal credentials (playwright.config.ts), so it pays through the fake PayPal.
test.use({ baseURL: paypalWebUrl });

test.describe("pago con PayPal", () => {
  test("un cliente va a PayPal, cancela, vuelve a intentarlo, aprueba y el pedido queda pagado", async ({
    page,
  }, testInfo) => {
    await registerAndSignIn(page, {
      name: "Paula PayPal",
      email: uniqueEmail(testInfo, "paypal"),
      redirectTo: "/products",
      api: paypalApiUrl,
    });
    await page.goto("/products?category=pelotas&availability=in-stock");
    await page.getByTestId("product-card").first().getByRole("button", { name: "Agregar al carrito" }).click();
    await expect(page.getByText("Producto agregado al carrito.")).toBeVisible();

    await page.goto("/shipping");
    await fillShippingForm(page);
    await page.getByRole("button", { name: "Realizar pedido" }).click();
    await expect(page).toHaveURL(/\/payment\?orderId=[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    // With a provider there is no test card.
    await expect(page.getByTestId("test-mode")).toHaveCount(0);
    await expect(page.getByLabel("Número de tarjeta")).toHaveCount(0);

    await page.getByRole("button", { name: "Pagar con PayPal" }).click();
    await expect(page).toHaveURL(/\/checkoutnow\?token=/);
    await expect(page.getByRole("heading", { name: "PayPal de prueba" })).toBeVisible();
    await page.getByRole("link", { name: "Cancelar y volver a la tienda" }).click();
    await expect(page).toHaveURL(new RegExp(`/payment\\?orderId=${orderId}&cancelado=1&token=`));
    await expect(page.getByText("Cancelaste el pago con PayPal: tu pedido sigue sin pagar.")).toBeVisible();
    await expect(page.getByRole("main").getByText("Sin pagar", { exact: true }).first()).toBeVisible();

    await page.getByRole("button", { name: "Pagar con PayPal" }).click();
    await expect(page).toHaveURL(/\/checkoutnow\?token=/);
    const paypalToken = new URL(page.url()).searchParams.get("token")!;
    await page.getByRole("link", { name: "Aprobar el pago" }).click();
    await expect(page).toHaveURL(new RegExp(`/order/confirm/${orderId}$`));
    await expect(page.getByText("Pago confirmado.")).toBeVisible();
    await expect(page.getByTestId("order-payment-status")).toHaveText("Pagado");

    // PayPal's return address again charges nothing more: the order is paid and shown as such.
    await page.goto(`/payment?orderId=${orderId}&token=${paypalToken}`);
    await expect(page).toHaveURL(new RegExp(`/order/confirm/${orderId}$`));
  });
});
