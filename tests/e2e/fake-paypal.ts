import { startFakePayPal } from "../support/fake-paypal";

/** The fake PayPal of the end-to-end tests' second store, on FAKE_PAYPAL_PORT (playwright.config.ts). */
const paypal = await startFakePayPal({
  clientId: process.env.PAYPAL_CLIENT_ID!,
  clientSecret: process.env.PAYPAL_CLIENT_SECRET!,
  port: Number(process.env.FAKE_PAYPAL_PORT),
});
process.on("SIGTERM", () => void paypal.close().then(() => process.exit(0)));
