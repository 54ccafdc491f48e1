import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "#contract/http";
import { REFERENCE_CSP } from "../../api/src/reference";
import { createTestApi, type TestApi } from "./support";

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
}

interface Reference {
  info: { description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** The routes every instance has beside the contract's (app.ts). */
const SERVICE_CALLS = ["GET /health", "GET /ready", "GET /openapi.json"];

/** Every call of the document that lacks a summary, a description or a described section. */
function undescribed(reference: Reference): string[] {
  const sections = new Map((reference.tags ?? []).map((tag) => [tag.name, tag.description?.trim() ?? ""]));
  const missing: string[] = [];
  for (const [url, operations] of Object.entries(reference.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tags = operation.tags ?? [];
      const described =
        Boolean(operation.summary?.trim()) &&
        Boolean(operation.description?.trim()) &&
        tags.length === 1 &&
        Boolean(sections.get(tags[0]!));
      if (!described) missing.push(`${method.toUpperCase()} ${url}`);
    }
  }
  return missing;
}

/** Every endpoint the contract declares, as the document names it: `GET /home/get-product/{slug}`. */
async function contractCalls(): Promise<string[]> {
  const folder = path.resolve(import.meta.dirname, "../../contract");
  const calls: string[] = [];
  for (const file of (await readdir(folder)).filter((name) => name.endsWith(".ts"))) {
    const exported = (await import(path.join(folder, file))) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      if (typeof value !== "object" || value === null) continue;
      for (const candidate of Object.values(value)) {
        const call = candidate as Partial<Endpoint> | null;
        if (typeof call?.method === "string" && typeof call.path === "string" && call.answer !== undefined)
          calls.push(`${call.method} ${call.path.replace(/:([A-Za-z]+)/g, "{$1}")}`);
      }
    }
  }
  return [...new Set(calls)];
}

function callsOf(reference: Reference): string[] {
  return Object.entries(reference.paths).flatMap(([url, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`),
  );
}

/**
 * The API reference (GET /openapi.json, browsable at /docs) lists every call the API answers, each
 * with its words: what README.md used to say about it now lives there, so a call without them is a
 * call nobody can learn from.
 */
describe("referencia de la API", () => {
  let api: TestApi;
  let reference: Reference;

  beforeAll(async () => {
    api = await createTestApi();
    const response = await api.app.inject({ method: "GET", url: "/openapi.json" });
    expect(response.statusCode).toBe(200);
    reference = response.json();
  });

  afterAll(() => api.close());

  it("lista cada llamada del contrato y ninguna más, salvo las del servicio", async () => {
    const expected = [...(await contractCalls()), ...SERVICE_CALLS].sort();
    expect(expected.length).toBeGreaterThan(100);
    expect(callsOf(reference).sort()).toEqual(expected);
  });

  it("cada llamada tiene resumen, descripción y una sección descrita", () => {
    expect(reference.info.description).toMatch(/docs\/api\/limits\.md/);
    expect(reference.tags?.length).toBeGreaterThan(20);
    expect(undescribed(reference)).toEqual([]);
  });

  it("una ruta registrada sin descripción se ve en el documento y la prueba la señala", async () => {
    const careless = await createTestApi({
      extraRoutes: (app) => app.get("/sin-descripcion", async () => ({ ok: true })),
    });
    try {
      const document: Reference = (await careless.app.inject({ method: "GET", url: "/openapi.json" })).json();
      expect(undescribed(document)).toEqual(["GET /sin-descripcion"]);
    } finally {
      await careless.close();
    }
  });

  it("/docs muestra la referencia con Swagger UI y solo ahí se relaja la CSP", async () => {
    const page = await api.app.inject({ method: "GET", url: "/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="swagger-ui">');
    expect(page.headers["content-security-policy"]).toBe(REFERENCE_CSP);

    const script = await api.app.inject({ method: "GET", url: "/docs/static/swagger-ui-bundle.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toMatch(/javascript/);
    const document = await api.app.inject({ method: "GET", url: "/docs/json" });
    expect(document.json()).toEqual(reference);

    // Every other answer keeps the API's own policy: nothing may run.
    const elsewhere = await api.app.inject({ method: "GET", url: "/openapi.json" });
    expect(elsewhere.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
  });
});
