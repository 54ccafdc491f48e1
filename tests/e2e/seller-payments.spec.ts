import { expect, test, type TestInfo } from "./fixtures";
import { ADMIN_EMAIL, apiSignIn, apiUrl, DEMO_PASSWORD, formatPrice } from "./support";
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll, newProjectPage } from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 12, sellers get paid: a demo seller (whose seeded sales were delivered long ago, so they
 * are available) saves a payout method, asks for more than available (refused beside the field,
 * the amount kept), then for a valid amount ('Solicitud Enviada'); the admin pays it with a
 * transfer reference; the seller sees it paid and archives it. Each project uses a seller of its
 * own (the seed leaves both without a pending request) and an amount of its own. The admin's
 * books page says every shop's accounts balance.
 */

function sellerFor(testInfo: TestInfo) {
  return testInfo.project.name === "js-off"
    ? { email: "vendedor3@mercadopadel.test", amount: 1357, typed: "13,57" }
    : { email: "vendedor1@mercadopadel.test", amount: 1234, typed: "12.34" };
}

async function availableOf(email: string): Promise<number> {
  const { token, userId } = await apiSignIn(email, DEMO_PASSWORD);
  const response = await fetch(`${apiUrl}/withdrawals-balance/${userId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const answer = (await response.json()) as { withdrawalBalances: { availableAmount: number } };
  return answer.withdrawalBalances.availableAmount;
}

test.describe("pagos del vendedor", () => {
  test("el vendedor guarda su método de cobro, pide un retiro, la administración lo paga y el vendedor lo archiva", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(120_000);
    const seller = sellerFor(testInfo);
    const available = await availableOf(seller.email);
    expect(available).toBeGreaterThan(seller.amount);

    await signIn(page, seller.email);
    await page.goto("/dashboard/seller");
    await page.getByRole("navigation", { name: "Mi tienda" }).getByRole("link", { name: "Pagos" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Pagos" })).toBeVisible();
    await expect(page.getByTestId("balance-availableAmount")).toHaveText(formatPrice(available));
    await expect(page.getByTestId("request-sent")).toHaveCount(0);

    // The payout method: a landline is refused beside its field, then a mobile is saved as written by the store.
    const pagoMovil = page.getByRole("form", { name: "Pago Móvil" });
    await pagoMovil.getByLabel("Banco").fill("Banesco");
    await pagoMovil.getByLabel("Teléfono móvil").fill("0212-555-0000");
    await pagoMovil.getByLabel("Cédula").fill("v18456723");
    await pagoMovil.getByRole("button", { name: "Cobrar por Pago Móvil" }).click();
    await expect(pagoMovil.getByText("Escribe un móvil venezolano, por ejemplo 0414-1234567.")).toBeVisible();
    await expect(pagoMovil.getByLabel("Banco")).toHaveValue("Banesco");
    await pagoMovil.getByLabel("Teléfono móvil").fill("0414 555 12 34");
    await pagoMovil.getByRole("button", { name: "Cobrar por Pago Móvil" }).click();
    await expect(page.getByText("Método de cobro guardado.")).toBeVisible();
    await expect(page.getByTestId("payout-method")).toContainText("Pago Móvil · Banesco · 0414-5551234 · V-18456723");

    // More than available: refused beside the field, with the amount kept.
    const withdraw = page.getByRole("region", { name: "Pedir un retiro" });
    const tooMuch = ((available + 100) / 100).toFixed(2).replace(".", ",");
    await withdraw.getByLabel("Importe a retirar (US$)").fill(tooMuch);
    await withdraw.getByRole("button", { name: "Solicitar retiro" }).click();
    await expect(
      withdraw.getByText(`No puedes retirar más de lo disponible (${formatPrice(available)}).`),
    ).toBeVisible();
    await expect(withdraw.getByLabel("Importe a retirar (US$)")).toHaveValue(tooMuch);

    // A valid amount: the request is sent and shown as such.
    await withdraw.getByLabel("Importe a retirar (US$)").fill(seller.typed);
    await withdraw.getByRole("button", { name: "Solicitar retiro" }).click();
    await expect(
      page.getByText("Solicitud de retiro enviada. La administración te avisará cuando la pague."),
    ).toBeVisible();
    await expect(page.getByTestId("request-sent")).toContainText("Solicitud Enviada");
    // The form starts empty again, so a second click cannot send the same request twice.
    await expect(withdraw.getByLabel("Importe a retirar (US$)")).toHaveValue("");
    const mine = page.getByTestId("withdrawal-row").filter({ hasText: formatPrice(seller.amount) });
    await expect(mine.getByTestId("withdrawal-status")).toHaveText("Solicitud Enviada");
    await expect(page.getByTestId("balance-availableAmount")).toHaveText(formatPrice(available - seller.amount));
    await expect(page.getByTestId("balance-requestedAmount")).toHaveText(formatPrice(seller.amount));

    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);

    // The monthly statement: a CSV with a BOM, the request's row in the store's money format.
    const statement = await page.request.get((await page.getByTestId("statement-link").getAttribute("href"))!);
    expect(statement.headers()["content-type"]).toContain("text/csv");
    const csv = await statement.text();
    expect(csv.startsWith('\uFEFF"Fecha";"Tipo"')).toBe(true);
    expect(csv).toContain(`"Retiro solicitado";`);
    expect(csv).toContain(`"${formatPrice(-seller.amount)}"`);

    // The admin pays it with the transfer's reference.
    const admin = await newProjectPage(browser, testInfo);
    await admin.setViewportSize({ width: 360, height: 800 });
    await signIn(admin, ADMIN_EMAIL);
    await admin.goto("/dashboard/admin");
    // The menu counts the requests waiting to be paid (this one at least).
    await expect(
      admin
        .getByRole("navigation", { name: "Administración" })
        .getByRole("link", { name: /^Retiros\s*: [1-9]\d* por pagar$/ }),
    ).toBeVisible();
    await admin.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Retiros" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: "Retiros" })).toBeVisible();
    const request = admin.getByTestId("admin-withdrawal").filter({ hasText: formatPrice(seller.amount) });
    await expect(request).toHaveCount(1);
    await expect(request).toContainText("0414-5551234");
    await expectNoSidewaysScroll(admin);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(admin);
    const reference = `TRF-E2E-${testInfo.project.name}`;
    await request.getByRole("button", { name: /^Confirmar pago/ }).click();
    await expect(request.getByText("Escribe la referencia de la transferencia.")).toBeVisible();
    await request.getByLabel("Referencia de la transferencia").fill(reference);
    await request.getByRole("button", { name: /^Confirmar pago/ }).click();
    await expect(admin.getByText("Retiro confirmado como pagado.")).toBeVisible();
    await expect(admin.getByTestId("admin-withdrawal").filter({ hasText: formatPrice(seller.amount) })).toHaveCount(0);
    await admin.context().close();

    // The seller sees it paid, with the reference, and archives it.
    await page.goto("/dashboard/seller/payments");
    const paid = page.getByTestId("withdrawal-row").filter({ hasText: formatPrice(seller.amount) });
    await expect(paid.getByTestId("withdrawal-status")).toHaveText("Pagado");
    await expect(paid.getByTestId("withdrawal-reference")).toHaveText(reference);
    await expect(page.getByTestId("request-sent")).toHaveCount(0);
    await expect(page.getByTestId("balance-withdrowAmount")).not.toHaveText(formatPrice(0));
    await paid.getByRole("button", { name: /^Archivar/ }).click();
    await expect(page.getByText("Retiro archivado exitosamente")).toBeVisible();
    await expect(page.getByTestId("withdrawal-row").filter({ hasText: formatPrice(seller.amount) })).toHaveCount(0);

    const filter = page.getByRole("form", { name: "Filtrar retiros" });
    await filter.getByLabel("Estado").selectOption("archivados");
    await filter.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/status=archivados/);
    await expect(page.getByTestId("withdrawal-row").filter({ hasText: formatPrice(seller.amount) })).toContainText(
      "Archivado",
    );
  });

  test("la administración comprueba que las cuentas de cada tienda cuadran", async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, ADMIN_EMAIL);
    await page.goto("/dashboard/admin");
    await page.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Cuentas" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Cuentas" })).toBeVisible();
    await expect(page.getByTestId("books-summary")).toHaveText("Todas las cuentas cuadran.");
    const shops = page.getByTestId("shop-books");
    expect(await shops.count()).toBeGreaterThanOrEqual(3);
    for (const difference of await page.getByTestId("shop-books-difference").allTextContents())
      expect(difference).toBe("Cuadra");
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);
  });
});
