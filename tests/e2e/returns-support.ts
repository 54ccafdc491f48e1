import { expect, type Page, type TestInfo } from "@playwright/test";
import { TRACKING_NUMBER } from "./orders-support";
import {
  apiJson,
  customerOrdersThroughApi,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  sellerWithProduct,
} from "./seller-support";
import { ADMIN_EMAIL, apiSignIn, apiUrl, DEMO_PASSWORD, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import { signIn } from "./sessions";

/** Set-up and steps the returns' journeys share (returns.spec.ts, returns-admin.spec.ts). */

/**
 * A new seller's product bought by a new customer, paid from the wallet, shipped and received, in
 * the store of `api` (the main one unless told): the order and part.
 */
export async function deliveredSale(testInfo: TestInfo, label: string, api = apiUrl) {
  const seller = await sellerWithProduct(testInfo, label, api);
  const email = uniqueEmail(testInfo, `${label}-cliente`);
  const customer = await customerOrdersThroughApi({
    name: "Carmen Devuelve",
    email,
    productId: seller.productId,
    api,
  });
  // Access tokens live 4 s in the e2e stores (playwright.config.ts): each step signs in afresh.
  const customerToken = async () => (await apiSignIn(email, SHOPPER_PASSWORD, api)).token;
  // A voucher of its own pays the order from the wallet.
  const admin = await apiSignIn(ADMIN_EMAIL, DEMO_PASSWORD, api);
  // Unique per journey and project: both journeys of a project may run at the same moment.
  const code =
    `D${label.slice(0, 3)}-${Date.now().toString(36)}-${testInfo.project.name === "js-off" ? "B" : "A"}`.toUpperCase();
  await apiJson("/admin/vouchers", {
    method: "POST",
    token: admin.token,
    body: JSON.stringify({ code, amount: 10_000, expiresOn: "2099-12-31" }),
    api,
  });
  await apiJson("/wallet/voucher/redeem", {
    method: "POST",
    token: await customerToken(),
    body: JSON.stringify({ code }),
    api,
  });
  await apiJson("/payment/wallet", {
    method: "POST",
    token: await customerToken(),
    body: JSON.stringify({ orderId: customer.orderId }),
    api,
  });
  const { order } = await apiJson<{ order: { suborders: { _id: string }[] } }>(
    `/home/customer/get-order/${customer.orderId}`,
    { token: await customerToken(), api },
  );
  const partId = order.suborders[0]!._id;
  const sellerSession = await apiSignIn(seller.email, SHOPPER_PASSWORD, api);
  await apiJson(`/seller/order-status/update/${partId}`, {
    method: "PUT",
    token: sellerSession.token,
    body: JSON.stringify({ status: "enviado", trackingNumber: TRACKING_NUMBER }),
    api,
  });
  await apiJson(`/home/customer/order-received/${partId}`, {
    method: "POST",
    token: await customerToken(),
    api,
  });
  return { seller, email, orderId: customer.orderId, partId };
}

/** The customer asks to return the one unit, with a reason, on the order's page at 360 px (in the store of `api`). */
export async function askForReturn(
  page: Page,
  email: string,
  orderId: string,
  javaScriptEnabled: boolean,
  api = apiUrl,
) {
  await signIn(page, email, SHOPPER_PASSWORD, { api });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/dashboard/order/details/${orderId}`);
  const returns = page.getByTestId("order-returns");
  await expect(returns.getByRole("heading", { name: "Devoluciones" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);

  // Nothing chosen: the API's refusal above the form, the reason kept.
  await returns.getByLabel("¿Por qué lo devuelves?").fill("Me llegó un bote abierto.");
  await returns.getByRole("button", { name: "Devolver productos" }).click();
  await expect(page.getByText("Indica cuántas unidades devuelves de al menos un producto.")).toBeVisible();
  await expect(page.getByTestId("order-returns").getByLabel("¿Por qué lo devuelves?")).toHaveValue(
    "Me llegó un bote abierto.",
  );

  await page.getByTestId("order-returns").getByRole("spinbutton").fill("1");
  await page.getByTestId("order-returns").getByRole("button", { name: "Devolver productos" }).click();
  await expect(
    page.getByText("Solicitud de devolución enviada: la tienda te dirá cómo devolver los productos."),
  ).toBeVisible();
  await expect(page.getByTestId("order-return")).toContainText("Solicitada");
  await expect(page.getByTestId("order-returns").getByRole("button", { name: "Devolver productos" })).toHaveCount(0);
}
