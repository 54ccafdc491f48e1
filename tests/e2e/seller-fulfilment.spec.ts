import { expect, test, type TestInfo } from "./fixtures";
import { DEMO_PASSWORD, formatPrice, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import {
  apiJson,
  customerOrdersThroughApi,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  newProjectPage,
  stockedProductsWithoutSizes,
  type ControlProduct,
} from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 12, sellers fulfil orders: a customer's offer on an unpaid order reaches the seller's
 * notifications, whose link opens the seller's own order page; the seller accepts it there and the
 * customer sees the new total. A seller on their own product's page is offered to edit it, not to
 * buy it. Each project buys a product of its own, without sizes (the stock journeys use sized ones).
 */

const SELLER = { email: "vendedor3@mercadopadel.test" } as const;

/** A product of the seller without sizes and with stock, one per project. */
async function productFor(testInfo: TestInfo): Promise<ControlProduct> {
  const candidates = (await stockedProductsWithoutSizes(SELLER.email)).sort((a, b) => b.stock - a.stock);
  return candidates[testInfo.project.name === "js-off" ? 1 : 0] ?? candidates[0]!;
}

interface PlacedOrder {
  suborders: { _id: string; subtotal: number; shipping_fee: number }[];
}

/** A new customer orders one unit (unpaid) and offers 80 % of its subtotal; answers them, the order and the offer. */
async function customerOffers(testInfo: TestInfo, productId: string) {
  const email = uniqueEmail(testInfo, "oferta-vendedor");
  const name = `Cliente Ofertas ${testInfo.project.name} ${Math.random().toString(36).slice(2, 7)}`;
  const { token, orderId } = await customerOrdersThroughApi({ name, email, productId });
  const { order } = await apiJson<{ order: PlacedOrder }>(`/home/order/${orderId}`, { token });
  const part = order.suborders[0]!;
  const price = Math.floor((part.subtotal * 0.8) / 100) * 100;
  await apiJson("/home/customer/offer", {
    method: "POST",
    token,
    body: JSON.stringify({ shopOrderId: part._id, price }),
  });
  return {
    email,
    name,
    orderId,
    number: orderId.slice(0, 8).toUpperCase(),
    price,
    newTotal: price + part.shipping_fee,
    offerDiscount: part.subtotal - price,
  };
}

test.describe("el vendedor prepara sus pedidos", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("el aviso de una oferta lleva a su pedido; la acepta allí y el cliente ve el nuevo total", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(120_000);
    const product = await productFor(testInfo);
    const customer = await customerOffers(testInfo, product._id);

    // The seller's notice of the offer leads to their own order page, not the customer's.
    await signIn(page, SELLER.email, DEMO_PASSWORD);
    await page.goto("/dashboard/system-notifications");
    const notice = page
      .getByTestId("notification")
      .filter({ hasText: `Nueva oferta en el pedido #${customer.number}` });
    await expect(notice).toHaveCount(1);
    await notice.getByRole("link", { name: `#${customer.number}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/orders\/details\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: `Pedido #${customer.number}` })).toBeVisible();

    const offer = page.getByTestId("seller-offer");
    await expect(offer).toHaveCount(1);
    await expect(offer).toContainText(customer.name);
    await expect(offer).toContainText(formatPrice(customer.price));
    await expect(offer.getByTestId("seller-offer-deadline")).toContainText(/Responde antes del .+ a las \d\d:\d\d/);
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);

    await offer.getByRole("button", { name: `Aceptar la oferta de ${formatPrice(customer.price)}` }).click();
    await expect(page.getByText(`Oferta aceptada: el nuevo subtotal de`)).toContainText(formatPrice(customer.price));
    await expect(page.getByTestId("seller-order-total")).toHaveText(formatPrice(customer.newTotal));
    // The lines keep their prices; what the offer took off is shown, and each line's share of the new subtotal.
    await expect(page.getByTestId("seller-order-offer")).toHaveText(`−${formatPrice(customer.offerDiscount)}`);
    // One line (a card on this phone), so its share is the whole agreed subtotal.
    const line = page.getByTestId("seller-order-line");
    await expect(line).toHaveCount(1);
    await expect(line.getByText("Tras la oferta aceptada")).toBeVisible();
    await expect(line).toContainText(formatPrice(customer.price));
    await expect(page.getByTestId("seller-offer")).toHaveCount(0);
    await expect(page.getByText("No hay ofertas pendientes en este pedido.")).toBeVisible();

    // The customer's order costs the new total.
    const customerPage = await newProjectPage(browser, testInfo);
    await signIn(customerPage, customer.email, SHOPPER_PASSWORD);
    await customerPage.goto(`/dashboard/order/details/${customer.orderId}`);
    await expect(customerPage.getByTestId("order-total")).toHaveText(formatPrice(customer.newTotal));
    await expect(customerPage.getByTestId("order-shop-offer")).toHaveText(`−${formatPrice(customer.offerDiscount)}`);
    await customerPage.context().close();
  });

  test("en la página de su propio producto no puede añadirlo al carrito: se le ofrece editarlo", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const product = await productFor(testInfo);
    await signIn(page, SELLER.email, DEMO_PASSWORD);
    await page.goto(`/product/details/${product.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    const own = page.getByTestId("own-product");
    await expect(own).toContainText("Este producto es de tu propia tienda: no puedes comprarlo.");
    // The purchase form is not there (the related products' cards keep theirs).
    await expect(page.getByRole("form", { name: "Comprar" })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);
    await own.getByRole("link", { name: "Editar el producto" }).click();
    await expect(page).toHaveURL(`/dashboard/seller/edit-product/${product._id}`);
  });
});
