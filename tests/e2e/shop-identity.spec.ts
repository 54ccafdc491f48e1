import {
  IDENTITY_CHANGE_APPROVED,
  IDENTITY_CHANGE_REJECTED,
  IDENTITY_CHANGE_SENT,
  IDENTITY_CHANGE_WITHDRAWN,
} from "#contract/shop-identity";
import { RIF_TAKEN } from "#contract/shops";
import { expect, test, type Locator, type Page, type TestInfo } from "./fixtures";
import { ADMIN_EMAIL, apiSignIn, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import {
  apiJson,
  approvedSellerThroughApi,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  newProjectPage,
  png,
} from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 34, decision 0055: an approved shop asks to change its name or tax id on its profile page
 * (a wrong EIN refused beside its field, what was typed kept); the shop keeps its data meanwhile.
 * An admin finds the change under «Cambios de tiendas» (with its badge) and approves it: the shop's
 * public page, at the same address, shows the new name, and its request page keeps the history. A
 * rejection needs a reason, which the seller then reads on their profile. All at 360 px.
 */

const PHONE = { width: 360, height: 800 };

/** A fresh EIN (nine digits, written 12-3456789): the shops of the e2e store are American. */
const freshEin = () => `98-${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;

async function approvedShop(testInfo: TestInfo, label: string) {
  const email = uniqueEmail(testInfo, `identidad-${label}`);
  const shopName = `Tienda ${label} ${testInfo.project.name} ${Date.now().toString().slice(-6)}`;
  await approvedSellerThroughApi({ name: `Vendedora ${label}`, email, shopName, png: await png() });
  return { email, shopName };
}

/** The seller's profile page, at a phone's width, signed in. */
async function sellerProfile(page: Page, email: string) {
  await page.setViewportSize(PHONE);
  await signIn(page, email, SHOPPER_PASSWORD);
  await page.goto("/dashboard/seller/profile");
  return page.getByRole("region", { name: "Nombre e identificador fiscal" });
}

/** The admin's card of the change the shop `shopName` asked for, reached through the menu. */
async function adminChangeCard(page: Page, shopName: string) {
  await page.setViewportSize(PHONE);
  await signIn(page, ADMIN_EMAIL);
  await page.goto("/dashboard/admin");
  // The area's home says changes wait (this one at least).
  await expect(
    page.getByTestId("todo-shop-changes").getByRole("link", { name: /cambios? pendientes?$/ }),
  ).toBeVisible();
  await page
    .getByRole("navigation", { name: "Administración" })
    .getByRole("link", { name: /^Cambios de tiendas/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/shop-changes$/);
  return page.getByTestId("shop-change").filter({ hasText: shopName });
}

async function askForChange(card: Locator, change: { shopName: string; ein: string; reason?: string }) {
  await card.getByLabel("Nombre de la tienda").fill(change.shopName);
  await card.getByLabel("EIN").fill(change.ein);
  if (change.reason) await card.getByLabel("Motivo del cambio (opcional)").fill(change.reason);
  await card.getByRole("button", { name: "Pedir el cambio" }).click();
}

test.describe("cambio de nombre o identificador fiscal de una tienda", () => {
  test("el vendedor pide el cambio, el admin lo aprueba y la página de la tienda muestra el nombre nuevo", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { email, shopName } = await approvedShop(testInfo, "renombrada");
    const newName = `${shopName} Norte`;
    const ein = freshEin();

    const card = await sellerProfile(page, email);
    await expect(card.getByTestId("identity-name")).toHaveText(shopName);
    await askForChange(card, { shopName: newName, ein: "123", reason: "Abrimos una sede nueva." });
    await expect(card.getByText("Escribe un EIN válido: nueve cifras, como 12-3456789.")).toBeVisible();
    await expect(card.getByLabel("Nombre de la tienda")).toHaveValue(newName);
    await expect(card.getByLabel("Motivo del cambio (opcional)")).toHaveValue("Abrimos una sede nueva.");
    await card.getByLabel("EIN").fill(ein);
    await card.getByRole("button", { name: "Pedir el cambio" }).click();
    await expect(page.getByText(IDENTITY_CHANGE_SENT)).toBeVisible();
    await expect(card.getByTestId("identity-pending")).toBeVisible();
    // The shop keeps its name until an admin approves.
    await expect(card.getByTestId("identity-name")).toHaveText(shopName);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);

    const admin = await newProjectPage(browser, testInfo);
    const change = await adminChangeCard(admin, shopName);
    await expect(change.getByTestId("requested-value")).toHaveText([newName, ein]);
    await expect(change.getByText("Abrimos una sede nueva.")).toBeVisible();
    await expectNoSidewaysScroll(admin);
    await expectNoSeriousAxeViolations(admin, javaScriptEnabled);
    await change.getByRole("button", { name: /^Aprobar el cambio/ }).click();
    await expect(admin.getByText(IDENTITY_CHANGE_APPROVED)).toBeVisible();
    await expect(admin.getByTestId("shop-change").filter({ hasText: shopName })).toHaveCount(0);

    // The seller's page and the public page, at the address it always had, show the new name.
    await page.reload();
    await expect(card.getByTestId("identity-name")).toHaveText(newName);
    await expect(card.getByTestId("identity-rif")).toHaveText(ein);
    await page.getByRole("link", { name: `la página de ${newName}` }).click();
    await expect(page).toHaveURL(/\/tienda\/tienda-renombrada-/);
    await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible();

    // The admin reads the history on the shop's request page.
    await admin.goto("/dashboard/admin/shops");
    await admin.getByLabel("Nombre de la tienda").fill(newName);
    await admin.getByRole("button", { name: "Filtrar" }).click();
    await admin.getByRole("link", { name: newName, exact: true }).click();
    const history = admin.getByTestId("identity-change");
    await expect(history).toHaveCount(1);
    await expect(history.getByTestId("identity-decision")).toContainText("Aprobado por");
    await expectNoSidewaysScroll(admin);
  });

  test("un rechazo exige motivo y el vendedor lo lee; un cambio pendiente se puede retirar", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { email, shopName } = await approvedShop(testInfo, "rechazada");
    const card = await sellerProfile(page, email);
    const ein = freshEin();

    // Another shop's EIN is refused beside its field, what was typed kept.
    const other = await approvedShop(testInfo, "ocupada");
    const { token } = await apiSignIn(other.email);
    const { rif: takenEin } = await apiJson<{ rif: string }>("/seller/shop-identity", { token });
    await askForChange(card, { shopName: `${shopName} Bis`, ein: takenEin });
    await expect(card.getByText(RIF_TAKEN)).toBeVisible();
    await expect(card.getByLabel("Nombre de la tienda")).toHaveValue(`${shopName} Bis`);

    // Asked, then withdrawn: the form is back.
    await askForChange(card, { shopName: `${shopName} Bis`, ein });
    await expect(page.getByText(IDENTITY_CHANGE_SENT)).toBeVisible();
    await card.getByRole("button", { name: "Retirar el cambio" }).click();
    await expect(page.getByText(IDENTITY_CHANGE_WITHDRAWN)).toBeVisible();
    await askForChange(card, { shopName: `${shopName} Bis`, ein });
    await expect(page.getByText(IDENTITY_CHANGE_SENT)).toBeVisible();

    const admin = await newProjectPage(browser, testInfo);
    const change = await adminChangeCard(admin, shopName);
    await change.getByText("Rechazar el cambio…").click();
    await change.getByRole("button", { name: /^Rechazar/ }).click();
    await expect(change.getByText("Escribe el motivo del rechazo.")).toBeVisible();
    const reason = "El EIN no coincide con el certificado que enviaste.";
    await change.getByLabel("Motivo del rechazo").fill(reason);
    await change.getByRole("button", { name: /^Rechazar/ }).click();
    await expect(admin.getByText(IDENTITY_CHANGE_REJECTED)).toBeVisible();

    await page.reload();
    await expect(card.getByTestId("identity-rejected")).toHaveText(`Motivo: ${reason}`);
    await expect(card.getByTestId("identity-name")).toHaveText(shopName);
    await expect(card.getByRole("button", { name: "Pedir el cambio" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);
  });
});
