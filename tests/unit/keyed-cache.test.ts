import { afterEach, describe, expect, it, vi } from "vitest";
import { keyedCache } from "../../api/src/modules/catalog/keyed-cache";

describe("keyedCache", () => {
  afterEach(() => vi.useRealTimers());

  it("guarda cada total por su clave durante el plazo y lo cuenta de nuevo después", async () => {
    vi.useFakeTimers();
    let counts = 0;
    const total = keyedCache<number>(30, 10);
    const count = async () => ++counts;
    expect(await total("palas", count)).toBe(1);
    expect(await total("palas", count)).toBe(1);
    expect(await total("zapatillas", count)).toBe(2);
    vi.advanceTimersByTime(30_000);
    expect(await total("palas", count)).toBe(3);
  });

  it("pasado el máximo olvida el total más antiguo", async () => {
    let counts = 0;
    const total = keyedCache<number>(30, 2);
    const count = async () => ++counts;
    await total("a", count);
    await total("b", count);
    await total("c", count);
    expect(await total("c", count)).toBe(3);
    expect(await total("b", count)).toBe(2);
    expect(await total("a", count)).toBe(4);
  });

  it("no guarda un recuento que falló", async () => {
    const total = keyedCache<number>(30, 10);
    await expect(total("palas", async () => Promise.reject(new Error("caída")))).rejects.toThrow("caída");
    expect(await total("palas", async () => 7)).toBe(7);
  });
});
