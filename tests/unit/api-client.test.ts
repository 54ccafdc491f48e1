import { type IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { useFakeApi } from "../support/fake-api";
import { trialClassEndpoints } from "#contract/trial-class";

/**
 * The web's API client, against a stand-in API: it fills the path from the contract, sends the
 * request's id and the shopper's address, and (in development and tests) refuses an answer the
 * contract does not describe.
 */
describe("cliente de la API en la web", () => {
  let answer: unknown;
  const seen: { url?: string; headers?: IncomingHttpHeaders } = {};

  useFakeApi((request, response) => {
    seen.url = request.url;
    seen.headers = request.headers;
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(answer));
  });

  const trialClass = { classDate: "2026-11-28", startTime: "10:00", endTime: "11:30", capacity: 12, remaining: 3 };

  it("envía el id de la petición y la dirección del cliente, y devuelve la respuesta del contrato", async () => {
    const { callApi } = await import("~/services/api.server");
    answer = { trialClass, extra: "no está en el contrato" };
    const result = await callApi(
      { requestId: "9b7d0c4e-prueba", clientAddress: "203.0.113.7" },
      trialClassEndpoints.nextClass,
    );
    expect(seen.url).toBe("/trial-class");
    expect(seen.headers?.["x-request-id"]).toBe("9b7d0c4e-prueba");
    expect(seen.headers?.["x-forwarded-for"]).toBe("203.0.113.7");
    expect(result).toEqual({ trialClass });
  });

  it("una respuesta que no sigue el contrato es un error, no datos a medias", async () => {
    const { callApi } = await import("~/services/api.server");
    answer = { trialClass: { ...trialClass, remaining: "tres" } };
    await expect(callApi({ requestId: "9b7d0c4e-prueba" }, trialClassEndpoints.nextClass)).rejects.toThrowError(
      /GET \/trial-class no sigue el contrato/,
    );
  });
});
