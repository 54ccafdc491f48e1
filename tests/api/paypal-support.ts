import { afterAll, beforeAll } from "vitest";
import { startFakePayPal, type FakePayPal } from "../support/fake-paypal";
import { useTestApi, type FileApi } from "./support";

const CLIENT_ID = "cliente-de-prueba";
const CLIENT_SECRET = "secreto-de-prueba";

/** An API in PayPal mode against a fake PayPal of its own, started before it and closed after it. */
export function usePayPalTestApi(): { api: FileApi; readonly paypal: FakePayPal } {
  let paypal: FakePayPal | undefined;
  beforeAll(async () => {
    paypal = await startFakePayPal({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  });
  afterAll(async () => {
    await paypal?.close();
  });
  // The fake's address is known once it listens: the options are read in useTestApi's beforeAll.
  const api = useTestApi(() => ({
    config: { payments: { paypal: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, apiUrl: paypal!.url } } },
  }));
  return {
    api,
    get paypal() {
      if (!paypal) throw new Error("El PayPal de prueba aún no escucha: úsalo dentro de las pruebas.");
      return paypal;
    },
  };
}
