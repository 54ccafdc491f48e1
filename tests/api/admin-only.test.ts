import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN, UNAUTHORIZED } from "#contract/messages";
import { signedInUser, type Customer } from "./orders-support";
import { useTestApi } from "./support";

/**
 * Admin-only calls, proved: every route under /admin and the admin calls outside it answer 403
 * with the Spanish message to a seller and to a customer, and 401 without a token. The routes come
 * from the built app's OpenAPI document (made from every registered route, as in contract.test.ts),
 * so a new /admin route is checked the day it is registered. The app also carries one route
 * registered here without a guard, which the check must report: a forgotten guard cannot pass.
 * It runs on PGlite and on PostgreSQL 15, the database the store runs on in production.
 */

/** Admin calls whose path does not say so (SPEC.md section 7's paths). */
const ADMIN_CALLS_ELSEWHERE = [
  "GET /shop/pending-auth",
  "POST /shop/approved/{userId}",
  "POST /shop/request-changes/{userId}",
  "POST /category-add",
  "PUT /category-update/{categoryId}",
  "POST /payment/request-confirm",
  "POST /payment/request-reject",
];

const UNGUARDED = "GET /admin/ruta-sin-guardia";

for (const backend of ["PGlite", "PostgreSQL"] as const)
  describe(`llamadas solo para administradores (${backend})`, () => {
    // What a new admin screen's route looks like when its author forgets `adminOnly`.
    const api = useTestApi({
      engine: backend,
      extraRoutes: (app) => app.get(UNGUARDED.split(" ")[1]!, async () => ({ ok: true })),
    });
    let seller: Customer;
    let customer: Customer;
    let calls: string[];

    beforeAll(async () => {
      seller = await signedInUser(api.db, "seller");
      customer = await signedInUser(api.db, "customer");
      const document = (await api.app.inject({ method: "GET", url: "/openapi.json" })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      const registered = Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      );
      for (const call of ADMIN_CALLS_ELSEWHERE) expect(registered, call).toContain(call);
      calls = [...registered.filter((call) => call.split(" ")[1]!.startsWith("/admin")), ...ADMIN_CALLS_ELSEWHERE];
    });

    /** What a caller gets from one call when the path parameters are any valid id; each refusal that is not the expected one is reported. */
    async function refusalsMissing(call: string): Promise<string[]> {
      const [method, path] = call.split(" ") as ["GET" | "POST" | "PUT" | "PATCH" | "DELETE", string];
      const url = path.replace(/\{[^}]+\}/g, () => randomUUID());
      const missing: string[] = [];
      for (const [who, caller] of [
        ["vendedor", seller],
        ["cliente", customer],
      ] as const) {
        const response = await api.app.inject({
          method,
          url,
          headers: caller.headers,
        });
        if (response.statusCode !== 403 || response.json().message !== FORBIDDEN)
          missing.push(`${call} (${who}: ${response.statusCode})`);
      }
      const anonymous = await api.app.inject({ method, url });
      if (anonymous.statusCode !== 401 || anonymous.json().message !== UNAUTHORIZED)
        missing.push(`${call} (sin sesión: ${anonymous.statusCode})`);
      return missing;
    }

    it("cada ruta /admin y cada llamada de administración fuera de ella responde 403 a vendedores y clientes y 401 sin token", async () => {
      expect(calls.length).toBeGreaterThan(ADMIN_CALLS_ELSEWHERE.length + 8);
      expect(calls).toContain("PUT /admin/coupons/{code}");
      const missing: string[] = [];
      for (const call of calls) missing.push(...(await refusalsMissing(call)));
      // Only the route registered without a guard on purpose gets through.
      expect(missing).toEqual([
        `${UNGUARDED} (vendedor: 200)`,
        `${UNGUARDED} (cliente: 200)`,
        `${UNGUARDED} (sin sesión: 200)`,
      ]);
    });
  });
