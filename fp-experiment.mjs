import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
for (const block of [false, true, false, true]) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  if (block) await page.route("**/assets/*.js", (route) => route.abort());
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(base + "/", { waitUntil: "load" });
  await page.waitForTimeout(1500);
  const t = await page.evaluate(() => {
    const paints = Object.fromEntries(performance.getEntriesByType("paint").map((e) => [e.name, Math.round(e.startTime)]));
    const nav = performance.getEntriesByType("navigation")[0];
    const lcp = new Promise((r) => new PerformanceObserver((l) => r(Math.round(l.getEntries().at(-1).startTime))).observe({ type: "largest-contentful-paint", buffered: true }));
    return lcp.then((l) => ({ ...paints, lcp: l, dcl: Math.round(nav.domContentLoadedEventEnd), responseEnd: Math.round(nav.responseEnd) }));
  });
  console.log(block ? "sin scripts" : "con scripts", JSON.stringify(t));
  await context.close();
}
await browser.close();
