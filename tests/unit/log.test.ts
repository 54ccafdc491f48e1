import { afterEach, describe, expect, it, vi } from "vitest";
import { logError, withRequestId } from "~/services/log.server";

describe("registro de errores de la web", () => {
  afterEach(() => vi.restoreAllMocks());

  it("cada línea lleva el id de la petición en curso, también tras esperar", async () => {
    const written = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failure = new Error("la API no contestó");
    await withRequestId("5f0c-prueba", async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      logError("No se pudo cargar la cartera", failure);
    });
    logError("Fuera de una petición");
    expect(written.mock.calls).toEqual([
      ["[web 5f0c-prueba] No se pudo cargar la cartera", failure],
      ["[web -] Fuera de una petición"],
    ]);
  });
});
