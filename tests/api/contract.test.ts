import { beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "./support";

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/**
 * Every route the API registers declares the contract's schemas, its answer included, so an answer
 * never carries a field the contract does not name. The OpenAPI document lists every route (it is
 * made from the registered routes), so it is where this is checked.
 */
describe("contrato de la API", () => {
  const api = useTestApi();
  let document: { openapi: string; paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    const response = await api.app.inject({ method: "GET", url: "/openapi.json" });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });

  it("GET /openapi.json describe la API en OpenAPI 3", () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).length).toBeGreaterThan(50);
    expect(document.paths["/trial-class/booking"]?.post?.responses["201"]).toBeDefined();
  });

  it("cada ruta declara el esquema de su respuesta y el de sus errores", () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const success = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
        const declared =
          success.length > 0 &&
          success.every(([, answer]) => answer.content?.["application/json"]?.schema !== undefined);
        const refusals = operation.responses["4XX"] ?? operation.responses["4xx"];
        if (!declared || !refusals) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
