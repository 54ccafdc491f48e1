import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { freePort } from "../support/free-port";

/**
 * Issue 31, item 9: with the API down, /documentos-tienda/{id} answered 503 with Remix's own body
 * for a resource route that throws, "Unexpected Server Error", in English. A resource route's
 * failure now gets the store's Spanish page, a 503 with Retry-After when the API was to blame.
 * Remix's request handler runs the real route module with the web's entry (handleError) and
 * finishResponse, as server.ts does.
 */

const DOCUMENT_ID = "0b9d7f0e-6f43-4c1e-9a43-2d8f1c3b7a10";
const BROKEN_ID = "5a1c2e3f-4b5d-4e6f-8a7b-9c0d1e2f3a4b";

function accessToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ id: "6f1c1a52-3a4b-4c5d-8e9f-0a1b2c3d4e5f", role: "customer" })}.firma`;
}

describe("una ruta de recursos que falla responde en español", () => {
  const saved = process.env.API_URL;
  let failingApi: Server;
  let failingApiUrl: string;
  let downApiUrl: string;

  beforeAll(async () => {
    // An API that answers, but fails this document with a 500 of its own.
    failingApi = createServer((request, response) => {
      response.writeHead(request.url === `/shop/document/${BROKEN_ID}` ? 500 : 404, {
        "content-type": "application/json",
      });
      response.end(JSON.stringify({ message: "Error interno del servidor. Intenta de nuevo más tarde." }));
    });
    await new Promise<void>((resolve) => failingApi.listen(0, "127.0.0.1", resolve));
    failingApiUrl = `http://127.0.0.1:${(failingApi.address() as AddressInfo).port}`;
    // Nobody listens here: the API is down.
    downApiUrl = `http://127.0.0.1:${await freePort()}`;
  });

  afterAll(async () => {
    process.env.API_URL = saved;
    await new Promise((resolve) => failingApi.close(resolve));
  });

  // The web's error log (log.server.ts), read instead of printed.
  let logged: MockInstance<typeof console.error>;
  beforeEach(() => {
    logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());
  const loggedLines = () => logged.mock.calls.map((call) => String(call[0]));

  /** GET `path` as a signed-in customer through Remix and the web's entry, with the API at `apiUrl`. */
  async function get(apiUrl: string, path: string): Promise<Response> {
    process.env.API_URL = apiUrl;
    vi.resetModules();
    const { createRequestHandler } = await import("@remix-run/node");
    const entry = await import("~/entry.server");
    const root = await import("~/root");
    const shopDocument = await import("~/routes/shop-document");
    const build = {
      mode: "production",
      entry: { module: entry },
      routes: {
        root: { id: "root", path: "", module: root },
        "routes/shop-document": {
          id: "routes/shop-document",
          parentId: "root",
          path: "documentos-tienda/:documentId",
          module: shopDocument,
        },
      },
      assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "prueba" },
      publicPath: "/",
      assetsBuildDirectory: "",
      future: { v3_singleFetch: true },
      isSpaMode: false,
    } as unknown as ServerBuild;
    const handle = createRequestHandler(build, "production");
    const request = new Request(`http://127.0.0.1${path}`);
    const context: AppLoadContext = await entry.createRequestContext(request, {
      requestId: "prueba-recurso",
      cspNonce: "",
    });
    context.session.set("accessToken", accessToken());
    context.session.set("refreshToken", "refresco");
    const answered = await entry.withRequestId("prueba-recurso", () => handle(request, context));
    return entry.finishResponse(context, answered);
  }

  it("con la API caída, el documento es la página 503 en español con Retry-After", async () => {
    const response = await get(downApiUrl, `/documentos-tienda/${DOCUMENT_ID}`);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const page = await response.text();
    expect(page).toContain('<html lang="es">');
    expect(page).toContain("Intenta de nuevo en unos momentos.");
    expect(page).not.toContain("Unexpected");
    // Still the store's failure, in its log.
    expect(loggedLines()).toContain(`[web prueba-recurso] GET /documentos-tienda/${DOCUMENT_ID}`);
  });

  it("un fallo de la API que no es una caída es la página 500 en español", async () => {
    const response = await get(failingApiUrl, `/documentos-tienda/${BROKEN_ID}`);
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
    const page = await response.text();
    expect(page).toContain("Algo salió mal");
    expect(page).not.toContain("Unexpected");
  });

  it("un documento que no existe sigue siendo su página 404", async () => {
    const response = await get(failingApiUrl, `/documentos-tienda/${DOCUMENT_ID}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Documento no encontrado");
  });
});
