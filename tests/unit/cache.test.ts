import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedFor } from "../../api/src/cache";

describe("cachedFor", () => {
  afterEach(() => vi.useRealTimers());

  it("reutiliza la respuesta durante el plazo y la vuelve a cargar después", async () => {
    vi.useFakeTimers();
    let loads = 0;
    const read = cachedFor(30, async () => ++loads);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    vi.advanceTimersByTime(30_000);
    expect(await read()).toBe(2);
  });

  it("no guarda un error", async () => {
    let fail = true;
    const read = cachedFor(30, async () => {
      if (fail) throw new Error("caída");
      return "ok";
    });
    await expect(read()).rejects.toThrow("caída");
    fail = false;
    expect(await read()).toBe("ok");
  });

  it("con plazo cero siempre lee de nuevo", async () => {
    let loads = 0;
    const read = cachedFor(0, async () => ++loads);
    await read();
    expect(await read()).toBe(2);
  });
});
