import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type Response } from "./fixtures";
import { adminMovesOrder, buyAndPay, plentifulProduct, TRACKING_NUMBER } from "./orders-support";
import { headerLink, uniqueEmail } from "./support";
import { registerAndSignIn } from "./sessions";

const SCREEN = "/dashboard/system-notifications";

/** The header's bell: a link without JavaScript, the live bell's toggle with it. */
function bell(page: Page, javaScriptEnabled: boolean, count?: number) {
  if (!javaScriptEnabled) return headerLink(page, "Notificaciones", count);
  return page
    .getByRole("banner")
    .getByRole("button", { name: count ? `Notificaciones, ${count}` : "Notificaciones", exact: true });
}

test.describe("notificaciones", () => {
  test("un cliente pagina, marca como leídas y elimina sus notificaciones", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "avisos");
    await registerAndSignIn(page, { name: "Nora Notificada", email, redirectTo: SCREEN });
    await expect(page.getByRole("heading", { name: "Notificaciones del Sistema" })).toBeVisible();
    await expect(page.getByText("No hay notificaciones nuevas.")).toBeVisible();

    // Two paid orders, each moved twice: 2 × (pago + 2 estados) = 6 notifications.
    for (let order = 0; order < 2; order++) {
      const orderId = await buyAndPay(email, await plentifulProduct());
      await adminMovesOrder(orderId, "procesando");
      await adminMovesOrder(orderId, "enviado");
    }

    await page.goto(SCREEN);
    await expect(bell(page, javaScriptEnabled, 6)).toBeVisible();
    const items = page.getByTestId("notification");
    await expect(items).toHaveCount(5);
    await expect(page.getByText("Página 1 de 2")).toBeVisible();
    await expect(items.first().locator("p").first()).toHaveText(
      new RegExp(`^Tu pedido #[0-9A-F]{8} está ahora «Enviado»\\. Número de seguimiento: ${TRACKING_NUMBER}\\.$`),
    );
    await expect(items.first().getByRole("link", { name: /^#[0-9A-F]{8}$/ })).toHaveAttribute(
      "href",
      /^\/dashboard\/order\/details\/[0-9a-f-]{36}$/,
    );
    // On the first page 'Anterior' is there but leads nowhere.
    await expect(page.getByRole("link", { name: "Anterior" })).toHaveAttribute("aria-disabled", "true");
    await expect(items.first()).toContainText(/Tipo:\s*Pedido/);
    await expect(items.first()).toContainText(/Fecha:\s*\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    await expect(items.first()).toHaveAttribute("data-read", "false");

    await page.getByRole("link", { name: "Siguiente" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByText("Página 2 de 2")).toBeVisible();
    await expect(items).toHaveCount(1);
    // The oldest one is the first payment.
    await expect(items.first()).toContainText(/Pago confirmado del pedido #[0-9A-F]{8}\./);
    await expect(items.first()).toContainText(/Tipo:\s*Pago/);
    await expect(page.getByRole("link", { name: "Siguiente" })).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("link", { name: "Siguiente" })).not.toHaveAttribute("href");

    await page.getByRole("link", { name: "Anterior" }).click();
    await expect(page.getByText("Página 1 de 2")).toBeVisible();

    // A load the API refuses shows its message after 'Error: '.
    await page.goto(`${SCREEN}?page=1e20`);
    await expect(page.getByRole("alert")).toHaveText("Error: La página no es válida.");
    await page.goto(SCREEN);

    // Marking one read changes its look, the flash confirms it and the bell counts one less.
    const newest = items.first();
    const newestText = (await newest.locator("p").first().textContent())!;
    await newest.getByRole("button", { name: "Marcar como leída" }).click();
    await expect(page.getByText("Notificación marcada como leída.")).toBeVisible();
    await expect(items.first()).toHaveAttribute("data-read", "true");
    await expect(items.first()).toContainText("Leída");
    await expect(items.first().getByRole("button", { name: "Marcar como leída" })).toHaveCount(0);
    await expect(bell(page, javaScriptEnabled, 5)).toBeVisible();
    if (javaScriptEnabled) {
      // The live bell lists the unread ones only: the one just read is gone from it too.
      await bell(page, true, 5).click();
      await expect(page.getByTestId("live-notification")).toHaveCount(5);
      await expect(page.getByTestId("live-notification").filter({ hasText: newestText })).toHaveCount(0);
      await page.keyboard.press("Escape");
    }

    // Deleting it leaves five: one page.
    await items.first().getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByText("Notificación eliminada.")).toBeVisible();
    await expect(page.getByText("Página 1 de 1")).toBeVisible();
    await expect(items).toHaveCount(5);
    await expect(page.getByText(newestText, { exact: true })).toHaveCount(0);
    await expect(bell(page, javaScriptEnabled, 5)).toBeVisible();

    if (javaScriptEnabled) {
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter(
        (violation) => violation.impact === "serious" || violation.impact === "critical",
      );
      expect(
        serious.map(
          (violation) => `${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        ),
      ).toEqual([]);
    }
  });

  test("con JavaScript, un cambio de estado aparece en la campana sin recargar", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.skip(
      !javaScriptEnabled,
      "las notificaciones en vivo necesitan JavaScript; sin él la campana es un enlace con el número",
    );
    const email = uniqueEmail(testInfo, "campana");
    await registerAndSignIn(page, { name: "Nora Notificada", email, redirectTo: "/products" });
    const orderId = await buyAndPay(email, await plentifulProduct());

    // The live connection's socket, to see logout close it.
    const socketClosed = new Promise<void>((resolve) => {
      page.on("websocket", (socket) => {
        if (socket.url().includes("/socket.io/")) socket.on("close", () => resolve());
      });
    });
    await page.goto("/products");
    const toggle = bell(page, true, 1);
    await expect(toggle).toBeVisible();
    await toggle.click();
    const panel = page.getByRole("list", { name: "Notificaciones nuevas" });
    await expect(panel.getByTestId("live-notification")).toHaveCount(1);
    await expect(panel).toContainText(/Pago confirmado del pedido #[0-9A-F]{8}\./);

    // Nothing reloads the page from here on: this marker would vanish with it.
    await page.evaluate(() => Object.assign(window, { sinRecargar: true }));
    await adminMovesOrder(orderId, "procesando");
    await expect(bell(page, true, 2)).toBeVisible();
    await expect(panel.getByTestId("live-notification").first()).toContainText(
      /Tu pedido #[0-9A-F]{8} está ahora «En preparación»\./,
    );
    await adminMovesOrder(orderId, "enviado");
    await expect(bell(page, true, 3)).toBeVisible();
    await expect(panel.getByTestId("live-notification")).toHaveCount(3);
    expect(await page.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar)).toBe(true);
    const { violations } = await new AxeBuilder({ page }).include("header").analyze();
    const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(
      serious.map((violation) => `${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
    ).toEqual([]);

    // Escape folds the list and gives the focus back to the bell.
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(bell(page, true, 3)).toBeFocused();
    await bell(page, true, 3).press("Enter");
    await expect(panel).toBeVisible();

    // Each item is dismissed by a click (and marked read); then the empty text shows.
    for (let remaining = 3; remaining > 0; remaining--) {
      // Each answer is awaited: a page opened while one is still refreshing the session would
      // present the same refresh token at once, which ends the session.
      const marked = page.waitForResponse(
        (response) => response.url().endsWith("/live-notifications") && response.request().method() === "POST",
      );
      await panel.getByTestId("live-notification").first().click();
      expect((await marked).status()).toBe(200);
      await expect(page.getByTestId("live-notification")).toHaveCount(remaining - 1);
    }
    await expect(page.getByText("No hay notificaciones nuevas", { exact: true })).toBeVisible();
    await expect(bell(page, true)).toBeVisible();

    // Dismissed ones were marked read on the server: the screen shows them read.
    // The bell's first reload is awaited too: signing out while a background call is refreshing the
    // session lets its rotated tokens arrive after the sign-out. The API refuses them (the session is
    // revoked), so the next page would end at /login?session=expired rather than at /login.
    const bellReloaded = page.waitForResponse(
      (response) => response.url().endsWith("/live-notifications") && response.request().method() === "GET",
    );
    await page.goto(SCREEN);
    await expect(page.getByTestId("notification")).toHaveCount(3);
    await expect(page.locator('[data-testid="notification"][data-read="false"]')).toHaveCount(0);
    expect((await bellReloaded).status()).toBe(200);

    // Signing out closes the live connection.
    await page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await socketClosed;
    await expect(headerLink(page, "Notificaciones")).toBeVisible();
  });

  /** Proxies that let plain HTTP through but not WebSockets, as the page's WebSocket meets them. */
  const proxiesWithoutWebSockets = [
    {
      name: "rechaza",
      // A failed handshake moves on to long-polling at once: nothing to remember.
      laterPagesStartWithPolling: false,
      // Every handshake fails: it reaches a path the API upgrades nothing on, and the API closes it.
      refuseWebSockets: () => {
        const NativeWebSocket = window.WebSocket;
        window.WebSocket = class extends NativeWebSocket {
          constructor(url: string | URL, protocols?: string | string[]) {
            super(String(url).replace("/socket.io/", "/sin-websocket/"), protocols);
          }
        };
      },
    },
    {
      name: "retiene",
      laterPagesStartWithPolling: true,
      // Every handshake hangs: the socket never opens nor fails, so only socket.io's connection
      // timeout (20 s) ends the attempt.
      refuseWebSockets: () => {
        window.WebSocket = class {
          readyState = 0;
          send() {}
          close() {}
        } as unknown as typeof WebSocket;
      },
    },
  ];

  for (const proxy of proxiesWithoutWebSockets)
    test(`con JavaScript y una red que ${proxy.name} los WebSocket, la campana sigue en vivo por long polling`, async ({
      page,
      javaScriptEnabled,
    }, testInfo) => {
      test.skip(!javaScriptEnabled, "las notificaciones en vivo necesitan JavaScript");
      test.setTimeout(90_000);
      await page.addInitScript(proxy.refuseWebSockets);
      const email = uniqueEmail(testInfo, "sin-websocket");
      await registerAndSignIn(page, { name: "Sara Sinsocket", email, redirectTo: "/products" });
      const orderId = await buyAndPay(email, await plentifulProduct());

      const polling = (response: Response) =>
        /\/socket\.io\/\?.*transport=polling/.test(response.url()) && response.status() === 200;
      const polled = page.waitForResponse(polling, { timeout: 45_000 });
      await page.goto("/products");
      await polled;
      await expect(bell(page, true, 1)).toBeVisible();
      await page.evaluate(() => Object.assign(window, { sinRecargar: true }));
      await adminMovesOrder(orderId, "procesando");
      await expect(bell(page, true, 2)).toBeVisible();
      await bell(page, true, 2).click();
      await expect(
        page.getByRole("list", { name: "Notificaciones nuevas" }).getByTestId("live-notification").first(),
      ).toContainText(/Tu pedido #[0-9A-F]{8} está ahora «En preparación»\./);
      expect(await page.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar)).toBe(true);

      if (proxy.laterPagesStartWithPolling) {
        // The tab remembers: a new page polls at once instead of waiting out the 20 s timeout again.
        const polledAtOnce = page.waitForResponse(polling, { timeout: 10_000 });
        await page.reload();
        await polledAtOnce;
        await expect(bell(page, true, 2)).toBeVisible();
      }
    });
});
