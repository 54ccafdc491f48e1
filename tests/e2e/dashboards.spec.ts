import { expect, test, type TestInfo } from "./fixtures";
import { ADMIN_EMAIL, apiSignIn, DEMO_PASSWORD, formatPrice, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import {
  apiJson,
  customerOrdersThroughApi,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  payOrderByCardThroughApi,
  sellerWithProduct,
} from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 12, the seller's and the admin's dashboards, with JavaScript on and off: a new seller's
 * product is bought and paid; the seller's dashboard counts it (figures, chart, best sellers,
 * recent orders, the to-do) and changes period through plain links; the admin's dashboard shows the
 * store's figures as the API reads them and the to-do; both fit 360 px with their figures open and
 * axe finds nothing serious. Each project has a seller of its own, so its figures are exact. (A
 * customer's 403 page there: tests/http/role-gates.spec.ts.)
 */

/** The product's price, the shipping of one shop's part below the free-shipping threshold, and the 5 % commission. */
const PRICE = 2500;
const SHIPPING = 500;
const COMMISSION = 125;

/** A new customer who orders one unit and pays it with the test card; answers their e-mail and the order. */
async function customerPays(testInfo: TestInfo, productId: string) {
  const email = uniqueEmail(testInfo, "panel-cliente");
  const { token, orderId } = await customerOrdersThroughApi({ name: "Cliente del Panel", email, productId });
  await payOrderByCardThroughApi(token, orderId);
  return { email, orderId };
}

interface AdminFigures {
  totalSale: number;
  totalOrder: number;
  commission: number;
  couponDiscounts: number;
  todo: { shopRequests: number };
}

test.describe("paneles del vendedor y de la administración", () => {
  test("el vendedor ve la venta pagada en sus cifras, su gráfico, sus pedidos y sus tareas, y cambia de periodo sin JavaScript", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(120_000);
    const seller = await sellerWithProduct(testInfo, "panel");
    const customer = await customerPays(testInfo, seller.productId);
    const number = customer.orderId.slice(0, 8).toUpperCase();

    await signIn(page, seller.email, SHOPPER_PASSWORD);
    await page.goto("/dashboard/seller");
    await expect(page.getByRole("heading", { level: 1, name: "Panel de tu tienda" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Mi tienda" }).getByRole("link", { name: "Panel" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(
      page.getByRole("navigation", { name: "Periodo" }).getByRole("link", { name: "Últimos 30 días" }),
    ).toHaveAttribute("aria-current", "page");

    // The one paid order, exactly: its total, the commission on its products, the net.
    await expect(page.getByTestId("seller-total-sale")).toHaveText(formatPrice(PRICE + SHIPPING));
    await expect(page.getByTestId("seller-total-sale-comparacion")).toHaveText("Frente a 0 en los 30 días anteriores");
    await expect(page.getByTestId("seller-commission")).toHaveText(formatPrice(COMMISSION));
    await expect(page.getByTestId("seller-net")).toHaveText(formatPrice(PRICE + SHIPPING - COMMISSION));
    await expect(page.getByTestId("seller-total-order")).toHaveText("1");
    await expect(page.getByTestId("seller-pending-order")).toHaveText("1");
    await expect(page.getByTestId("seller-total-product")).toHaveText("1");
    const chart = page.getByRole("img", { name: /^Ventas por día del / });
    await expect(chart).toBeVisible();
    const paid = formatPrice(PRICE + SHIPPING).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await expect(chart).toHaveAccessibleName(
      new RegExp(`: ${paid} en 1 día con ventas; el mejor día fue el .+, con ${paid}\\.$`),
    );
    await expect(page.getByTestId("sales-table").locator("tbody tr")).toHaveCount(30);
    await expect(page.getByTestId("best-sellers")).toContainText(seller.productName);
    await expect(page.getByTestId("best-sellers")).toContainText("1 unidad");

    // The recent orders link to the order's page; the to-do says what to do and where.
    const recent = page.getByRole("region", { name: "Últimos pedidos" });
    await expect(recent.getByRole("link", { name: new RegExp(`#${number}$`) }).first()).toHaveAttribute(
      "href",
      /\/dashboard\/seller\/orders\/details\//,
    );
    const todo = page.getByRole("region", { name: "Qué hacer ahora" });
    await expect(todo.getByTestId("todo-low-stock")).toContainText(seller.productName);
    await expect(todo.getByTestId("todo-low-stock")).toContainText("9 unidades");
    await todo.getByRole("link", { name: "1 pedido pagado por preparar" }).click();
    await expect(page).toHaveURL(/\/dashboard\/seller\/orders\?status=pendiente$/);
    await expect(page.getByTestId("seller-orders-count")).toHaveText("1 pedido con estos filtros.");

    // A page of the area that fails keeps the area's menu: an order that is not the shop's is the 404 page there.
    const missing = await page.goto("/dashboard/seller/orders/details/00000000-0000-4000-8000-000000000000");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Oops! Página no encontrada");
    await expect(
      page.getByRole("navigation", { name: "Mi tienda" }).getByRole("link", { name: "Pedidos", exact: true }),
    ).toHaveAttribute("aria-current", "page");

    // Another period through a plain link: the address keeps it, the chart has its days.
    await page.goto("/dashboard/seller");
    await page.getByRole("navigation", { name: "Periodo" }).getByRole("link", { name: "Últimos 7 días" }).click();
    await expect(page).toHaveURL(/\/dashboard\/seller\?period=7$/);
    await expect(
      page.getByRole("navigation", { name: "Periodo" }).getByRole("link", { name: "Últimos 7 días" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("sales-table").locator("tbody tr")).toHaveCount(7);
    await expect(page.getByTestId("seller-total-sale")).toHaveText(formatPrice(PRICE + SHIPPING));
    await expect(page.getByTestId("seller-total-sale-comparacion")).toHaveText("Frente a 0 en los 7 días anteriores");

    // A phone: nothing scrolls sideways; axe finds nothing serious.
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(page);
    await page.getByText("Ver las cifras de cada día").click();
    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);
  });

  test("la administración aterriza en su panel con las cifras de la tienda y sus tareas", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(120_000);
    const seller = await sellerWithProduct(testInfo, "panel");
    await customerPays(testInfo, seller.productId);
    // Access tokens last seconds in these tests: each reading signs in afresh.
    const figures = async () => {
      const { token } = await apiSignIn(ADMIN_EMAIL, DEMO_PASSWORD);
      const { totalSale, totalOrder, commission, couponDiscounts, todo } = await apiJson<AdminFigures>(
        "/admin/get-dashboard-index-data?period=7",
        { token },
      );
      return { totalSale, totalOrder, commission, couponDiscounts, shopRequests: todo.shopRequests };
    };

    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
    // /dashboard is the admin's dashboard for an admin.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Administración" })).toBeVisible();

    // Other journeys sell at the same time: the page must show what the API reads while nothing moves.
    await expect
      .poll(
        async () => {
          const before = await figures();
          await page.goto("/dashboard/admin?period=7");
          const shown = {
            sale: await page.getByTestId("admin-total-sale").innerText(),
            orders: await page.getByTestId("admin-total-order").innerText(),
            commission: await page.getByTestId("admin-commission").innerText(),
            coupons: await page.getByTestId("admin-coupon-discounts").innerText(),
            requests: await page.getByTestId("admin-pending-total").innerText(),
          };
          const after = await figures();
          if (JSON.stringify(before) !== JSON.stringify(after)) return "las cifras cambiaron mientras se leían";
          expect(after.totalSale).toBeGreaterThanOrEqual(PRICE + SHIPPING);
          return (
            JSON.stringify(shown) ===
            JSON.stringify({
              sale: formatPrice(after.totalSale),
              orders: String(after.totalOrder),
              commission: formatPrice(after.commission),
              coupons: formatPrice(after.couponDiscounts),
              requests: String(after.shopRequests),
            })
          );
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    // The to-do links to where each thing is done.
    const todo = page.getByRole("region", { name: "Qué hacer ahora" });
    await expect(todo.getByRole("link", { name: /^(Revisar las? .*solicitud|Ver las solicitudes)/ })).toHaveAttribute(
      "href",
      "/dashboard/admin/shop-requests",
    );
    await expect(todo.getByTestId("todo-withdrawals")).toBeVisible();
    await expect(todo.getByTestId("todo-unprepared")).toContainText("sin preparar desde hace 48 horas o más");
    await expect(
      page
        .getByRole("region", { name: "Últimos pedidos" })
        .getByRole("link", { name: /^Pedido #/ })
        .first(),
    ).toHaveAttribute("href", /^\/dashboard\/admin\/orders\//);
    await expect(page.getByTestId("sales-table").locator("tbody tr")).toHaveCount(7);

    await expectNoSidewaysScroll(page);
    if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);
  });
});
