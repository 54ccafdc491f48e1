import { describe, expect, it } from "vitest";
import { signedInUser } from "./orders-support";
import { useTestApi } from "./support";

const ALLOWED = "https://app.mercadopadel.test";
const OTHER = "https://otra-tienda.test";

/** Issue 32: CORS_ORIGINS lists the browser origins that may call the API, with credentials. */
describe("CORS: solo los orígenes de CORS_ORIGINS leen las respuestas (PGlite)", () => {
  const api = useTestApi({ config: { corsOrigins: [ALLOWED] } });

  const preflight = (origin: string, method = "PUT", headers = "authorization, content-type") =>
    api.app.inject({
      method: "OPTIONS",
      url: "/user/profile/update",
      headers: { origin, "access-control-request-method": method, "access-control-request-headers": headers },
    });

  it("un origen permitido recibe la respuesta a la consulta previa, con credenciales", async () => {
    const answer = await preflight(ALLOWED);
    expect(answer.statusCode).toBe(204);
    expect(answer.headers["access-control-allow-origin"]).toBe(ALLOWED);
    expect(answer.headers["access-control-allow-credentials"]).toBe("true");
    expect(String(answer.headers["access-control-allow-methods"])).toContain("PUT");
    expect(String(answer.headers["access-control-allow-headers"]).toLowerCase()).toContain("authorization");
  });

  it("un origen permitido lee una llamada con token, y con la cookie de sesión (credenciales)", async () => {
    const user = await signedInUser(api.db);
    const withToken = await api.app.inject({
      method: "GET",
      url: `/user/profile/${user.id}`,
      headers: { ...user.headers, origin: ALLOWED },
    });
    expect(withToken.statusCode, withToken.body).toBe(200);
    expect(withToken.headers["access-control-allow-origin"]).toBe(ALLOWED);
    expect(withToken.headers["access-control-allow-credentials"]).toBe("true");
    expect(withToken.headers.vary).toMatch(/origin/i);

    // Without a token the cookie is what a browser sends: the answer is readable by that origin too.
    const withoutToken = await api.app.inject({
      method: "GET",
      url: "/home/get-categorys",
      headers: { origin: ALLOWED, cookie: "refreshToken=cualquiera" },
    });
    expect(withoutToken.statusCode).toBe(200);
    expect(withoutToken.headers["access-control-allow-origin"]).toBe(ALLOWED);
    expect(withoutToken.headers["access-control-allow-credentials"]).toBe("true");
  });

  it("otro origen no recibe cabeceras CORS, ni en la consulta previa ni en la llamada, con o sin credenciales", async () => {
    const answer = await preflight(OTHER);
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    expect(answer.headers["access-control-allow-credentials"]).toBeUndefined();
    const user = await signedInUser(api.db);
    for (const headers of [
      { origin: OTHER },
      { ...user.headers, origin: OTHER },
      { origin: OTHER, cookie: "refreshToken=cualquiera" },
    ]) {
      const call = await api.app.inject({ method: "GET", url: `/user/profile/${user.id}`, headers });
      expect(call.headers["access-control-allow-origin"]).toBeUndefined();
      expect(call.headers["access-control-allow-credentials"]).toBeUndefined();
    }
    // An origin that only looks like the allowed one is another origin.
    expect((await preflight(`${ALLOWED}.evil.test`)).headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("CORS: sin CORS_ORIGINS ningún navegador de otro origen lee las respuestas (PGlite)", () => {
  const api = useTestApi();

  it("ni la tienda de otro origen ni uno cualquiera reciben cabeceras CORS", async () => {
    for (const origin of [ALLOWED, OTHER]) {
      const answer = await api.app.inject({ method: "GET", url: "/home/get-categorys", headers: { origin } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    }
  });
});
