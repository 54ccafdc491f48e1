import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from "./scripts/chromium.mjs";
import { E2E_JWT_SECRET, E2E_SESSION_SECRET } from "./tests/e2e/store-secrets";

/**
 * End-to-end tests run the built API and web on a fresh database, every journey once with
 * JavaScript on and once with it off. Workers inherit E2E_DATA_DIR, so it is made only once.
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "mp-e2e-"));
const apiPort = Number(process.env.E2E_API_PORT || 4310);
const webPort = Number(process.env.E2E_WEB_PORT || 3310);
const fakeGooglePort = Number(process.env.E2E_FAKE_GOOGLE_PORT || 4390);
const apiUrl = `http://127.0.0.1:${apiPort}`;
const webUrl = `http://127.0.0.1:${webPort}`;
const fakeGoogleUrl = `http://127.0.0.1:${fakeGooglePort}`;
// Short, so the tests walk through token refreshes and expired sessions for real; workers inherit it.
process.env.E2E_ACCESS_TOKEN_TTL_SECONDS ??= "4";
const serverEnv = {
  DATA_DIR: process.env.E2E_DATA_DIR,
  API_HOST: "127.0.0.1",
  API_PORT: String(apiPort),
  API_URL: apiUrl,
  PUBLIC_API_URL: apiUrl,
  PUBLIC_WEB_URL: webUrl,
  HOST: "127.0.0.1",
  PORT: String(webPort),
  NODE_ENV: "production",
  // The web checks every API answer against the contract, as in development.
  CHECK_API_ANSWERS: "1",
  SESSION_SECRET: E2E_SESSION_SECRET,
  JWT_SECRET: E2E_JWT_SECRET,
  ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TOKEN_TTL_SECONDS,
  // Every browser and test call comes from 127.0.0.1: the specs register 23 accounts per project
  // (46 a run), past the default of 30 an hour per address; the sellers' journeys upload about 40
  // files per project (shop documents, logos, product photos), past the 60 an hour per address.
  // The other limits are not reached.
  RATE_LIMIT_REGISTER_PER_ADDRESS: "200",
  RATE_LIMIT_UPLOAD_PER_ADDRESS: "300",
  // Google sign-in against tests/e2e/fake-google.ts, for the web and the API alike.
  GOOGLE_CLIENT_ID: "e2e-google-client",
  GOOGLE_CLIENT_SECRET: "e2e-google-secret",
  GOOGLE_AUTHORIZATION_URL: `${fakeGoogleUrl}/authorize`,
  GOOGLE_TOKEN_URL: `${fakeGoogleUrl}/token`,
  GOOGLE_USERINFO_URL: `${fakeGoogleUrl}/userinfo`,
  GOOGLE_TOKENINFO_URL: `${fakeGoogleUrl}/tokeninfo`,
  FAKE_GOOGLE_PORT: String(fakeGooglePort),
};

/**
 * A second store with PayPal credentials, against tests/e2e/fake-paypal.ts: with credentials the
 * store pays through PayPal instead of the test card, so that journey needs its own API and web.
 * Its shops have no time to answer a return before an admin may (the admin's journey of returns).
 */
process.env.E2E_PAYPAL_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "mp-e2e-paypal-"));
const paypalApiPort = Number(process.env.E2E_PAYPAL_API_PORT || 4311);
const paypalWebPort = Number(process.env.E2E_PAYPAL_WEB_PORT || 3311);
const fakePayPalPort = Number(process.env.E2E_FAKE_PAYPAL_PORT || 4391);
const paypalApiUrl = `http://127.0.0.1:${paypalApiPort}`;
const paypalWebUrl = `http://127.0.0.1:${paypalWebPort}`;
const paypalServerEnv = {
  ...serverEnv,
  DATA_DIR: process.env.E2E_PAYPAL_DATA_DIR,
  API_PORT: String(paypalApiPort),
  API_URL: paypalApiUrl,
  PUBLIC_API_URL: paypalApiUrl,
  PUBLIC_WEB_URL: paypalWebUrl,
  PORT: String(paypalWebPort),
  PAYPAL_CLIENT_ID: "e2e-paypal-client",
  PAYPAL_CLIENT_SECRET: "e2e-paypal-secret",
  PAYPAL_API_URL: `http://127.0.0.1:${fakePayPalPort}`,
  FAKE_PAYPAL_PORT: String(fakePayPalPort),
  // An admin may answer a return, and mark an accepted one received, in the shop's place at once:
  // tests/e2e/returns-admin.spec.ts walks it; no other journey has returns in this store.
  RETURN_SELLER_ANSWER_DAYS: "0",
};

/** The page sweep runs in the project that runs once, not in both JavaScript projects. */
const SWEEP = /tests\/e2e\/sweep\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // No retries: a test that fails once is a bug to find, not noise to retry away.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: "list",
  use: {
    baseURL: webUrl,
    locale: "es-ES",
    // E2E_TRACE=1 keeps the page's DOM at each step of a test that fails. Off by default: recording
    // it costs every test, passing or not, about a twelfth of the run's CPU (decision 0062), and a
    // failure already writes the page's last state (error-context.md). No screenshots ever: their
    // screencast cost a tenth of the browser's CPU (issue 30).
    trace: { mode: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off", screenshots: false },
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [
    { name: "js-on", testDir: "tests/e2e", testIgnore: SWEEP, use: { javaScriptEnabled: true } },
    { name: "js-off", testDir: "tests/e2e", testIgnore: SWEEP, use: { javaScriptEnabled: false } },
    // Issue 30: what needs no second run, once: every screen at 360 px with axe, JavaScript on
    // (tests/e2e/sweep.spec.ts), and what HTTP alone answers, with no browser (tests/http: who may
    // open each screen, status pages, headers, documents without scripts).
    {
      name: "una-vez",
      testDir: "tests",
      testMatch: [SWEEP, /tests\/http\/.+\.spec\.ts$/],
      use: { javaScriptEnabled: true },
    },
    // Issue 29: what the build ships per page, read from its manifests, and two checks of what loads lazily, once.
    {
      name: "compilación",
      testDir: "tests/build",
      testMatch: /\.spec\.ts$/,
      use: { javaScriptEnabled: true },
    },
    // Issue 9's replays against a store of their own (tests/security/store.ts), once.
    {
      name: "seguridad",
      testDir: "tests/security",
      testMatch: /\.spec\.ts$/,
      timeout: 120_000,
      use: { javaScriptEnabled: true },
    },
    // Issue 13: two APIs and two webs on one PostgreSQL (tests/cluster/cluster.ts), once: infrastructure, not a journey.
    {
      name: "instancias",
      testDir: "tests/cluster",
      testMatch: /\.spec\.ts$/,
      timeout: 120_000,
      use: { javaScriptEnabled: true },
    },
    // The README's `npm start` and `npm run dev`, each started by its test (tests/startup), once: set-up, not a journey.
    {
      name: "arranque",
      testDir: "tests/startup",
      testMatch: /\.spec\.ts$/,
      timeout: 120_000,
      use: { javaScriptEnabled: true },
    },
  ],
  webServer: [
    {
      command: "npx tsx tests/e2e/fake-google.ts",
      url: `${fakeGoogleUrl}/health`,
      env: serverEnv,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: "node build/api/main.js",
      url: `${apiUrl}/health`,
      env: serverEnv,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: "node build/web/server.js",
      url: `${webUrl}/about`,
      env: serverEnv,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      command: "npx tsx tests/e2e/fake-paypal.ts",
      url: `http://127.0.0.1:${fakePayPalPort}/health`,
      env: paypalServerEnv,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: "node build/api/main.js",
      url: `${paypalApiUrl}/health`,
      env: paypalServerEnv,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: "node build/web/server.js",
      url: `${paypalWebUrl}/about`,
      env: paypalServerEnv,
      timeout: 60_000,
      reuseExistingServer: false,
    },
  ],
});
