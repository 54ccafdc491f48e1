import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_TEXT } from "#contract/messages";
import { buildApp, type App } from "../../api/src/app";
import type { Database } from "../../api/src/db/client";
import { openTestDatabase } from "../support/databases";
import { insertCatalogue, testConfig, useTestApi, type TestApi } from "../api/support";
import { signedInUser, type Customer } from "../api/orders-support";

/**
 * Issue 9, item 9 (API): a NUL character (U+0000) in any text answered 500, PostgreSQL refusing
 * it. Every path parameter, query value and body string (nested ones too) with one now answers 400
 * with a Spanish message naming the field, before validation; a NUL that reaches the database some
 * other way answers 400 too (SQLSTATE 22021 / 22P05). Other odd input answers 4xx, never 500.
 */
type Injected = Awaited<ReturnType<TestApi["app"]["inject"]>>;

function expectInvalidText(response: Injected, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ message: INVALID_TEXT, errors: [{ field, message: INVALID_TEXT }] });
}

describe("seguridad: bytes NUL y entradas raras en la API", () => {
  const api = useTestApi();
  let customer: Customer;
  const guest = { authorization: "Guest 6f1c2b1e-6a86-4c1b-9d2a-3f7d3c1a9b10" };

  beforeAll(async () => {
    await insertCatalogue(api.db);
    customer = await signedInUser(api.db);
  });

  const get = (url: string) => api.app.inject({ method: "GET", url });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    api.app.inject({ method: "POST", url, payload: payload as object, headers });

  it("un NUL en la ruta de un producto responde 400, no 500", async () => {
    expectInvalidText(await get("/home/get-product/%00"), "slug");
    expectInvalidText(await get("/home/get-product/pala%00bullpadel"), "slug");
    expect((await get("/home/get-product/pala-bullpadel-vertex-04")).statusCode).toBe(200);
  });

  it("un NUL en la búsqueda y los filtros del catálogo responde 400", async () => {
    expectInvalidText(await get("/home/query-products?searchValue=pala%00"), "searchValue");
    expectInvalidText(await get("/home/query-products?category=palas%00"), "category");
    expectInvalidText(await get("/home/query-products?color=%00Negro"), "color");
    expectInvalidText(await get("/home/query-products?pageNumber=1%00"), "pageNumber");
    expectInvalidText(await get("/home/advanced-search?searchValue=%00"), "searchValue");
    expectInvalidText(await get("/home/advanced-search?searchValue=nox%00"), "searchValue");
    expect((await get("/home/query-products?searchValue=pala")).statusCode).toBe(200);
  });

  it("un NUL en un cupón responde 400, para un cliente y para un invitado", async () => {
    expectInvalidText(await post("/home/coupon/apply", { code: "REGALO\u000050" }, customer.headers), "code");
    expectInvalidText(await post("/home/coupon/apply", { code: "\u0000" }, guest), "code");
  });

  it("un NUL al iniciar sesión o registrarse responde 400, en cualquier campo", async () => {
    expectInvalidText(
      await post("/user/login", { email: "lucia\u0000@example.com", password: "Padel-2024-ok" }),
      "email",
    );
    expectInvalidText(
      await post("/user/login", { email: "lucia@example.com", password: "Padel\u00002024" }),
      "password",
    );
    expectInvalidText(
      await post("/user/register", { name: "Lucía\u0000", email: "lucia@example.com", password: "Padel-2024-ok" }),
      "name",
    );
    expectInvalidText(
      await post("/user/register", { name: "Lucía", email: "lu\u0000cia@example.com", password: "Padel-2024-ok" }),
      "email",
    );
    expectInvalidText(
      await post("/contact", {
        name: "Lucía",
        email: "lucia@example.com",
        subject: "Hola",
        message: "Un mensaje\u0000 largo",
      }),
      "message",
    );
  });

  it("un NUL en un campo anidado o en una clave responde 400 con su ruta", async () => {
    const update = (payload: unknown) =>
      api.app.inject({
        method: "PUT",
        url: "/user/profile/update",
        headers: customer.headers,
        payload: payload as object,
      });
    expectInvalidText(
      await update({ name: "Lucía", address: { line: "Calle Mayor 1", city: "Ma\u0000drid" } }),
      "address.city",
    );
    expectInvalidText(await update({ name: "Lucía", ["clave\u0000"]: "x" }), "clave\u0000");
    expectInvalidText(await post("/user/login", '"\\u0000"', { "content-type": "application/json" }), "");
  });

  it("otras entradas raras responden 4xx en español, nunca 500", async () => {
    const cases: { name: string; response: Injected; status: number }[] = [
      {
        name: "JSON mal formado",
        response: await post("/user/login", '{"email":', { "content-type": "application/json" }),
        status: 400,
      },
      {
        name: "JSON vacío",
        response: await post("/user/login", "", { "content-type": "application/json" }),
        status: 400,
      },
      {
        name: "JSON anidado 100.000 niveles",
        response: await post("/user/login", "[".repeat(100_000) + "]".repeat(100_000), {
          "content-type": "application/json",
        }),
        status: 400,
      },
      {
        name: "multipart en una ruta JSON",
        response: await post(
          "/user/login",
          '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nlucia@example.com\r\n--x--\r\n',
          { "content-type": "multipart/form-data; boundary=x" },
        ),
        status: 400,
      },
      {
        name: "texto plano en una ruta JSON",
        response: await post("/user/login", "hola", { "content-type": "text/plain" }),
        status: 400,
      },
      {
        name: "formulario en una ruta JSON",
        response: await post("/user/login", "email=a", { "content-type": "application/x-www-form-urlencoded" }),
        status: 415,
      },
      {
        name: "parámetro de ruta de 300 caracteres",
        response: await get(`/home/get-product/${"a".repeat(300)}`),
        status: 400,
      },
      { name: "codificación rota en la ruta", response: await get("/home/get-product/%E0%A4%A"), status: 400 },
      {
        name: "búsqueda de 100.000 caracteres",
        response: await get(`/home/query-products?searchValue=${"x".repeat(100_000)}`),
        status: 400,
      },
      {
        name: "página enorme",
        response: await get("/home/query-products?pageNumber=99999999999999999999"),
        status: 400,
      },
      { name: "id que no es un UUID", response: await get("/images/no-es-un-id/400.webp"), status: 400 },
    ];
    for (const { name, response, status } of cases) {
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      expect(typeof response.json().message, name).toBe("string");
    }
  });
});

describe("seguridad: un NUL que llega a PostgreSQL por otro camino responde 400", () => {
  let database: Database;
  let app: App;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ db: database.db, config: testConfig() });
    // Routes made for this test that put a NUL into SQL themselves, past the input check.
    app.get("/prueba/nul-texto", async () => database.db.execute(sql`select ${"a\u0000b"}::text`));
    app.get("/prueba/nul-json", async () => database.db.execute(sql`select ${'{"a": "\\u0000"}'}::jsonb`));
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("SQLSTATE 22021 y 22P05 se responden 400 con el mensaje en español", async () => {
    for (const url of ["/prueba/nul-texto", "/prueba/nul-json"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message: INVALID_TEXT });
    }
  });
});
