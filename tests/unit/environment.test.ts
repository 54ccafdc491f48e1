import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../api/src/config";
import { hashPassword } from "../../api/src/modules/accounts/password";

/** Each process reads its environment once; a bad value stops it with a Spanish message naming the variable. */
describe("variables de entorno", () => {
  const saved = { ...process.env };
  const dataDir = mkdtempSync(path.join(tmpdir(), "mp-env-"));

  afterEach(() => {
    process.env = { ...saved };
    vi.resetModules();
  });

  it("la API toma los valores por omisión de lo que no se define o se deja vacío", () => {
    process.env = {
      ...saved,
      DATA_DIR: dataDir,
      API_PORT: "",
      COMMISSION_PERCENT: "7",
      TRUSTED_PROXIES: "10.0.0.1, ::1",
    };
    const config = loadConfig();
    expect(config.apiPort).toBe(4000);
    expect(config.orders.commissionPercent).toBe(7);
    expect(config.trustedProxies).toEqual(["10.0.0.1", "::1"]);
    expect(config.corsOrigins).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("la API guarda las contraseñas con el coste de scrypt de producción: N=2^15, r=8, p=1", async () => {
    process.env = { ...saved, DATA_DIR: dataDir };
    const { passwordHashing } = loadConfig().accounts;
    expect(passwordHashing).toEqual({ cost: 32_768, blockSize: 8, parallelism: 1 });
    // The work factor travels in the hash: `scrypt$N$r$p$salt$key`.
    expect(await hashPassword("Padel2024", passwordHashing)).toMatch(/^scrypt\$32768\$8\$1\$/);
    // Hashing without a configuration (the demo seed) costs the same.
    expect(await hashPassword("Padel2024")).toMatch(/^scrypt\$32768\$8\$1\$/);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("la API no arranca con un valor malo y dice cuál", () => {
    process.env = { ...saved, DATA_DIR: dataDir, API_PORT: "cuatro mil", PUBLIC_WEB_URL: "tienda" };
    expect(() => loadConfig()).toThrowError(
      /API_PORT: debe ser un número entero entre 0 y 65535 \(vale «cuatro mil»\)/,
    );
    expect(() => loadConfig()).toThrowError(/PUBLIC_WEB_URL: debe ser una dirección completa/);
  });

  it("RETURN_SELLER_ANSWER_DAYS: 3 días por omisión, 0 permitido, un valor malo no arranca", () => {
    process.env = { ...saved, DATA_DIR: dataDir };
    expect(loadConfig().returns.sellerAnswerDays).toBe(3);
    process.env = { ...saved, DATA_DIR: dataDir, RETURN_SELLER_ANSWER_DAYS: "0" };
    expect(loadConfig().returns.sellerAnswerDays).toBe(0);
    process.env = { ...saved, DATA_DIR: dataDir, RETURN_SELLER_ANSWER_DAYS: "-1" };
    expect(() => loadConfig()).toThrowError(
      /RETURN_SELLER_ANSWER_DAYS: debe ser un número entero entre 0 y 365 \(vale «-1»\)/,
    );
    process.env = { ...saved, DATA_DIR: dataDir, RETURN_SELLER_ANSWER_DAYS: "tres" };
    expect(() => loadConfig()).toThrowError(/RETURN_SELLER_ANSWER_DAYS: debe ser un número entero entre 0 y 365/);
  });

  it("CORS_ORIGINS admite orígenes, no direcciones con ruta", () => {
    process.env = { ...saved, DATA_DIR: dataDir, CORS_ORIGINS: "https://app.ejemplo.com, http://127.0.0.1:5173/" };
    expect(loadConfig().corsOrigins).toEqual(["https://app.ejemplo.com", "http://127.0.0.1:5173"]);
    process.env = { ...saved, DATA_DIR: dataDir, CORS_ORIGINS: "https://app.ejemplo.com/cuenta" };
    expect(() => loadConfig()).toThrowError(/CORS_ORIGINS: debe ser una lista de orígenes/);
    process.env = { ...saved, DATA_DIR: dataDir, CORS_ORIGINS: "*" };
    expect(() => loadConfig()).toThrowError(/CORS_ORIGINS: debe ser una lista de orígenes/);
  });

  it("la web tampoco, al cargar su configuración", async () => {
    process.env = { ...saved, CHECK_API_ANSWERS: "quizá" };
    await expect(import("~/services/env.server")).rejects.toThrowError(
      /CHECK_API_ANSWERS: debe ser 1 o 0 \(vale «quizá»\)/,
    );
  });
});
