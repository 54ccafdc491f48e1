import { expect, test, type Page } from "./fixtures";
import {
  addToWishlistThroughApi,
  adminMovesOrder,
  ballsFor,
  buyAndPay,
  placeOrderThroughApi,
  plentifulProduct,
  SHIPPING_INFO,
} from "./orders-support";
import { uniqueEmail } from "./support";
import { registerAndSignIn } from "./sessions";
import { expectNoSeriousAxeViolations } from "./seller-support";

/** Whole dollars and cents as the offer form takes them, e.g. 550 -> '5,50'. */
function typedAmount(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}

function accountMenu(page: Page) {
  return page.getByRole("navigation", { name: "Mi cuenta" });
}

/** The message under a field, found through its aria-describedby like a screen reader would. */
async function errorOf(page: Page, label: string) {
  const field = page.getByLabel(label);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby"))!.split(" ");
  return page.locator(`[id="${describedBy.find((id) => id.endsWith("-error"))}"]`);
}

test.describe("panel del cliente", () => {
  test("tras una compra el cliente ve sus totales, filtra sus pedidos, abre el detalle, oferta y ve su cartera", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const slot = javaScriptEnabled ? 0 : 1;
    const balls = await ballsFor(slot);
    const email = uniqueEmail(testInfo, "panel");
    await registerAndSignIn(page, { name: "Marta Mirón", email, redirectTo: "/dashboard" });
    await expect(page.getByTestId("total-orders")).toHaveText("0");
    await expect(page.getByText("Todavía no has hecho ningún pedido.")).toBeVisible();

    const orderId = await placeOrderThroughApi(email, balls._id);
    const number = orderId.slice(0, 8).toUpperCase();

    // The dashboard's home: totals and the recent order, current page marked in the menu.
    await page.goto("/dashboard");
    await expect(accountMenu(page).getByRole("link", { name: "Inicio" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("total-orders")).toHaveText("1");
    await expect(page.getByTestId("pending-orders")).toHaveText("1");
    await expect(page.getByTestId("cancelled-orders")).toHaveText("0");
    await expect(page.getByTestId("order-row")).toHaveCount(1);
    await expect(page.getByRole("link", { name: `Pedido #${number}`, exact: true })).toHaveAttribute(
      "href",
      `/dashboard/order/details/${orderId}`,
    );
    for (const label of [
      "Mis favoritos",
      "Mi cartera",
      "Notificaciones",
      "Notificaciones por correo",
      "Clase de prueba",
      "Editar perfil",
      "Cambiar contraseña",
    ]) {
      await expect(accountMenu(page).getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(accountMenu(page).getByRole("link", { name: "Notificaciones", exact: true })).toHaveAttribute(
      "href",
      "/dashboard/system-notifications",
    );
    await expect(accountMenu(page).getByRole("link", { name: "Notificaciones por correo" })).toHaveAttribute(
      "href",
      "/dashboard/mail-preferences",
    );
    await expect(accountMenu(page).getByRole("link", { name: "Clase de prueba" })).toHaveAttribute(
      "href",
      "/dashboard/trial-class",
    );

    // My orders, with the status filter (a GET form).
    await accountMenu(page).getByRole("link", { name: "Mis pedidos" }).click();
    await expect(page).toHaveTitle("Mis pedidos | Mercado Pádel");
    await expect(accountMenu(page).getByRole("link", { name: "Mis pedidos" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("order-row")).toHaveCount(1);
    await page.getByLabel("Estado del pedido").selectOption("cancelado");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/\/dashboard\/my-orders\?status=cancelado$/);
    await expect(page.getByText("No tienes pedidos con este estado.")).toBeVisible();
    await expect(page.getByTestId("order-row")).toHaveCount(0);
    await expect(page.getByLabel("Estado del pedido")).toHaveValue("cancelado");
    await page.getByLabel("Estado del pedido").selectOption("sin_pagar");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/\/dashboard\/my-orders\?status=sin_pagar$/);
    const row = page.getByTestId("order-row");
    await expect(row).toHaveCount(1);
    await expect(row.getByText("Sin pagar", { exact: true })).toBeVisible();
    await expect(row.getByRole("link", { name: /Pagar ahora/ })).toHaveAttribute("href", `/payment?orderId=${orderId}`);

    // The order's details: its shop, statuses, address, totals, paying and offering.
    await row.getByRole("link", { name: `Pedido #${number}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/order/details/${orderId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pedido #${number}`);
    await expect(page.getByRole("heading", { level: 3, name: balls.shop.name, exact: true })).toBeVisible();
    await expect(page.getByTestId("order-item")).toContainText(balls.name);
    await expect(page.getByTestId("order-payment-status")).toHaveText("Sin pagar");
    await expect(page.getByTestId("order-delivery-status")).toHaveText("Pendiente");
    await expect(page.getByTestId("shipping-address")).toContainText(SHIPPING_INFO.address);
    await expect(page.getByTestId("order-total")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Pagar ahora" })).toHaveAttribute(
      "href",
      `/payment?orderId=${orderId}`,
    );
    const offers = page.getByTestId("offers-panel");
    await expect(offers.getByText("Todavía no has propuesto ningún precio a esta tienda.")).toBeVisible();

    // Not lower than the shop's subtotal: the server's message next to the field, the amount kept
    // (an amount that is no amount: tests/unit/customer-dashboard.test.ts).
    const price = page.getByLabel("Precio que propones (US$)");
    await price.fill(typedAmount(balls.salePrice));
    await page.getByRole("button", { name: "Enviar oferta" }).click();
    await expect(await errorOf(page, "Precio que propones (US$)")).toContainText(
      "Tu oferta debe ser menor que el subtotal actual de la tienda",
    );
    await expect(price).toHaveValue(typedAmount(balls.salePrice));

    const offered = balls.salePrice - 100;
    await price.fill(typedAmount(offered));
    await page.getByRole("button", { name: "Enviar oferta" }).click();
    await expect(page.getByText("Oferta enviada al vendedor.")).toBeVisible();
    await expect(offers.getByTestId("offer")).toHaveCount(1);
    await expect(offers.getByTestId("offer")).toContainText("Pendiente");
    await expect(offers.getByTestId("offer")).toContainText(typedAmount(offered));
    await expect(page.getByRole("button", { name: "Enviar oferta" })).toHaveCount(0);
    await expect(offers.getByText("El vendedor todavía no ha respondido a tu oferta")).toBeVisible();
    // The seller's deadline is stated (decision 0038): the order keeps its stock until then.
    await expect(offers.getByTestId("offer-deadline")).toContainText(
      /El vendedor puede responder hasta el .+ a las \d\d:\d\d/,
    );

    // The wallet: balance, no entries yet, and a voucher refused next to its field.
    await page.goto("/dashboard/my-wallet");
    await expect(page).toHaveTitle("Mi cartera | Mercado Pádel");
    await expect(accountMenu(page).getByRole("link", { name: "Mi cartera" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("wallet-balance")).toHaveText(/^0,00\sUS\$$/);
    await expect(page.getByText("Tu cartera todavía no tiene movimientos.")).toBeVisible();
    // VOUCHER1000 keeps the spec's 2024 date (admin-coupons.spec.ts makes VOUCHER200 valid again).
    await page.getByLabel("Código del voucher").fill("VOUCHER1000");
    await page.getByRole("button", { name: "Canjear voucher" }).click();
    await expect(await errorOf(page, "Código del voucher")).toHaveText("Este voucher ha caducado.");
    await expect(page.getByLabel("Código del voucher")).toHaveValue("VOUCHER1000");
  });

  test("un pedido pagado que se cancela vuelve a la cartera, y con ese saldo se paga el siguiente", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "reembolso");
    await registerAndSignIn(page, { name: "Rita Reembolso", email, redirectTo: "/dashboard/my-wallet" });
    const productId = await plentifulProduct();
    const refundedId = await buyAndPay(email, productId);
    await adminMovesOrder(refundedId, "cancelado");

    await page.goto(`/dashboard/order/details/${refundedId}`);
    await expect(page.getByTestId("order-delivery-status")).toHaveText("Cancelado");
    await expect(page.getByTestId("order-payment-status")).toHaveText("Reembolsado");
    const paid = (await page.getByTestId("order-amount-paid").textContent())!;
    await expect(page.getByTestId("order-refunded")).toHaveText(`−${paid}`);
    await expect(page.getByTestId("order-total")).toHaveText(/^0,00\sUS\$$/);

    await accountMenu(page).getByRole("link", { name: "Mi cartera" }).click();
    const entry = page.getByTestId("wallet-entry");
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(/Reembolso del pedido #[0-9A-F]{8} \(.+\)/);
    const refund = (await entry.locator("td").last().textContent())!.replace(/^\+/, "");
    expect(refund).toBe(paid);
    await expect(page.getByTestId("wallet-balance")).toHaveText(refund);

    // The same product again, paid with the refund: the balance goes back to zero.
    const nextId = await placeOrderThroughApi(email, productId);
    await page.goto(`/payment?orderId=${nextId}`);
    await expect(page.getByTestId("wallet-balance")).toHaveText(refund);
    await page.getByRole("button", { name: "Pagar con mi cartera" }).click();
    await expect(page).toHaveURL(new RegExp(`/order/confirm/${nextId}$`));
    await expect(page.getByTestId("order-payment-status")).toHaveText("Pagado");
    await page.goto("/dashboard/my-wallet");
    await expect(page.getByTestId("wallet-balance")).toHaveText(/^0,00\sUS\$$/);
    await expect(entry).toHaveCount(2);
    await expect(entry.first()).toContainText(/Pago del pedido #[0-9A-F]{8}/);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);
  });

  test("los favoritos del panel se agregan al carrito y se eliminan", async ({ page, javaScriptEnabled }, testInfo) => {
    const balls = await ballsFor(javaScriptEnabled ? 2 : 3);
    const email = uniqueEmail(testInfo, "favoritos");
    await registerAndSignIn(page, { name: "Fede Favorito", email, redirectTo: "/dashboard" });
    await addToWishlistThroughApi(email, balls._id);

    await accountMenu(page).getByRole("link", { name: "Mis favoritos" }).click();
    await expect(page).toHaveTitle("Mis favoritos | Mercado Pádel");
    const card = page.getByTestId("favorite");
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("link", { name: balls.name })).toBeVisible();
    await card.getByRole("button", { name: /^Agregar al carrito/ }).click();
    await expect(page.getByText("Producto agregado al carrito.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/my-wishlist$/);

    await card.getByRole("button", { name: /^Eliminar/ }).click();
    await expect(page.getByText("Producto eliminado de favoritos.")).toBeVisible();
    await expect(page.getByText("Todavía no tienes productos favoritos.")).toBeVisible();
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);
  });
});
