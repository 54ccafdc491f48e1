import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { buyAndPay, productToReview, registerThroughApi, reviewThroughApi } from "./orders-support";
import { uniqueEmail } from "./support";
import { registerAndSignIn } from "./sessions";

async function expectNoSeriousAxeViolations(page: Page, javaScriptEnabled: boolean) {
  // axe is injected as a script: only with JavaScript on.
  if (!javaScriptEnabled) return;
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(
    serious.map((violation) => `${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test.describe("reseñas", () => {
  test("un cliente que compró y pagó reseña el producto, lo ve con 'Compra verificada' y puede editarlo", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const product = await productToReview(testInfo.project.name === "js-off" ? 1 : 0);
    // With JavaScript, the form's code arrives on demand and hydrates the server's form: no error
    // on the way. The form's schema comes on its first focus; a submit before it has come is checked
    // by the action, whose refusal is a 400 the console reports: that one is the form working.
    const pageErrors: string[] = [];
    if (javaScriptEnabled) {
      page.on("pageerror", (error) => pageErrors.push(error.message));
      page.on("console", (message) => {
        const refusedByTheAction = message.text().includes("status of 400");
        if (message.type() === "error" && !refusedByTheAction) pageErrors.push(message.text());
      });
    }
    const productPath = `/product/details/${product.slug}`;

    // A visitor reads the reviews and is asked to sign in to write one.
    await page.goto(productPath);
    const reviews = page.locator("#resenas");
    await expect(reviews.getByRole("heading", { name: "Reseñas de clientes" })).toBeVisible();
    await expect(page.getByTestId("review-explanation")).toContainText("Inicia sesión para escribir una reseña.");

    // Signed in but not a buyer yet: only buyers may review.
    const email = uniqueEmail(testInfo, "resena");
    await registerAndSignIn(page, { name: "Rosa Reseñas", email, redirectTo: productPath });
    await expect(page.getByTestId("review-explanation")).toHaveText(
      "Solo los clientes que han comprado y pagado este producto pueden reseñarlo.",
    );

    await buyAndPay(email, product._id);
    await page.goto(productPath);
    const form = page.getByRole("form", { name: "Escribe tu reseña" });
    await expect(form).toBeVisible();
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    // Too short: the message sits next to the field and the text stays.
    await form.getByRole("radio", { name: "4 estrellas" }).check();
    await form.getByLabel("Tu reseña").fill("Corto");
    await form.getByRole("button", { name: "Publicar reseña" }).click();
    await expect(form.getByText("La reseña debe tener al menos 10 caracteres.")).toBeVisible();
    await expect(form.getByLabel("Tu reseña")).toHaveValue("Corto");
    await expect(form.getByLabel("Tu reseña")).toHaveAttribute("aria-invalid", "true");

    const text = "Muy cómodo y resistente. <b>Lo recomiendo</b> para jugar cada semana.";
    await form.getByLabel("Tu reseña").fill(text);
    await form.getByRole("radio", { name: "4 estrellas" }).check();
    await form.getByRole("button", { name: "Publicar reseña" }).click();
    await expect(page.getByText("Reseña publicada. ¡Gracias por tu opinión!")).toBeVisible();

    const review = page.getByTestId("review").filter({ hasText: "Rosa Reseñas" });
    await expect(review).toHaveCount(1);
    await expect(review.getByText("Compra verificada")).toBeVisible();
    await expect(review.getByRole("img", { name: "Valoración 4 de 5" })).toBeVisible();
    // The markup is shown as the customer typed it, not run as HTML.
    await expect(review.getByText(text, { exact: true })).toBeVisible();
    await expect(review.locator("b")).toHaveCount(0);
    await expect(
      page.getByTestId("rating-breakdown").getByRole("listitem").filter({ hasText: "4 estrellas" }),
    ).toContainText("1");
    await expect(page.getByRole("img", { name: "Valoración 4 de 5" }).first()).toBeVisible();

    // Writing again edits the same review, which comes pre-filled.
    const editForm = page.getByRole("form", { name: "Editar tu reseña" });
    await expect(editForm.getByLabel("Tu reseña")).toHaveValue(text);
    await expect(editForm.getByRole("radio", { name: "4 estrellas" })).toBeChecked();
    await editForm.getByRole("radio", { name: "5 estrellas" }).check();
    await editForm.getByLabel("Tu reseña").fill("Después de un mes sigue como el primer día.");
    await editForm.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Reseña actualizada.")).toBeVisible();
    await expect(page.getByTestId("review").filter({ hasText: "Rosa Reseñas" })).toHaveCount(1);
    await expect(page.getByTestId("review").filter({ hasText: "Rosa Reseñas" })).toContainText(
      "Después de un mes sigue como el primer día.",
    );
    expect(pageErrors).toEqual([]);
  });
});

test.describe("reseñas por páginas", () => {
  test("seis reseñas se leen en dos páginas de cinco, con enlaces que funcionan sin JavaScript", async ({
    page,
  }, testInfo) => {
    const product = await productToReview(testInfo.project.name === "js-off" ? 3 : 2);
    for (let reviewer = 1; reviewer <= 6; reviewer++) {
      const email = uniqueEmail(testInfo, `lector${reviewer}`);
      await registerThroughApi(`Lector ${reviewer}`, email);
      await buyAndPay(email, product._id);
      await reviewThroughApi(email, product._id, 1 + (reviewer % 5), `Opinión número ${reviewer} sobre este paletero.`);
    }

    await page.goto(`/product/details/${product.slug}`);
    const reviews = page.getByTestId("review");
    await expect(reviews).toHaveCount(5);
    // Newest first: the sixth reviewer opens the list, the first is on the second page.
    await expect(reviews.first()).toContainText("Lector 6");
    const pages = page.getByRole("navigation", { name: "Páginas de reseñas" });
    await expect(pages.getByRole("link", { name: "Página 1 de reseñas" })).toHaveAttribute("aria-current", "page");
    await pages.getByRole("link", { name: "Reseñas siguientes" }).click();
    await expect(page).toHaveURL(/\?resenas=2#resenas$/);
    await expect(reviews).toHaveCount(1);
    await expect(reviews.first()).toContainText("Lector 1");
    await expect(reviews.first().getByText("Compra verificada")).toBeVisible();
    await expect(pages.getByRole("link", { name: "Página 2 de reseñas" })).toHaveAttribute("aria-current", "page");
    await pages.getByRole("link", { name: "Reseñas anteriores" }).click();
    await expect(reviews).toHaveCount(5);
  });
});

test.describe("clase de prueba", () => {
  test("un visitante que pulsa 'Reserva tu plaza' debe iniciar sesión", async ({ page }) => {
    await page.goto("/gift");
    await expect(page.getByText("Prueba Gratis de Pádel")).toBeVisible();
    await expect(page.getByText("Plazas limitadas. Se recomienda reservar con anticipación.")).toBeVisible();
    await expect(page.getByTestId("trial-class-places")).toContainText(
      /Quedan \d+ plazas libres\.|Queda 1 plaza libre\./,
    );
    await page.getByRole("button", { name: "Reserva tu plaza" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=\/gift$/);
    await expect(page.getByText("Inicia sesión para reservar tu plaza en la clase de prueba.")).toBeVisible();
  });

  test("un cliente reserva su plaza en /gift y la cancela desde su cuenta", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    await registerAndSignIn(page, {
      name: "Tomás Tenis",
      email: uniqueEmail(testInfo, "clase"),
      redirectTo: "/gift",
    });
    const places = page.getByTestId("trial-class-places");
    const before = Number((await places.textContent())!.match(/\d+/)![0]);

    await page.getByRole("button", { name: "Reserva tu plaza" }).click();
    await expect(
      page.getByText(/^Plaza reservada para el sábado, \d{1,2} de [a-z]+, de 10:00 a 11:30\.$/),
    ).toBeVisible();
    await expect(page.getByTestId("trial-class-booked")).toContainText("Tienes una plaza reservada.");
    await expect(page.getByRole("button", { name: "Reserva tu plaza" })).toHaveCount(0);
    // Another project may book or cancel meanwhile: the count moved by ours at least.
    const after = Number((await places.textContent())!.match(/\d+/)?.[0] ?? 0);
    expect(after).toBeLessThanOrEqual(before);

    await page.getByRole("link", { name: "Ver o cancelar mi reserva" }).click();
    await expect(page).toHaveURL(/\/dashboard\/trial-class$/);
    const booking = page.getByTestId("trial-class-booking");
    await expect(booking).toContainText(/sábado, \d{1,2} de [a-z]+/);
    await expect(booking).toContainText("De 10:00 a 11:30");
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    await booking.getByRole("button", { name: "Cancelar reserva" }).click();
    await expect(page.getByText("Reserva cancelada. Tu plaza queda libre para otra persona.")).toBeVisible();
    await expect(page.getByTestId("trial-class-booking")).toContainText(
      "No tienes ninguna plaza reservada en la próxima clase",
    );
    await page.getByRole("link", { name: "Reservar una plaza en la página de regalos" }).click();
    await expect(page.getByRole("button", { name: "Reserva tu plaza" })).toBeVisible();
  });
});
