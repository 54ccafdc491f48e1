import { expect, test, type TestInfo } from "./fixtures";
import { buyAndPay, registerThroughApi, reviewThroughApi } from "./orders-support";
import { DEMO_PASSWORD, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import {
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  newProjectPage,
  stockedProductsWithoutSizes,
  type ControlProduct,
} from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 34, replies to reviews: a paid buyer reviews a product; its seller finds the review among
 * those without a reply, answers it (an empty reply refused beside the field, what was typed kept),
 * and the product page shows the reply under the review. The buyer hears of it in the bell's list.
 */

const SELLER = { email: "vendedor2@mercadopadel.test", shop: "Bandeja y Víbora Caracas" } as const;

/** A product of the seller without sizes, among the lowest stocked: other journeys take the highest and the middle. */
async function productFor(testInfo: TestInfo): Promise<ControlProduct> {
  const candidates = (await stockedProductsWithoutSizes(SELLER.email)).sort((a, b) => a.stock - b.stock);
  return candidates[testInfo.project.name === "js-off" ? 2 : 1] ?? candidates[0]!;
}

test.describe("respuestas a reseñas", () => {
  test("el vendedor responde a una reseña sin respuesta y la respuesta se ve bajo la reseña", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(120_000);
    const product = await productFor(testInfo);
    const email = uniqueEmail(testInfo, "resena-respuesta");
    const name = `Clienta Respuestas ${testInfo.project.name} ${Math.random().toString(36).slice(2, 7)}`;
    await registerThroughApi(name, email);
    await buyAndPay(email, product._id);
    const reviewText = `Buena, pero llegó sin funda. ${testInfo.project.name}`;
    await reviewThroughApi(email, product._id, 3, reviewText);

    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, SELLER.email, DEMO_PASSWORD);
    await page.goto("/dashboard/seller");
    await page.getByRole("link", { name: "Reseñas", exact: true }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/reviews$/);
    await page.getByRole("link", { name: /^Sin responder/ }).click();
    await expect(page).toHaveURL(/filtro=sin_responder/);
    const review = page.getByTestId("seller-review").filter({ hasText: name });
    await expect(review).toHaveCount(1);
    await expect(review).toContainText(reviewText);
    await expect(review).toContainText("Sin responder");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    // An empty reply is refused beside the field.
    await review.getByLabel("Tu respuesta pública").fill("  ");
    await review.getByRole("button", { name: "Publicar respuesta" }).click();
    await expect(review.getByText("Escribe tu respuesta.")).toBeVisible();

    const replyText = `Gracias, ${name}: te enviamos la funda hoy mismo.`;
    await review.getByLabel("Tu respuesta pública").fill(replyText);
    await review.getByRole("button", { name: "Publicar respuesta" }).click();
    await expect(page.getByText("Respuesta publicada.")).toBeVisible();
    // Answered, it leaves the list of those without a reply.
    await expect(page.getByTestId("seller-review").filter({ hasText: name })).toHaveCount(0);

    // Everyone reads the reply under the review, on the product's page.
    const visitor = await newProjectPage(browser, testInfo);
    await visitor.setViewportSize({ width: 360, height: 800 });
    await visitor.goto(`/product/details/${product.slug}#resenas`);
    const published = visitor.getByTestId("review").filter({ hasText: name });
    await expect(published.getByTestId("review-reply")).toContainText(`Respuesta de ${SELLER.shop}`);
    await expect(published.getByTestId("review-reply")).toContainText(replyText);
    await expectNoSidewaysScroll(visitor);

    // The buyer was told.
    const buyer = await newProjectPage(browser, testInfo);
    await signIn(buyer, email, SHOPPER_PASSWORD);
    await buyer.goto("/dashboard/system-notifications");
    await expect(
      buyer.getByTestId("notification").filter({ hasText: `${SELLER.shop} respondió a tu reseña de` }),
    ).toHaveCount(1);
    await visitor.context().close();
    await buyer.context().close();
  });
});
