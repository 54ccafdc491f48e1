import { expect, test as base, type ConsoleMessage, type Page, type Route, type WebError } from "@playwright/test";
import { AFTER_FIRST_PAINT, HYDRATED } from "../../app/components/layout/after-first-paint";

export * from "@playwright/test";

/**
 * React's codes when the browser's render differs from the server's HTML (text, element, hydration),
 * or when hydration gave up ("Root did not complete", #345: an event answered mid-hydration).
 */
const HYDRATION_FAILURE = /Minified React error #(345|418|423|425)\b|Hydration failed|did not match|Root did not complete/;

/**
 * With JavaScript on, a page opened, reloaded or gone back to is handed to the test once React has
 * hydrated it. Its scripts start after the first paint (docs/decisions/0019), which on this machine
 * can come after the load event `goto` waits for, and until hydration ends the page answers events
 * as it does without scripts; a test acting in between would take the no-JavaScript path in the
 * JavaScript project. Pages without scripts are handed over at once.
 */
export function awaitScriptsOnLoad(page: Page): Page {
  const scriptsRunning = () =>
    page.waitForFunction(
      ({ heldType, hydrated }) => document.querySelector(`script[type="${heldType}"]`) === null || document.documentElement.hasAttribute(hydrated),
      { heldType: AFTER_FIRST_PAINT.type, hydrated: HYDRATED.attribute },
    );
  for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page["reload"]>;
    page[method] = (async (...args: unknown[]) => {
      const response = await navigate(...args);
      await scriptsRunning();
      return response;
    }) as never;
  }
  return page;
}

/**
 * Opens `url` with the page's scripts held back until `release` is called, to act as a shopper whose
 * phone is still fetching them. (Not `page.goto`: with JavaScript on it waits for them.)
 */
export async function openWithScriptsHeld(page: Page, url: string): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let holding = true;
  await page.route("**/assets/*.js", (route) => (holding ? held.push(route) : route.continue()));
  // Until the document is read: the held scripts, once asked for, keep its load event from coming.
  await page.mainFrame().goto(url, { waitUntil: "domcontentloaded" });
  return {
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/**
 * Every journey also checks that its pages hydrate: when React gives up on the server's HTML it still
 * renders the page anew, so nothing looks broken, yet the streamed HTML is thrown away (and once an
 * escaped <style> went unnoticed that way). Specs import `test` from here (eslint.config.js).
 */
export const test = base.extend<{ hydrationWatch: void }>({
  page: async ({ page, javaScriptEnabled }, handOver) => {
    await handOver(javaScriptEnabled ? awaitScriptsOnLoad(page) : page);
  },
  hydrationWatch: [
    async ({ context }, use) => {
      const failures: string[] = [];
      const onWebError = (webError: WebError) => {
        if (HYDRATION_FAILURE.test(webError.error().message)) failures.push(`${webError.page()?.url() ?? ""}: ${webError.error().message}`);
      };
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() === "error" && HYDRATION_FAILURE.test(message.text())) failures.push(`${message.page()?.url() ?? ""}: ${message.text()}`);
      };
      context.on("weberror", onWebError);
      context.on("console", onConsole);
      await use();
      context.off("weberror", onWebError);
      context.off("console", onConsole);
      expect(failures, "páginas que React no pudo hidratar").toEqual([]);
    },
    { auto: true },
  ],
});
