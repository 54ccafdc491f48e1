import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { INTERNAL_ERROR } from "#contract/messages";
import { buildApp } from "../../api/src/app";
import { openTestDatabase } from "../support/databases";
import { testConfig } from "./support";

/** pino's JSON lines, as the API writes them. */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

/**
 * A failure the API did not foresee answers 500 with a Spanish message and no details, and is
 * logged with its error and the request id the web sent, so it can be found from the web's log.
 */
describe("registro de errores de la API", () => {
  it("un 500 se registra con su error y el id de la petición; la respuesta no cuenta detalles", async () => {
    const database = await openTestDatabase();
    const { lines, stream } = logLines();
    const app = await buildApp({ db: database.db, config: testConfig(), log: { stream } });
    await app.ready();
    // A database that went away: every query now fails in a way no route expects.
    await database.close();

    const requestId = "a1b2c3d4-prueba-de-registro";
    const response = await app.inject({
      method: "GET",
      url: "/home/get-products",
      headers: { "x-request-id": requestId },
    });
    await app.close();

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: INTERNAL_ERROR });
    expect(response.headers["x-request-id"]).toBe(requestId);
    const failure = lines.find((line) => line.level === 50 && line.reqId === requestId);
    expect(failure, JSON.stringify(lines)).toBeDefined();
    expect((failure!.err as { message?: string }).message).toBeTruthy();
  });

  it("sin id de la web, la API pone uno propio y lo devuelve", async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ db: database.db, config: testConfig(), log: { stream: logLines().stream } });
    const response = await app.inject({ method: "GET", url: "/health", headers: { "x-request-id": "corto" } });
    await app.close();
    await database.close();
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
