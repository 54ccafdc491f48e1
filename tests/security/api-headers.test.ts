import type { AddressInfo } from "node:net";
import { io as connectSocket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, insertCatalogue, useTestApi, type Catalogue, type TestApi } from "../api/support";
import { signedInUser } from "../api/orders-support";

/**
 * Issue 9, item 6 (API): the API sent no security headers. @fastify/helmet now gives every answer a
 * strict CSP (it serves JSON and images only), no framing and no sniffing; images stay loadable by
 * the web on another origin (CORP cross-origin), HSTS comes only behind an https public address, and
 * socket.io (polling and WebSocket) keeps working.
 */
const CSP = "default-src 'none';frame-ancestors 'none'";

function expectStrictHeaders(headers: Record<string, unknown>) {
  expect(headers["content-security-policy"]).toBe(CSP);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("no-referrer");
}

describe("seguridad: cabeceras de la API", () => {
  const api = useTestApi();
  let secure: TestApi;
  let catalogue: Catalogue;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    secure = await createTestApi({ config: { publicApiUrl: "https://api.mercadopadel.example" } });
  });

  afterAll(async () => {
    await secure?.close();
  });

  it("una respuesta JSON, un rechazo y un 404 llevan CSP estricta, sin marcos ni rastreo de tipo, y solo del mismo origen", async () => {
    for (const url of [
      "/home/get-products",
      "/home/get-product/no-existe",
      "/ruta-que-no-existe",
      "/home/get-product/%00",
    ]) {
      const response = await api.app.inject({ method: "GET", url });
      expectStrictHeaders(response.headers);
      expect(response.headers["cross-origin-resource-policy"], url).toBe("same-origin");
    }
  });

  it("una imagen lleva las mismas cabeceras, pero se puede cargar desde otro origen (la web)", async () => {
    const imageId = catalogue.bySlug["pala-bullpadel-vertex-04"]!.imageIds[0]!;
    const response = await api.app.inject({ method: "GET", url: `/images/${imageId}/400.webp` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expectStrictHeaders(response.headers);
    expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
  });

  it("HSTS solo cuando la dirección pública de la API es https", async () => {
    expect(
      (await api.app.inject({ method: "GET", url: "/health" })).headers["strict-transport-security"],
    ).toBeUndefined();
    const response = await secure.app.inject({ method: "GET", url: "/health" });
    expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("socket.io sigue conectando, por WebSocket y por long polling", async () => {
    await api.app.listen({ host: "127.0.0.1", port: 0 });
    const url = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    const user = await signedInUser(api.db);
    const token = (await api.app.inject({ method: "POST", url: "/user/socket-token", headers: user.headers })).json()
      .token as string;
    for (const transport of ["websocket", "polling"] as const) {
      const socket = connectSocket(url, {
        auth: { token },
        transports: [transport],
        reconnection: false,
        forceNew: true,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once("connect", resolve);
          socket.once("connect_error", reject);
        });
        expect(socket.connected, transport).toBe(true);
      } finally {
        socket.disconnect();
      }
    }
  });
});
