import { expect, test, type Page } from "./fixtures";
import { productToReview, adminMovesOrder } from "./orders-support";
import { addToCartFromProductPage, fillShippingForm, payByCard, uniqueEmail } from "./support";
import { registerAndSignIn } from "./sessions";

/** Orders what is in the cart through /shipping; answers the new order's id, on its /payment page. */
async function placeOrderThroughPages(page: Page): Promise<string> {
  await page.goto("/shipping");
  await fillShippingForm(page);
  await page.getByRole("button", { name: "Realizar pedido" }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=[0-9a-f-]{36}$/);
  return new URL(page.url()).searchParams.get("orderId")!;
}

const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

test.describe("recorrido del cliente", () => {
  test("tras comprar, sigue sus pedidos en el panel, hace una oferta, reseña, lee y borra sus avisos y reserva y cancela la clase de prueba", async ({
    page,
  }, testInfo) => {
    // Eleven screens in one journey: about 45 s on a quiet 2-core machine, more on a busy one.
    test.setTimeout(120_000);
    // A product no other journey reviews, so this customer's review is the only one there.
    const product = await productToReview(testInfo.project.name === "js-off" ? 5 : 4);
    const email = uniqueEmail(testInfo, "recorrido");
    await registerAndSignIn(page, { name: "Lola Recorrido", email, redirectTo: "/products" });

    // A purchase paid with the test card, and a second order left unpaid.
    await addToCartFromProductPage(page, product.slug, 1);
    const paidOrderId = await placeOrderThroughPages(page);
    await payByCard(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(new RegExp(`/order/confirm/${paidOrderId}$`));
    await addToCartFromProductPage(page, product.slug, 1);
    const unpaidOrderId = await placeOrderThroughPages(page);

    // The dashboard counts both; my orders lists them and filters the unpaid one.
    await page.getByRole("banner").getByRole("link", { name: "Mi perfil" }).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("total-orders")).toHaveText("2");
    await page.getByRole("navigation", { name: "Mi cuenta" }).getByRole("link", { name: "Mis pedidos" }).click();
    await expect(page.getByTestId("order-row")).toHaveCount(2);
    await page.getByLabel("Estado del pedido").selectOption("sin_pagar");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByTestId("order-row")).toHaveCount(1);

    // Its details offer to pay now, and take an offer of a lower price for its shop.
    await page.getByRole("link", { name: `Pedido #${orderNumber(unpaidOrderId)}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/order/details/${unpaidOrderId}$`));
    await expect(page.getByRole("main").getByRole("link", { name: "Pagar ahora" })).toHaveAttribute(
      "href",
      `/payment?orderId=${unpaidOrderId}`,
    );
    await page.getByLabel("Precio que propones (US$)").fill("1,00");
    await page.getByRole("button", { name: "Enviar oferta" }).click();
    await expect(page.getByText("Oferta enviada al vendedor.")).toBeVisible();
    await expect(page.getByTestId("offers-panel").getByTestId("offer")).toContainText("Pendiente");

    // The paid purchase may be reviewed: shown at once, as a verified purchase.
    await page.goto(`/product/details/${product.slug}`);
    const form = page.getByRole("form", { name: "Escribe tu reseña" });
    await form.getByRole("radio", { name: "5 estrellas" }).check();
    const reviewText = `Llegó rápido y es justo lo que buscaba para mis partidos (${email}).`;
    await form.getByLabel("Tu reseña").fill(reviewText);
    await form.getByRole("button", { name: "Publicar reseña" }).click();
    await expect(page.getByText("Reseña publicada. ¡Gracias por tu opinión!")).toBeVisible();
    await expect(
      page.getByTestId("review").filter({ hasText: reviewText }).getByText("Compra verificada"),
    ).toBeVisible();

    // The shop moves the paid order: the customer is told, and reads and deletes the notices.
    await adminMovesOrder(paidOrderId, "procesando");
    await adminMovesOrder(paidOrderId, "enviado");
    await page.goto("/dashboard/system-notifications");
    const notices = page.getByTestId("notification");
    // Paid, processing, sent.
    await expect(notices).toHaveCount(3);
    await expect(page.getByText("Página 1 de 1")).toBeVisible();
    await expect(notices.first()).toContainText("«Enviado»");
    await notices.first().getByRole("button", { name: "Marcar como leída" }).click();
    await expect(notices.first()).toHaveAttribute("data-read", "true");
    await notices.first().getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByText("Notificación eliminada.")).toBeVisible();
    await expect(notices).toHaveCount(2);

    // The trial class: booked on /gift, cancelled from the dashboard.
    await page.goto("/gift");
    await page.getByRole("button", { name: "Reserva tu plaza" }).click();
    await expect(page.getByTestId("trial-class-booked")).toContainText("Tienes una plaza reservada.");
    await page.getByRole("link", { name: "Ver o cancelar mi reserva" }).click();
    await page.getByTestId("trial-class-booking").getByRole("button", { name: "Cancelar reserva" }).click();
    await expect(page.getByText("Reserva cancelada. Tu plaza queda libre para otra persona.")).toBeVisible();
  });
});
