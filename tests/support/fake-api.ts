import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, vi } from "vitest";

/**
 * A stand-in API for tests of the web's server code: an HTTP server on a free loopback port that
 * `API_URL` points at while the calling file's tests run. The web reads `API_URL` when its modules
 * load, so they are loaded afresh (`vi.resetModules`): import them inside the tests.
 */
export function useFakeApi(answer: RequestListener): void {
  const saved = process.env.API_URL;
  let server: Server;
  beforeAll(async () => {
    server = createServer(answer);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    vi.resetModules();
  });
  afterAll(async () => {
    process.env.API_URL = saved;
    await new Promise((resolve) => server.close(resolve));
  });
}
