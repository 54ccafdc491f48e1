import { describe, expect, it } from "vitest";
import { parseRegion, readChosenRegion, REGION_COOKIE, regionCookieHeader } from "~/services/region.server";

const requestWith = (cookie?: string) =>
  new Request("http://tienda.test/", cookie ? { headers: { Cookie: cookie } } : {});

describe("la región del comprador en una cookie", () => {
  it("sin cookie no hay región elegida (se lee la de España)", async () => {
    expect(await readChosenRegion(requestWith())).toBeNull();
  });

  it("elegir Venezuela deja una cookie que se lee como Venezuela", async () => {
    const header = await regionCookieHeader("ve");
    expect(header).toMatch(new RegExp(`^${REGION_COOKIE}=`));
    expect(header).toMatch(/Max-Age=31536000/);
    expect(await readChosenRegion(requestWith(header.split(";")[0]))).toBe("ve");
  });

  it("un valor que no es una región se ignora", async () => {
    expect(parseRegion("fr")).toBeNull();
    expect(parseRegion(undefined)).toBeNull();
    expect(parseRegion("us")).toBe("us");
    const forged = (await regionCookieHeader("ve"))
      .split(";")[0]!
      .replace(/=.*/, `=${encodeURIComponent(btoa('"fr"'))}`);
    expect(await readChosenRegion(requestWith(forged))).toBeNull();
  });
});
