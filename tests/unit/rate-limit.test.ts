import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS, loadConfig } from "../../api/src/config";
import { addressOf } from "../../api/src/rate-limit";

describe("dirección que cuenta un límite", () => {
  it("IPv4 tal cual, también escrita como IPv6", () => {
    expect(addressOf("203.0.113.7")).toBe("203.0.113.7");
    expect(addressOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressOf("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  });

  it("IPv6 por su red /64, escriba como se escriba", () => {
    expect(addressOf("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressOf("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressOf("::1")).toBe("0:0:0:0::/64");
    expect(addressOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressOf("2001:db8:1:2:3:4:198.51.100.1")).toBe("2001:db8:1:2::/64");
  });
});

describe("límites en la configuración", () => {
  const saved = { ...process.env };
  const dataDir = mkdtempSync(path.join(tmpdir(), "mp-limits-"));

  afterEach(() => {
    process.env = { ...saved };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("RATE_LIMIT_* cambia un límite; los que no se definen toman su valor por omisión", () => {
    process.env = {
      ...saved,
      DATA_DIR: dataDir,
      RATE_LIMIT_REGISTER_PER_ADDRESS: "200",
      RATE_LIMIT_LOGIN_PER_ACCOUNT: "",
    };
    const { rateLimits } = loadConfig();
    expect(rateLimits).toEqual({ ...DEFAULT_RATE_LIMITS, register: { perAddress: 200 } });
  });

  it("un límite de 0 o que no es un número no arranca", () => {
    process.env = { ...saved, DATA_DIR: dataDir, RATE_LIMIT_CONTACT_PER_ADDRESS: "0" };
    expect(() => loadConfig()).toThrowError(
      /RATE_LIMIT_CONTACT_PER_ADDRESS: debe ser un número entero entre 1 y 1000000/,
    );
  });
});
