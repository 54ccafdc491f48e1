import { type IncomingMessage, type ServerResponse } from "node:http";
import type { AppLoadContext } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import { useFakeApi } from "../support/fake-api";

/**
 * The web's side of a shop request against a stand-in API (issue 10): a document is streamed from
 * the API to the browser with the account's token (refreshed once when the API made it stale), a
 * refusal is a page of its own, and after an approval made the token stale the very page that
 * refreshes it shows the new role in the layout's user.
 */

const USER_ID = "6f1c1a52-3a4b-4c5d-8e9f-0a1b2c3d4e5f";
const DOCUMENT_ID = "0b9d7f0e-6f43-4c1e-9a43-2d8f1c3b7a10";
const FORBIDDEN_ID = "5a1c2e3f-4b5d-4e6f-8a7b-9c0d1e2f3a4b";
const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(70_000, 0x20)]);

/** An access token as the web reads it (the signature is the API's business). */
function accessToken(role: string, serial: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ id: USER_ID, role, serial })}.firma`;
}
const STALE = accessToken("customer", "viejo");
const FRESH = accessToken("seller", "nuevo");

describe("la web y la solicitud de tienda", () => {
  const calls: string[] = [];

  function json(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  }

  function answer(request: IncomingMessage, response: ServerResponse) {
    const bearer = request.headers.authorization?.replace(/^Bearer /, "");
    const path = request.url ?? "";
    calls.push(`${request.method} ${path} ${bearer === FRESH ? "nuevo" : bearer === STALE ? "viejo" : "-"}`);
    if (path === "/refresh-token") return json(response, 200, { accessToken: FRESH, refreshToken: "refresco-2" });
    if (path === "/home/get-categorys") return json(response, 200, { categorys: [] });
    // The approval made every token issued before it stale (docs/decisions/0009).
    if (bearer !== FRESH) return json(response, 401, { message: "No autorizado." });
    if (path === `/home/product/get-counts/${USER_ID}`) {
      return json(response, 200, {
        card_product_count: 0,
        wishlist_count: 0,
        comparelist_count: 0,
        notification_count: 1,
      });
    }
    if (path === `/shop/document/${FORBIDDEN_ID}`)
      return json(response, 403, { message: "No tienes permiso para esta acción." });
    if (path === `/shop/document/${DOCUMENT_ID}`) {
      response.writeHead(200, {
        "content-type": "application/pdf",
        "content-disposition": 'attachment; filename="acta.pdf"',
        "content-length": String(PDF.length),
      });
      return response.end(PDF);
    }
    json(response, 404, { message: "No encontrado." });
  }

  useFakeApi(answer);

  beforeEach(() => {
    calls.length = 0;
  });

  /** A signed-in request's context whose access token the approval has made stale. */
  async function signedInRequest(url: string): Promise<{ request: Request; context: AppLoadContext }> {
    const { createRequestContext } = await import("~/services/context.server");
    const request = new Request(url);
    const context = await createRequestContext(request, { requestId: "prueba-tienda", cspNonce: "" });
    context.session.set("accessToken", STALE);
    context.session.set("refreshToken", "refresco-1");
    context.session.set("userName", "Marta");
    return { request, context };
  }

  it("el documento llega al navegador desde la API con su tipo y su nombre, sin caché, tras renovar el token", async () => {
    const { requireAccount } = await import("~/services/auth.server");
    const { shopDocumentResponse } = await import("~/services/shops.server");
    const args = await signedInRequest(`http://127.0.0.1/documentos-tienda/${DOCUMENT_ID}`);
    const response = await shopDocumentResponse(requireAccount(args), DOCUMENT_ID);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="acta.pdf"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    expect(calls).toEqual([
      `GET /shop/document/${DOCUMENT_ID} viejo`,
      "POST /refresh-token -",
      `GET /shop/document/${DOCUMENT_ID} nuevo`,
    ]);
    expect(args.context.session.get("accessToken")).toBe(FRESH);
  });

  it("un documento ajeno es la página 403 y un id que no es un id la 404, sin preguntar a la API", async () => {
    const { requireAccount } = await import("~/services/auth.server");
    const { shopDocumentResponse } = await import("~/services/shops.server");
    const args = await signedInRequest(`http://127.0.0.1/documentos-tienda/${FORBIDDEN_ID}`);
    const forbidden = await shopDocumentResponse(requireAccount(args), FORBIDDEN_ID);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).toContain("Sin permiso");
    calls.length = 0;
    const missing = await shopDocumentResponse(requireAccount(args), "../../admin");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Documento no encontrado.");
    expect(calls).toEqual([]);
  });

  it("tras la aprobación, la misma página que renueva el token muestra el rol de vendedor", async () => {
    const { loader } = await import("~/root");
    const args = await signedInRequest("http://127.0.0.1/dashboard");
    const result = (await loader({ ...args, params: {} })) as unknown as {
      data: { user: { role: string } | null; counts: { notifications: number } };
    };
    expect(result.data.counts.notifications).toBe(1);
    expect(result.data.user).toMatchObject({ id: USER_ID, role: "seller" });
  });
});
