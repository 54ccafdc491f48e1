import { expect, test as base, type ConsoleMessage, type WebError } from "@playwright/test";

export * from "@playwright/test";

/** React's codes when the browser's render differs from the server's HTML (text, element, hydration). */
const HYDRATION_FAILURE = /Minified React error #(418|423|425)\b|Hydration failed|did not match/;

/**
 * Every journey also checks that its pages hydrate: when React gives up on the server's HTML it still
 * renders the page anew, so nothing looks broken, yet the streamed HTML is thrown away (and once an
 * escaped <style> went unnoticed that way). Specs import `test` from here (eslint.config.js).
 */
export const test = base.extend<{ hydrationWatch: void }>({
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
