import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * The web's shared cache of anonymous pages (app/services/page-cache.server.ts, decision 0018)
 * against a fake API that states the catalogue generation: which pages it keeps, for how long,
 * with which nonce, and that a new generation draws them again.
 */
describe("la caché de páginas de la web", () => {
  let server: Server;
  let generation: string | null = "g1";
  const saved = process.env.API_URL;
  const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=30";

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url !== "/home/catalogue-generation" || generation === null) {
        response.writeHead(500, { "content-type": "application/json" });
        return response.end(JSON.stringify({ message: "Error interno del servidor. Intenta de nuevo más tarde." }));
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ generation }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    vi.resetModules();
  });

  afterEach(() => {
    generation = "g1";
    vi.useRealTimers();
  });

  afterAll(async () => {
    process.env.API_URL = saved;
    vi.resetModules();
    await new Promise((resolve) => server.close(resolve));
  });

  let requests = 0;
  /** A look-up for `path` as a visitor's browser asks for it, answered with `nonce` in its policy. */
  async function lookUp(path: string, nonce: string, init: RequestInit = {}) {
    const { sharedPage } = await import("~/services/page-cache.server");
    return sharedPage(new Request(`http://tienda.test${path}`, init), {
      requestId: `peticion-${++requests}`,
      cspNonce: nonce,
    });
  }

  const page = (nonce: string, headers: Record<string, string> = { "Cache-Control": PUBLIC }, status = 200) =>
    new Response(
      `<html><body><p>Palas</p><script nonce="${nonce}">window.a=1</script><script nonce="${nonce}" type="module">b()</script></body></html>`,
      {
        status,
        headers: { "content-type": "text/html; charset=utf-8", ...headers },
      },
    );

  /** Draws and offers the page for `path`; answers what the next visitor gets kept, if anything. */
  async function keptAfterDrawing(path: string, response: Response, failedCalls = 0) {
    const first = await lookUp(path, "primero");
    expect(first?.kept).toBeNull();
    const sent = await first!.keep(response, { failedCalls });
    expect(sent.status).toBe(response.status);
    return (await lookUp(path, "segundo"))?.kept ?? null;
  }

  it("guarda la página pública de un visitante y la da con el nonce de cada respuesta mientras la generación no cambia", async () => {
    const kept = await keptAfterDrawing("/products?category=palas", page("primero"));
    expect(kept).not.toBeNull();
    expect(kept!.headers.get("Age")).toBe("0");
    expect(kept!.headers.get("Cache-Control")).toBe(PUBLIC);
    const html = await kept!.text();
    expect(html.match(/nonce="segundo"/g)).toHaveLength(2);
    expect(html).not.toContain("primero");
    expect(html.replaceAll("segundo", "primero")).toBe(await page("primero").text());

    generation = "g2";
    expect((await lookUp("/products?category=palas", "tercero"))?.kept).toBeNull();
  });

  it("no guarda lo que es de alguien ni lo que salió mal", async () => {
    expect(await keptAfterDrawing("/privada", page("primero", { "Cache-Control": "private, no-store" }))).toBeNull();
    expect(
      await keptAfterDrawing("/con-cookie", page("primero", { "Cache-Control": PUBLIC, "Set-Cookie": "aviso=1" })),
    ).toBeNull();
    expect(
      await keptAfterDrawing("/sin-s-maxage", page("primero", { "Cache-Control": "public, no-cache" })),
    ).toBeNull();
    expect(await keptAfterDrawing("/no-existe", page("primero", { "Cache-Control": PUBLIC }, 404))).toBeNull();
    // A call failed while drawing (the footer's categories): shown once, not kept.
    expect(await keptAfterDrawing("/sin-categorias", page("primero"), 1)).toBeNull();
  });

  it("una petición con cookie, credenciales o que no es GET nunca usa la caché", async () => {
    expect(await keptAfterDrawing("/home", page("primero"))).not.toBeNull();
    expect(await lookUp("/home", "otro", { headers: { cookie: "__session=abc" } })).toBeNull();
    expect(await lookUp("/home", "otro", { headers: { authorization: "Bearer x" } })).toBeNull();
    expect(await lookUp("/home", "otro", { method: "POST", body: "intent=x" })).toBeNull();
  });

  it("deja de servir una página pasados sus s-maxage segundos", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:00:00Z"));
    expect(await keptAfterDrawing("/policy", page("primero"))).not.toBeNull();
    vi.setSystemTime(new Date("2026-11-24T10:00:59Z"));
    expect((await lookUp("/policy", "otro"))?.kept?.headers.get("Age")).toBe("59");
    vi.setSystemTime(new Date("2026-11-24T10:01:00Z"));
    expect((await lookUp("/policy", "otro"))?.kept).toBeNull();
  });

  it("si la API no dice su generación, la página se dibuja sin caché", async () => {
    generation = null;
    expect(await lookUp("/about", "uno")).toBeNull();
  });
});
