/** Debian's Chromium and the flags every browser run of ours uses (Playwright's tests, `npm run lighthouse`). */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * Playwright's tests drive Debian's headless shell (package chromium-headless-shell), the build
 * Playwright itself uses for headless runs: the same Blink and V8 without the desktop browser
 * around them, half the browser's CPU in the journeys (decision 0062). Lighthouse keeps the full one.
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
